import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser, UserStats } from '@contract/auth';
import { sessionApi } from './sessionApi';

export interface SessionState {
  user: SessionUser | null;
  stats: UserStats | null;
  /** True until the start-up check has said who (if anybody) is signed in. */
  loading: boolean;
  /** The server ended the session; SessionEndedRedirect takes the person to /login, then clears it. */
  ended?: boolean;
  /**
   * The person is leaving on purpose (logout, account deletion): the server's `sessionEnded` for
   * that same session is their own doing, not news. Cleared when logout settles, a deletion fails,
   * or someone logs in.
   */
  leaving?: boolean;
  /**
   * The person logged out in this tab. The guard then sends any signed-in page still on screen home
   * (`/`), as the Wyloguj się button does, not to /login: whichever of the two navigations React
   * commits last, the person lands on the same page. Cleared when someone signs in.
   */
  loggedOut?: boolean;
}

/** Mutations by which a person ends their own session. */
const LEAVING_ENDPOINTS = new Set(['logout', 'deleteAccount']);
type MutationAction = { type: string; meta?: { arg?: { endpointName?: string } } };
const leavingMutation = (phase: 'pending' | 'fulfilled' | 'rejected') => (action: unknown): action is MutationAction => {
  const a = action as MutationAction;
  return typeof a.type === 'string' && a.type.endsWith(`/executeMutation/${phase}`) && LEAVING_ENDPOINTS.has(a.meta?.arg?.endpointName ?? '');
};

const initialState: SessionState = { user: null, stats: null, loading: true };

/** Spec section 4 "Session": the current user, then their stats (none if that call fails). */
export const loadSession = createAsyncThunk('session/load', async (_: void, { dispatch }) => {
  const fresh = { subscribe: false, forceRefetch: true } as const;
  const userResult = await dispatch(sessionApi.endpoints.getCurrentUser.initiate(undefined, fresh));
  const user = userResult.data?.user ?? null;
  if (!user) return { user: null, stats: null };
  const statsResult = await dispatch(sessionApi.endpoints.getCurrentStats.initiate(undefined, fresh));
  return { user, stats: statsResult.data?.stats ?? null };
});

const { login, loginSecondStep, logout, getCurrentStats } = sessionApi.endpoints;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The server answered a changed user (profile edit, new avatar, Google sign-in): shown at once everywhere. */
    userUpdated(state, { payload }: PayloadAction<SessionUser>) {
      state.user = payload;
      state.loading = false;
    },
    /**
     * The server no longer knows the session (a 401 on a call that needs one, a socket refused as
     * 'unauthorized', or its `sessionEnded` event). Listeners reset the API cache; the socket
     * middleware closes the connection because nobody is signed in any more.
     */
    sessionEnded(state) {
      if (!state.user || state.leaving) return;
      state.user = null;
      state.stats = null;
      state.loading = false;
      state.ended = true;
    },
    /** The redirect to /login happened. */
    sessionEndHandled(state) {
      delete state.ended;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSession.pending, (state) => {
        state.loading = true;
      })
      .addCase(loadSession.fulfilled, (state, { payload }) => {
        state.user = payload.user;
        state.stats = payload.stats;
        state.loading = false;
      })
      .addCase(loadSession.rejected, (state) => {
        state.user = null;
        state.stats = null;
        state.loading = false;
      })
      .addMatcher(isAnyOf(login.matchFulfilled, loginSecondStep.matchFulfilled), (state, { payload }) => {
        // A password alone of an account with two-factor sign-in gives no session yet.
        if ('secondStep' in payload) return;
        const { msg: _msg, ...user } = payload;
        state.user = user;
        state.loading = false;
        delete state.ended;
        delete state.loggedOut;
      })
      .addMatcher(leavingMutation('pending'), (state) => {
        state.leaving = true;
      })
      // A finished deletion keeps it: the logout that follows settles it.
      .addMatcher(isAnyOf(leavingMutation('rejected'), logout.matchFulfilled, login.matchFulfilled, loginSecondStep.matchFulfilled), (state) => {
        delete state.leaving;
      })
      .addMatcher(getCurrentStats.matchFulfilled, (state, { payload }) => {
        if (state.user) state.stats = payload.stats;
      })
      // The person asked to leave: the UI signs out even if the server call failed.
      .addMatcher(isAnyOf(logout.matchFulfilled, logout.matchRejected), (state) => {
        state.user = null;
        state.stats = null;
        state.loading = false;
        state.loggedOut = true;
      });
  },
});

export const { userUpdated, sessionEnded, sessionEndHandled } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
