import { isAnyOf, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import type { AppStartListening } from '../../app/listener';
import { sessionApi } from './sessionApi';
import { sessionEnded } from './sessionSlice';

const { login, loginSecondStep, logout, getCurrentStats } = sessionApi.endpoints;

/**
 * Calls that do not need a session: a 401 from them is an answer about what was typed (a wrong
 * password), never a sign that the session ended. Logout is here too: the person is leaving anyway.
 */
const SESSIONLESS_ENDPOINTS = new Set([
  'login', 'loginSecondStep', 'register', 'requestPasswordReset', 'resetPassword', 'loginWithGoogle', 'completeGoogleSignUp', 'getAuthProviders', 'logout',
]);

/** A rejected API call whose answer says the session is gone. */
export function isSessionRejection(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action)) return false;
  const status = (action.payload as { status?: unknown } | undefined)?.status;
  if (status !== 401) return false;
  const name = (action.meta as { arg?: { endpointName?: unknown } }).arg?.endpointName;
  return typeof name === 'string' && !SESSIONLESS_ENDPOINTS.has(name);
}

export function addSessionListeners(startListening: AppStartListening): void {
  // The login answer is the user; the stats come from their own call.
  startListening({
    // A password alone of a two-factor account is no sign-in yet.
    predicate: (action) =>
      loginSecondStep.matchFulfilled(action) || (login.matchFulfilled(action) && !('secondStep' in action.payload)),
    effect: async (_action, { dispatch }) => {
      await dispatch(getCurrentStats.initiate(undefined, { subscribe: false, forceRefetch: true }));
    },
  });
  // Any 401 from a call that needs a session, while the store thinks someone is signed in, ends it.
  startListening({
    predicate: (action, state) => Boolean(state.session.user) && isSessionRejection(action),
    effect: (_action, { dispatch }) => {
      dispatch(sessionEnded());
    },
  });
  // Nothing cached for one account may show up for the next one.
  startListening({
    matcher: isAnyOf(logout.matchFulfilled, logout.matchRejected, sessionEnded),
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
}
