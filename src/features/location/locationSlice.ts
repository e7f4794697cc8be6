import { createAsyncThunk, createSelector, createSlice } from '@reduxjs/toolkit';
import { signedOut } from '../session/signedOut';
import { DEFAULT_LOCATION } from '@contract/constants';
import type { StoredLocation } from '@contract/location';
import type { AppStartListening } from '../../app/listener';
import { browserPosition } from './browserPosition';
import { locationApi } from './locationApi';

export type GeolocationState = 'idle' | 'asking' | 'granted' | 'unavailable';

export interface LocationState {
  /** The saved location as the server last answered it (null until it has). */
  stored: StoredLocation | null;
  loaded: boolean;
  geolocation: GeolocationState;
  /** 'Nie zgadzam się': the popup stays closed for the rest of the visit. */
  popupDismissed: boolean;
}

const EMPTY: StoredLocation = { latitude: null, longitude: null, City: null, region: null, Country: null };
/** 'Nie zgadzam się' holds for the browser tab's session, reloads included. */
const DISMISSED_KEY = 'locationPopupDismissed';

function readDismissed(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Sign-out: the next person on this tab has not declined anything. */
export function forgetPopupDismissed(): void {
  try {
    globalThis.sessionStorage?.removeItem(DISMISSED_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

export function rememberPopupDismissed(): void {
  try {
    globalThis.sessionStorage?.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: the popup stays closed until the next reload.
  }
}

const initialState = (): LocationState => ({ stored: null, loaded: false, geolocation: 'idle', popupDismissed: readDismissed() });

interface LocationRoot {
  location: LocationState;
}

/**
 * Spec section 4, "Geolocation": on entering the dashboard, without a saved location, ask the
 * browser once per visit and save what it says (the server names the nearest town).
 */
export const locateUser = createAsyncThunk<void, void, { state: LocationRoot }>('location/locate', async (_arg, { dispatch, getState }) => {
  const saved = await dispatch(locationApi.endpoints.getLocation.initiate(undefined, { subscribe: false, forceRefetch: true }));
  if (saved.data?.latitude != null || getState().location.geolocation !== 'idle') return;
  dispatch(locationSlice.actions.geolocationAsked());
  const position = await browserPosition();
  if (!position) {
    dispatch(locationSlice.actions.geolocationFailed());
    return;
  }
  const result = await dispatch(locationApi.endpoints.setLocation.initiate(position));
  dispatch(result.data ? locationSlice.actions.geolocationGranted() : locationSlice.actions.geolocationFailed());
});

export const locationSlice = createSlice({
  name: 'location',
  initialState,
  reducers: {
    geolocationAsked(state) {
      state.geolocation = 'asking';
    },
    geolocationGranted(state) {
      state.geolocation = 'granted';
    },
    geolocationFailed(state) {
      state.geolocation = 'unavailable';
    },
    locationPopupDismissed(state) {
      state.popupDismissed = true;
    },
  },
  extraReducers: (builder) => {
    const { getLocation, setLocation, clearLocation } = locationApi.endpoints;
    builder
      .addMatcher(getLocation.matchFulfilled, (state, { payload }) => {
        state.stored = payload;
        state.loaded = true;
      })
      .addMatcher(getLocation.matchRejected, (state) => {
        state.loaded = true;
      })
      .addMatcher(setLocation.matchFulfilled, (state, { payload }) => {
        state.stored = payload;
      })
      .addMatcher(clearLocation.matchFulfilled, (state) => {
        state.stored = EMPTY;
      })
      // The next person to sign in on this tab starts afresh: no location, no "Nie zgadzam się" (docs/adr/0075).
      .addMatcher(signedOut, () => ({
        ...initialState(),
        popupDismissed: false,
      }));
  },
});

export const { locationPopupDismissed } = locationSlice.actions;
export const locationReducer = locationSlice.reducer;

export function hasCoordinates(location: StoredLocation | null): location is StoredLocation & { latitude: number; longitude: number } {
  return location?.latitude != null && location.longitude != null;
}

/** The map's home: the saved location, else Warsaw (spec section 3, "Location"). */
export const selectHomePosition = createSelector([(state: LocationRoot) => state.location.stored], (stored) =>
  hasCoordinates(stored)
    ? { latitude: stored.latitude, longitude: stored.longitude }
    : { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude },
);

/** The popup shows while nothing is saved and the person has not said no. */
export function selectShowLocationPopup(state: LocationRoot): boolean {
  const { loaded, stored, popupDismissed } = state.location;
  return loaded && !hasCoordinates(stored) && !popupDismissed;
}

/** Sign-out forgets the tab's "Nie zgadzam się" with the rest of the person's location state. */
export function addLocationListeners(startListening: AppStartListening): void {
  startListening({
    matcher: signedOut,
    effect: () => forgetPopupDismissed(),
  });
}
