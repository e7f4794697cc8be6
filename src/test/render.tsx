import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { routes as appRoutes } from '../app/routes';
import { setupStore, type AppStore, type RootState } from '../app/store';
import { fakeSocketFactory } from './fakeSocket';

interface RenderOptions {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  routes?: RouteObject[];
}

/** A fresh store with a fake socket, so no test ever opens a real connection. */
export function setupTestStore(preloadedState?: Partial<RootState>) {
  const createSocket = fakeSocketFactory();
  return { store: setupStore(preloadedState, { createSocket }), sockets: createSocket.sockets };
}

/** Renders the app's real routes at `path` with a real store, the providers and a memory router. */
export function renderApp(path = '/', { preloadedState, store, routes = appRoutes }: RenderOptions = {}) {
  const appStore = store ?? setupTestStore(preloadedState).store;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={appStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store: appStore, router, user };
}
