import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../api/api';
import { listTag } from '../api/tags';
import { sessionApi } from '../features/session/sessionApi';
import { API, testUser } from '../test/fixtures';
import { setupTestStore } from '../test/render';
import { server } from '../test/server';

const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTestEvents: build.query<unknown, void>({ query: () => '/test/events', providesTags: [listTag('Event')] }),
  }),
});

const signedInState = { session: { user: testUser, stats: null, loading: false } };

describe('socket middleware', () => {
  it('opens one connection when a user is signed in and none while signed out', async () => {
    const signedOut = setupTestStore({ session: { user: null, stats: null, loading: false } });
    signedOut.store.dispatch({ type: 'any/action' });
    const signedIn = setupTestStore(signedInState);
    signedIn.store.dispatch({ type: 'any/action' });
    signedIn.store.dispatch({ type: 'another/action' });
    await waitFor(() => expect(signedIn.sockets).toHaveLength(1));
    expect(signedOut.sockets).toHaveLength(0);
  });

  it('reports connect and disconnect in the realtime state', async () => {
    const { store, sockets } = setupTestStore(signedInState);
    store.dispatch({ type: 'any/action' });
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0].serverEmit('connect');
    expect(store.getState().realtime.status).toBe('online');
    sockets[0].serverEmit('disconnect', 'transport close');
    expect(store.getState().realtime.status).toBe('offline');
  });

  it('refetches list queries after a reconnect, not after the first connect', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/test/events`, () => {
        calls += 1;
        return HttpResponse.json({ events: [] });
      }),
    );
    const { store, sockets } = setupTestStore(signedInState);
    const subscription = store.dispatch(eventsApi.endpoints.listTestEvents.initiate());
    await subscription;
    await waitFor(() => expect(sockets).toHaveLength(1));
    await act(async () => sockets[0].serverEmit('connect'));
    expect(calls).toBe(1);
    sockets[0].serverEmit('disconnect', 'ping timeout');
    sockets[0].serverEmit('connect');
    await waitFor(() => expect(calls).toBe(2));
    subscription.unsubscribe();
  });

  it('closes the connection on logout', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: 'ok' })));
    const { store, sockets } = setupTestStore(signedInState);
    store.dispatch({ type: 'any/action' });
    await waitFor(() => expect(sockets).toHaveLength(1));
    await store.dispatch(sessionApi.endpoints.logout.initiate());
    expect(sockets[0].disconnected).toBe(true);
  });
});
