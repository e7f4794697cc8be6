import { Component, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { routes as appRoutes } from './routes';

interface BoundaryProps {
  /** A new location clears the error, as the data router's errorElement did. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/** A page that throws (or a page chunk that cannot be loaded) shows the ERROR page until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * The app's routes under a `<BrowserRouter>` (or a test's `<MemoryRouter>`). The declarative router
 * is ~15 KB lighter than the data router, whose loaders and actions the app does not use
 * (docs/adr/0035); the one thing it took from it, errorElement, is the boundary above.
 */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}
