import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StatusUpdatePayload } from '@contract/events';
import { eventsApi } from '../features/events/eventsApi';
import { eventUsers } from '../test/eventFixtures';
import { API, signedIn } from '../test/fixtures';
import { setupTestStore } from '../test/render';
import { server } from '../test/server';
import { statusUpdateReceived, statusUpdateTags } from './statusUpdate';
import { statusUpdateActions } from './statusUpdateHandler';

const payload: StatusUpdatePayload = { eventId: 'ev-1', eventName: 'Mecz', userId: 'u-1', status: 'accepted', eventStatus: 'upcoming', recordId: 'r-1', readBy: false };

function countCalls() {
  const calls = { status: 0, users: 0, other: 0 };
  server.use(
    http.get(`${API}/status/events/ev-1/my-status`, () => {
      calls.status += 1;
      return HttpResponse.json({ status: 'interested', readBy: true });
    }),
    http.get(`${API}/status/events/ev-1/users`, () => {
      calls.users += 1;
      return HttpResponse.json(eventUsers());
    }),
    http.get(`${API}/status/events/ev-2/my-status`, () => {
      calls.other += 1;
      return HttpResponse.json({ status: null, readBy: true });
    }),
  );
  return calls;
}

async function connected() {
  const { store, sockets } = setupTestStore(signedIn());
  const subs = [
    store.dispatch(eventsApi.endpoints.getMyStatus.initiate('ev-1')),
    store.dispatch(eventsApi.endpoints.getEventUsers.initiate('ev-1')),
    store.dispatch(eventsApi.endpoints.getMyStatus.initiate('ev-2')),
  ];
  await Promise.all(subs);
  await waitFor(() => expect(sockets).toHaveLength(1));
  return { store, socket: sockets[0], unsubscribe: () => subs.forEach((s) => s.unsubscribe()) };
}

describe('statusUpdate from the socket', () => {
  it("refetches the event's status and participants, and nothing of other events", async () => {
    const calls = countCalls();
    const { socket, unsubscribe } = await connected();
    await act(async () => socket.serverEmit('statusUpdate', payload));
    await waitFor(() => expect(calls).toEqual({ status: 2, users: 2, other: 1 }));
    unsubscribe();
  });

  it('turns a valid payload into the update action and the tag invalidation', () => {
    const [received, invalidate] = statusUpdateActions(payload);
    expect(received).toEqual(statusUpdateReceived(payload));
    expect(invalidate.type).toBe('api/invalidateTags');
    expect(invalidate.payload).toEqual(expect.arrayContaining([{ type: 'EventStatus', id: 'ev-1' }, { type: 'MyEvents', id: 'LIST' }]));
  });

  it('ignores a payload that does not match the contract', () => {
    expect(statusUpdateActions({ eventId: 'ev-1', status: 'bogus' })).toEqual([]);
    expect(statusUpdateActions('statusUpdate')).toEqual([]);
  });

  it('marks the stats stale when a game is finished', () => {
    const tags = statusUpdateTags({ ...payload, status: 'finished', eventStatus: 'completed' });
    expect(tags).toContain('UserStats');
  });
});
