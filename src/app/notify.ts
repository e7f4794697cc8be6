import { enqueueSnackbar, type SnackbarOrigin } from 'notistack';
import { NOTICE_MS } from '@contract/constants';

export type FeedbackVariant = 'success' | 'error' | 'info' | 'warning';

/** The spec's notices: top centre, 2.5 s (3 s in settings: pass SETTINGS_NOTICE_MS). */
export const NOTICE_ORIGIN: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

export function notice(message: string, variant: FeedbackVariant = 'info', durationMs: number = NOTICE_MS): void {
  enqueueSnackbar(message, { variant, anchorOrigin: NOTICE_ORIGIN, autoHideDuration: durationMs, preventDuplicate: true });
}

/** The toast area: the provider's defaults (top right, 5 s). */
export function toast(message: string, variant: FeedbackVariant = 'error'): void {
  enqueueSnackbar(message, { variant });
}
