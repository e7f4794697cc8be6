import { useEffect } from 'react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { TOAST_MS } from '@contract/constants';
import { attachToaster } from './notify';
import { ToastContent } from './ToastContent';
import './Toaster.css';

const CONTENT = { default: ToastContent, success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent };

/** The snackbar host, loaded with the first notice: toasts top right for 5 s; notices pick their own placement. */
export function Toaster() {
  useEffect(() => attachToaster(({ message, ...options }) => void enqueueSnackbar(message, options)), []);
  return (
    <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} maxSnack={4}
      Components={CONTENT}
      classes={{ containerAnchorOriginTopCenter: 'toast-area toast-area-top', containerAnchorOriginTopRight: 'toast-area toast-area-top' }} />
  );
}
