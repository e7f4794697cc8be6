import { combineSlices, configureStore, createAction, createListenerMiddleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { consentSlice } from '../features/consent/consentSlice';
import { addConsentListeners } from '../features/consent/consentListeners';
import { dashboardSlice } from '../features/dashboard/dashboardSlice';
import { sessionSlice } from '../features/session/sessionSlice';
import { addSessionListeners } from '../features/session/sessionListeners';
import { realtimeSlice } from '../realtime/realtimeSlice';
import { createSocketMiddleware, type SocketFactory } from '../realtime/socketMiddleware';
import { errorToastMiddleware } from './errorToastMiddleware';
import type { AppStartListening } from './listener';
import type * as SignedInPartModule from './signedInPart';
import type { SignedInState } from './signedInPart';

/** What every page needs; the signed-in part's slices are injected when it loads (signedInPart.ts). */
const staticReducer = combineSlices(api, sessionSlice, consentSlice, dashboardSlice, realtimeSlice);
export const rootReducer = staticReducer.withLazyLoadedSlices<SignedInState>();

/**
 * The whole state. The signed-in slices are typed as present: what reads them renders or runs only
 * after `loadSignedInPart` (the dashboard behind RequireAuth, the bell, the socket's chat handlers).
 */
export type RootState = ReturnType<typeof staticReducer> & SignedInState;

/** Dispatched once the signed-in part is in, so its slices get their first state. */
export const signedInPartLoaded = createAction('app/signedInPartLoaded');

export interface StoreOptions {
  /** Tests pass a fake socket; the app uses socket.io-client. */
  createSocket?: SocketFactory;
  /** Tests pass the signed-in part itself, so it is there from the start; the app downloads it at sign-in. */
  signedInPart?: typeof SignedInPartModule;
  /**
   * When Redux Toolkit's development checks warn that they took long. Tests on a busy machine raise
   * it: the time says nothing about the code, and a warning fails a client test (src/test/console.ts).
   */
  checksWarnAfterMs?: number;
}

const signedInParts = new WeakMap<object, () => Promise<void>>();

/** A fresh store (and fresh listeners) per call, so every test gets its own. */
export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const listener = createListenerMiddleware();
  const startListening = listener.startListening as AppStartListening;
  addSessionListeners(startListening);
  addConsentListeners(startListening);

  let part: Promise<void> | undefined;
  if (options.signedInPart) {
    options.signedInPart.injectSignedInSlices();
    options.signedInPart.addSignedInListeners(startListening);
    part = Promise.resolve();
  }
  const loadPart = (): Promise<void> => {
    if (!part) {
      const loading = import('./signedInPart').then((m) => {
        m.injectSignedInSlices();
        m.addSignedInListeners(startListening);
        store.dispatch(signedInPartLoaded());
      });
      // A failed download (offline) is tried again by the next caller.
      loading.catch(() => {
        if (part === loading) part = undefined;
      });
      part = loading;
    }
    return part;
  };

  const store = configureStore({
    reducer: rootReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) =>
      getDefault(
        options.checksWarnAfterMs
          ? { immutableCheck: { warnAfter: options.checksWarnAfterMs }, serializableCheck: { warnAfter: options.checksWarnAfterMs } }
          : {},
      )
        .prepend(listener.middleware)
        .concat(api.middleware, errorToastMiddleware, createSocketMiddleware(options.createSocket, loadPart)),
  });
  signedInParts.set(store, loadPart);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];

/** The signed-in part of this store's state and listeners: downloaded and attached once, on first call. */
export function loadSignedInPart(store: AppStore): Promise<void> {
  const load = signedInParts.get(store);
  if (!load) throw new Error('loadSignedInPart: not a store made by setupStore');
  return load();
}

/** Whether the signed-in part's slices are in this state yet. */
export const selectSignedInPartLoaded = (state: RootState): boolean => (state as Partial<RootState>).unread !== undefined;
