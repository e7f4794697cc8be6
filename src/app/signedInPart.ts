import { chatSlice, type ChatState } from '../features/chat/chatSlice';
import { filteredEventsSlice, type FilteredEventsState } from '../features/events/filteredEventsSlice';
import { addLocationListeners, locationSlice, type LocationState } from '../features/location/locationSlice';
import { addMapThemeListeners, mapThemeSlice, type MapTheme } from '../features/map/mapThemeSlice';
import { addUnreadListeners } from '../features/unread/unreadListeners';
import { unreadSlice, type UnreadState } from '../features/unread/unreadSlice';
import type { AppStartListening } from './listener';
import { rootReducer } from './store';

/**
 * The store's signed-in part (docs/adr/0036): the slices and listeners that only a signed-in user
 * needs, with the chat, events and notifications endpoints they import. Visitors never download it;
 * `loadSignedInPart` in store.ts brings it at sign-in, before the dashboard or the socket needs it.
 */
export interface SignedInState {
  chat: ChatState;
  unread: UnreadState;
  location: LocationState;
  filteredEvents: FilteredEventsState;
  mapTheme: MapTheme;
}

/** Adds the slices to the root reducer (for every store; a slice injected twice is injected once). */
export function injectSignedInSlices(): void {
  rootReducer.inject(chatSlice);
  rootReducer.inject(unreadSlice);
  rootReducer.inject(locationSlice);
  rootReducer.inject(filteredEventsSlice);
  rootReducer.inject(mapThemeSlice);
}

/** Starts the part's listeners on one store: called once per store. */
export function addSignedInListeners(startListening: AppStartListening): void {
  addUnreadListeners(startListening);
  addMapThemeListeners(startListening);
  addLocationListeners(startListening);
}
