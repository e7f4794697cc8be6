import { setupListeners } from '@reduxjs/toolkit/query';
import { loadConsent } from '../features/consent/consentSlice';
import { loadSession } from '../features/session/sessionSlice';
import type { AppStore } from './store';

/** What the app asks the server once at start (spec section 4). */
export function startApp(store: AppStore): void {
  // Focus and online/offline events for the queries that ask to refetch on them (api/freshness.ts).
  setupListeners(store.dispatch);
  void store.dispatch(loadSession());
  void store.dispatch(loadConsent());
}
