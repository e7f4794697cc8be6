import { isAnyOf } from '@reduxjs/toolkit';
import { sessionApi } from './sessionApi';
import { sessionEnded } from './sessionSlice';

/**
 * Nobody is signed in any more: the person logged out (even if the server call failed) or the
 * server ended the session. Every slice holding a person's data resets on this one matcher, so the
 * next person on the same browser starts afresh whichever way the last one left.
 */
export const signedOut = isAnyOf(sessionApi.endpoints.logout.matchFulfilled, sessionApi.endpoints.logout.matchRejected, sessionEnded);
