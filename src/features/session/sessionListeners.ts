import { isAnyOf } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import type { AppStartListening } from '../../app/listener';
import { sessionApi } from './sessionApi';

const { login, logout, getCurrentStats } = sessionApi.endpoints;

export function addSessionListeners(startListening: AppStartListening): void {
  // The login answer is the user; the stats come from their own call.
  startListening({
    matcher: login.matchFulfilled,
    effect: async (_action, { dispatch }) => {
      await dispatch(getCurrentStats.initiate(undefined, { subscribe: false, forceRefetch: true }));
    },
  });
  // Nothing cached for one account may show up for the next one.
  startListening({
    matcher: isAnyOf(logout.matchFulfilled, logout.matchRejected),
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
}
