import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { errorToastText } from '../api/errorToasts';
import { isSessionRejection } from '../features/session/sessionListeners';
import { toast } from './notify';

function endpointName(meta: unknown): string | undefined {
  const arg = (meta as { arg?: { endpointName?: unknown } } | undefined)?.arg;
  return typeof arg?.endpointName === 'string' ? arg.endpointName : undefined;
}

/** The one place where failed API calls turn into the spec's error toasts. */
export const errorToastMiddleware: Middleware = () => (next) => (action) => {
  // An ended session is told once, on the login page (session/sessionEnded), not as a toast per call.
  if (isRejectedWithValue(action) && !isSessionRejection(action)) {
    const name = endpointName(action.meta);
    const text = name ? errorToastText(name, action.payload) : undefined;
    if (text) toast(text, 'error');
  }
  return next(action);
};
