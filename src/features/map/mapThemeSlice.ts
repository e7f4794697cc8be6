import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listener';

export type MapTheme = 'light' | 'dark';

/** localStorage key of the spec (section 3, "Map theme"). */
export const MAP_THEME_KEY = 'mapTheme';
export const DEFAULT_MAP_THEME: MapTheme = 'dark';

function isMapTheme(value: unknown): value is MapTheme {
  return value === 'light' || value === 'dark';
}

/** The stored theme, or dark; storage may be unavailable (private mode, blocked cookies). */
export function readStoredMapTheme(): MapTheme {
  try {
    const stored = globalThis.localStorage?.getItem(MAP_THEME_KEY);
    return isMapTheme(stored) ? stored : DEFAULT_MAP_THEME;
  } catch {
    return DEFAULT_MAP_THEME;
  }
}

export const mapThemeSlice = createSlice({
  name: 'mapTheme',
  initialState: readStoredMapTheme as () => MapTheme,
  reducers: {
    setMapTheme: (_state, action: PayloadAction<MapTheme>) => (isMapTheme(action.payload) ? action.payload : DEFAULT_MAP_THEME),
  },
});

export const { setMapTheme } = mapThemeSlice.actions;
export const mapThemeReducer = mapThemeSlice.reducer;
export const selectMapTheme = (state: { mapTheme: MapTheme }) => state.mapTheme;

/** The reducer stays pure; writing to localStorage is a side effect, so it lives in a listener. */
export function addMapThemeListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: setMapTheme,
    effect: (_action, { getState }) => {
      try {
        globalThis.localStorage?.setItem(MAP_THEME_KEY, getState().mapTheme);
      } catch {
        // Storage full or blocked: the theme still applies for this visit.
      }
    },
  });
}
