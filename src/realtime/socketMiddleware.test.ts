import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../api/api';
import { listTag } from '../api/tags';
import { sessionApi } from '../features/session/sessionApi';
import { idTag } from '../api/tags';
import { renderApp } from '../test/render';
import { screen } from '@testing-library/react';
import { API, testUser } from '../test/fixtures';
import { setupTestStore } from '../test/render';
import { server } from '../test/server';
import type { FakeSocket } from '../test/fakeSocket';
import { CREATED_THROTTLE_MS, retryDelay } from './socketMiddleware';

const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTestEvents: build.query<unknown, void>({ query: () => '/test/events', providesTags: [listTag('Event')] }),
    getTestEvent: build.query<unknown, string>({ query: (id) => `/test/events/${id}`, providesTags: (_r, _e, id) => [idTag('Event', id)] }),
    getTestRanking: build.query<unknown, void>({ query: () => '/test/ranking', providesTags: [listTag('Ranking')] }),
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
    expect(store.getState().realtime.status).toBe('connecting');
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

  it('turns eventChanged into refetches: the game on update, the ranking only after the game ended', async () => {
    const calls = { event: 0, ranking: 0 };
    server.use(
      http.get(`${API}/test/events/e-1`, () => {
        calls.event += 1;
        return HttpResponse.json({});
      }),
      http.get(`${API}/test/ranking`, () => {
        calls.ranking += 1;
        return HttpResponse.json({});
      }),
    );
    const { store, sockets } = setupTestStore(signedInState);
    const event = store.dispatch(eventsApi.endpoints.getTestEvent.initiate('e-1'));
    const ranking = store.dispatch(eventsApi.endpoints.getTestRanking.initiate());
    await Promise.all([event, ranking]);
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0].serverEmit('eventChanged', { eventId: 'e-1', change: 'updated' });
    await waitFor(() => expect(calls.event).toBe(2));
    expect(calls.ranking).toBe(1);
    sockets[0].serverEmit('eventChanged', { eventId: 'e-2', change: 'updated' });
    sockets[0].serverEmit('eventChanged', { eventId: 'e-1', change: 'nonsense' });
    sockets[0].serverEmit('eventChanged', 'e-1');
    sockets[0].serverEmit('eventChanged', { eventId: 'e-1', change: 'completed' });
    await waitFor(() => expect(calls.ranking).toBe(2));
    expect(calls.event).toBe(3);
    event.unsubscribe();
    ranking.unsubscribe();
  });

  it('refetches the map list at once for a new game and once more for a burst of them', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    try {
      let calls = 0;
      server.use(
        http.get(`${API}/test/events`, () => {
          calls += 1;
          return HttpResponse.json({ events: [] });
        }),
      );
      const { store, sockets } = setupTestStore(signedInState);
      const list = store.dispatch(eventsApi.endpoints.listTestEvents.initiate());
      await list;
      await waitFor(() => expect(sockets).toHaveLength(1));
      sockets[0].serverEmit('eventChanged', { eventId: 'n-1', change: 'created' });
      await waitFor(() => expect(calls).toBe(2));
      for (let i = 2; i < 6; i += 1) sockets[0].serverEmit('eventChanged', { eventId: `n-${i}`, change: 'created' });
      expect(calls).toBe(2);
      act(() => jest.advanceTimersByTime(CREATED_THROTTLE_MS));
      await waitFor(() => expect(calls).toBe(3));
      act(() => jest.advanceTimersByTime(CREATED_THROTTLE_MS * 3));
      expect(calls).toBe(3);
      list.unsubscribe();
    } finally {
      jest.useRealTimers();
    }
  });

  it("ends the session on a handshake refused as 'unauthorized' and on sessionEnded", async () => {
    for (const end of [
      (s: FakeSocket) => s.serverEmit('connect_error', new Error('unauthorized')),
      (s: FakeSocket) => s.serverEmit('sessionEnded'),
    ]) {
      const { store, sockets } = setupTestStore(signedInState);
      store.dispatch({ type: 'any/action' });
      await waitFor(() => expect(sockets).toHaveLength(1));
      act(() => end(sockets[0]));
      expect(store.getState().session.user).toBeNull();
      expect(store.getState().session.ended).toBe(true);
      expect(sockets[0].disconnected).toBe(true);
    }
  });

  it("retries a handshake the server could not check ('unavailable') with backoff, saying Łączenie… until connected", async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    try {
      const { store, sockets } = setupTestStore(signedInState);
      store.dispatch({ type: 'any/action' });
      renderApp('/', { store });
      await waitFor(() => expect(sockets).toHaveLength(1));
      const socket = sockets[0];
      socket.active = false;
      act(() => socket.serverEmit('connect_error', new Error('unavailable')));
      expect(store.getState().session.user).not.toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent('Łączenie…');
      act(() => jest.advanceTimersByTime(retryDelay(10)));
      expect(socket.connects).toBe(1);
      act(() => socket.serverEmit('connect'));
      expect(screen.queryByText('Łączenie…')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits 1 s to 5 s between retries, growing, with jitter', () => {
    expect(retryDelay(0, () => 0.5)).toBe(1000);
    expect(retryDelay(1, () => 0.5)).toBe(2000);
    expect(retryDelay(5, () => 0.5)).toBe(5000);
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(9, () => 1)).toBe(5000);
  });
});
