import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import { TOAST_MS } from '@contract/constants';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Redux and the snackbar host: toasts top right for 5 s; notices pick their own placement (notify.ts). */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} maxSnack={4}>
        {children}
      </SnackbarProvider>
    </Provider>
  );
}
