import type { SnackbarOrigin } from 'notistack';
import { NOTICE_MS } from '@contract/constants';

export type FeedbackVariant = 'success' | 'error' | 'info' | 'warning';

/** The spec's notices: top centre, 2.5 s (3 s in settings: pass SETTINGS_NOTICE_MS). */
export const NOTICE_ORIGIN: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

export interface Feedback {
  message: string;
  variant: FeedbackVariant;
  anchorOrigin?: SnackbarOrigin;
  autoHideDuration?: number;
  preventDuplicate?: boolean;
}

/*
 * notistack is not part of the first download (docs/adr/0035): the first notice asks the app to
 * mount the toaster (AppProviders), which waits here until it is there and then shows everything.
 */
let show: ((feedback: Feedback) => void) | null = null;
const waiting: Feedback[] = [];
let wanted = false;
const wantedListeners = new Set<() => void>();

function deliver(feedback: Feedback): void {
  if (show) return show(feedback);
  waiting.push(feedback);
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: whether anything has asked to be shown yet. */
export function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}
export const isToasterWanted = () => wanted;

/** The mounted toaster takes over: what waited is shown at once, the rest as it comes. */
export function attachToaster(showFeedback: (feedback: Feedback) => void): () => void {
  show = showFeedback;
  waiting.splice(0).forEach(showFeedback);
  return () => {
    if (show === showFeedback) show = null;
  };
}

export function notice(message: string, variant: FeedbackVariant = 'info', durationMs: number = NOTICE_MS): void {
  deliver({ message, variant, anchorOrigin: NOTICE_ORIGIN, autoHideDuration: durationMs, preventDuplicate: true });
}

/** The toast area: the provider's defaults (top right, 5 s). */
export function toast(message: string, variant: FeedbackVariant = 'error'): void {
  deliver({ message, variant });
}
