import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { chatReducer } from '../features/chat/chatSlice';
import { consentReducer } from '../features/consent/consentSlice';
import { addConsentListeners } from '../features/consent/consentListeners';
import { dashboardReducer } from '../features/dashboard/dashboardSlice';
import { filteredEventsReducer } from '../features/events/filteredEventsSlice';
import { locationReducer } from '../features/location/locationSlice';
import { addMapThemeListeners, mapThemeReducer } from '../features/map/mapThemeSlice';
import { sessionReducer } from '../features/session/sessionSlice';
import { addSessionListeners } from '../features/session/sessionListeners';
import { addUnreadListeners } from '../features/unread/unreadListeners';
import { unreadReducer } from '../features/unread/unreadSlice';
import { realtimeReducer } from '../realtime/realtimeSlice';
import { createSocketMiddleware, type SocketFactory } from '../realtime/socketMiddleware';
import { errorToastMiddleware } from './errorToastMiddleware';
import type { AppStartListening } from './listener';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
  consent: consentReducer,
  dashboard: dashboardReducer,
  realtime: realtimeReducer,
  chat: chatReducer,
  unread: unreadReducer,
  location: locationReducer,
  filteredEvents: filteredEventsReducer,
  mapTheme: mapThemeReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** Tests pass a fake socket; the app uses socket.io-client. */
  createSocket?: SocketFactory;
}

/** A fresh store (and fresh listeners) per call, so every test gets its own. */
export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening as AppStartListening;
  addSessionListeners(startListening);
  addConsentListeners(startListening);
  addUnreadListeners(startListening);
  addMapThemeListeners(startListening);
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault()
        .prepend(listener.middleware)
        .concat(api.middleware, errorToastMiddleware, createSocketMiddleware(options.createSocket)),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
