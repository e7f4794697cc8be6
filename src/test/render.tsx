import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter, useLocation, useNavigate, useNavigationType, type Location, type NavigateOptions, type NavigationType,
  type RouteObject, type To,
} from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { routes as appRoutes } from '../app/routes';
import * as signedInPart from '../app/signedInPart';
import { setupStore, type AppStore, type RootState } from '../app/store';
import { fakeSocketFactory } from './fakeSocket';

interface RenderOptions {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  routes?: RouteObject[];
}

/** What tests read of the router: where it is, how it got there, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate(to: To, options?: NavigateOptions): Promise<void>;
}

function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  router.state = { location, historyAction };
  router.navigate = (to, options) =>
    act(async () => {
      await navigate(to, options);
    });
  return null;
}

/** A fresh store with a fake socket, so no test ever opens a real connection, and its signed-in part in from the start. */
export function setupTestStore(preloadedState?: Partial<RootState>) {
  const createSocket = fakeSocketFactory();
  return { store: setupStore(preloadedState, { createSocket, signedInPart, checksWarnAfterMs: 5000 }), sockets: createSocket.sockets };
}

/** Renders the app's real routes at `path` with a real store, the providers and a memory router. */
export function renderApp(path = '/', { preloadedState, store, routes = appRoutes }: RenderOptions = {}) {
  const appStore = store ?? setupTestStore(preloadedState).store;
  const router = {} as TestRouter;
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={appStore}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe router={router} />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store: appStore, router, user };
}
