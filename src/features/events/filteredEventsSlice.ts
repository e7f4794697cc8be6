import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../session/signedOut';
import { DEFAULT_LOCATION } from '@contract/constants';
import type { SearchInput } from '@contract/events';
import type { RootState } from '../../app/store';
import { eventsApi } from './eventsApi';

/** Everything the find-event screen remembers between visits; the events themselves stay in the API cache. */
export interface FilteredEventsState {
  center: { latitude: number; longitude: number } | null;
  searchRadius: number;
  /** The last search's request, which keys its cache entry. */
  query: SearchInput | null;
  /** '' means every game type. */
  gameType: string;
  total: number;
  /** The server counted only up to `total`: there are at least that many (shown as "100+"). */
  totalIsLowerBound: boolean;
}

const initialState: FilteredEventsState = {
  center: null,
  searchRadius: DEFAULT_LOCATION.distance,
  query: null,
  gameType: '',
  total: 0,
  totalIsLowerBound: false,
};

export const filteredEventsSlice = createSlice({
  name: 'filteredEvents',
  initialState,
  reducers: {
    searchSubmitted(state, action: PayloadAction<{ query: SearchInput; center: FilteredEventsState['center'] }>) {
      state.query = action.payload.query;
      state.center = action.payload.center;
      state.searchRadius = Number(action.payload.query.distance ?? DEFAULT_LOCATION.distance);
    },
    gameTypeFilterChanged(state, action: PayloadAction<string>) {
      state.gameType = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(eventsApi.endpoints.searchEvents.matchFulfilled, (state, { payload, meta }) => {
      // Only the answer to the search on screen counts, not a late one for an older search.
      if (JSON.stringify(meta.arg.originalArgs) !== JSON.stringify(state.query)) return;
      // The last page counted furthest (its total is exact at least to its own end).
      const last = payload.pages[payload.pages.length - 1];
      state.total = last?.total ?? 0;
      state.totalIsLowerBound = last?.totalIsLowerBound ?? false;
    });
    builder.addMatcher(signedOut, () => initialState);
  },
});

export const { searchSubmitted, gameTypeFilterChanged } = filteredEventsSlice.actions;
export const filteredEventsReducer = filteredEventsSlice.reducer;

const selectSearchResult = (state: RootState) =>
  state.filteredEvents.query ? eventsApi.endpoints.searchEvents.select(state.filteredEvents.query)(state).data : undefined;

const NO_PAGES: { events: { _id: string; gameType: string }[] }[] = [];

/** How many games the pages fetched so far hold, whatever their type. */
export const selectLoadedCount = createSelector([selectSearchResult], (result) =>
  (result?.pages ?? NO_PAGES).reduce((n, page) => n + page.events.length, 0),
);

/** The last search's events in the server's order (nearest first), every page fetched, narrowed to the chosen game type. */
export const selectFilteredEvents = createSelector(
  [selectSearchResult, (state: RootState) => state.filteredEvents.gameType],
  (result, gameType) => (result?.pages ?? []).flatMap((page) => page.events).filter((e) => !gameType || e.gameType === gameType),
);
