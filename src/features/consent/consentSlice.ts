import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConsentPreferences } from '@contract/consent';
import { DEFAULT_CONSENT, readConsentResponse, type ConsentCategory } from '@contract/plain/consent';
import { consentApi } from './consentApi';

export interface ConsentState {
  preferences: ConsentPreferences;
  /** The popup is showing. */
  isOpened: boolean;
  /** A choice has been made (accept all, reject or accept selected). */
  isAccepted: boolean;
  /** The server holds a stored choice. */
  exists: boolean;
}

const initialState: ConsentState = { preferences: DEFAULT_CONSENT, isOpened: false, isAccepted: false, exists: false };

/** Spec section 4 "Cookie consent": the stored choice, or null when there is none (or the call failed). */
export const loadConsent = createAsyncThunk('consent/load', async (_: void, { dispatch }) => {
  const result = await dispatch(consentApi.endpoints.getConsent.initiate(undefined, { subscribe: false, forceRefetch: true }));
  // Read without zod, which the landing page does not download (docs/adr/0035).
  return readConsentResponse(result.data);
});

function choose(state: ConsentState, preferences: ConsentPreferences) {
  state.preferences = preferences;
  state.isOpened = false;
  state.isAccepted = true;
}

function askForConsent(state: ConsentState) {
  state.exists = false;
  if (!state.isAccepted) state.isOpened = true;
}

export const consentSlice = createSlice({
  name: 'consent',
  initialState,
  reducers: {
    allAccepted(state) {
      choose(state, { necessary: true, functional: true, analytics: true, marketing: true, social: true });
    },
    optionalRejected(state) {
      choose(state, DEFAULT_CONSENT);
    },
    preferenceSet(state, { payload }: PayloadAction<{ category: ConsentCategory; value: boolean }>) {
      state.preferences[payload.category] = payload.value;
    },
    selectedAccepted(state) {
      choose(state, state.preferences);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadConsent.fulfilled, (state, { payload }) => {
        if (!payload) return askForConsent(state);
        state.preferences = payload;
        state.exists = true;
        state.isAccepted = true;
        state.isOpened = false;
      })
      .addCase(loadConsent.rejected, askForConsent)
      .addMatcher(consentApi.endpoints.saveConsent.matchFulfilled, (state) => {
        state.exists = true;
      });
  },
});

export const { allAccepted, optionalRejected, preferenceSet, selectedAccepted } = consentSlice.actions;
export const consentReducer = consentSlice.reducer;
