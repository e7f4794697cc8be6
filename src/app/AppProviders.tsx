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

/** Redux and, once needed, the snackbar host inside the polite live region of notices. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      {children}
      {/* The polite live region of notices and toasts, on the page before the first one comes
          (a region inserted together with its text is not reliably heard): docs/adr/0095. */}
      <div aria-live="polite" aria-relevant="additions text">
        <LazyToaster />
      </div>
    </Provider>
  );
}
