import { loadConsent } from '../features/consent/consentSlice';
import { loadSession } from '../features/session/sessionSlice';
import type { AppStore } from './store';

/** What the app asks the server once at start (spec section 4). */
export function startApp(store: AppStore): void {
  void store.dispatch(loadSession());
  void store.dispatch(loadConsent());
}
