import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { isToasterWanted, subscribeToasterWanted } from './notify';
import type { AppStore } from './store';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** notistack (the toaster) arrives with the first notice or toast (notify.ts, docs/adr/0035). */
function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, isToasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Redux and, once needed, the snackbar host. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      {children}
      <LazyToaster />
    </Provider>
  );
}
