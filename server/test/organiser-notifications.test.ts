import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { statusUpdatePayload, type StatusUpdatePayload } from '@contract/events';
import { createEvent } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

// docs/adr/0076: a request to join and an accepted player leaving are news for the organiser,
// stored unseen and pushed like a player's own status updates.
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The organiser's socket, collecting every statusUpdate it receives. */
async function listen(client: TestClient) {
  const socket: Socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `sid=${client.cookies.get('sid')}` } });
  const received: StatusUpdatePayload[] = [];
  socket.on('statusUpdate', (p) => received.push(statusUpdatePayload.parse(p)));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return {
    received,
    /** Waits for the n-th update (1-based). */
    async nth(n: number) {
      for (let i = 0; i < 200 && received.length < n; i++) await new Promise((r) => setTimeout(r, 25));
      expect(received.length).toBeGreaterThanOrEqual(n);
      return received[n - 1];
    },
    close: () => socket.close(),
  };
}

const unread = async (client: TestClient) => (await client.get('/notifications/unread')).json();
const myEvents = async (client: TestClient) => (await client.get('/status/my-events')).json();
const myStatus = async (client: TestClient, id: string) => (await client.get(`/status/events/${id}/my-status`)).json();

describe("the organiser's news", () => {
  it('a request to join reaches the organiser unseen: socket, unread list, My events and my-status, until read', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const event = await createEvent(organiser.client);
    expect((await unread(organiser.client)).organiserNotifications).toEqual([]);
    expect(await myStatus(organiser.client, event._id)).toEqual({ status: 'owner', readBy: true, waitlistPosition: null });
    const socket = await listen(organiser.client);
    try {
      expect((await player.client.post(`/status/events/${event._id}/join`)).statusCode).toBe(201);
      expect(await socket.nth(1)).toEqual({
        eventId: event._id, eventName: event.eventName, userId: player.user._id, status: 'interested', eventStatus: 'upcoming',
        recordId: null, readBy: false, forOrganiser: true,
      });
    } finally {
      socket.close();
    }
    const list = (await unread(organiser.client)).organiserNotifications;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ eventID: { _id: event._id, eventName: event.eventName } });
    expect(Date.parse(list[0].since)).not.toBeNaN();
    expect((await myEvents(organiser.client)).ownedUnread).toEqual([event._id]);
    expect(await myStatus(organiser.client, event._id)).toEqual({ status: 'owner', readBy: false, waitlistPosition: null });
    // The player's own record is theirs: it does not become the organiser's and stays read for the player.
    expect((await unread(player.client)).unreadNotifications).toEqual([]);
    expect((await unread(player.client)).organiserNotifications).toEqual([]);

    expect((await organiser.client.patch(`/status/events/${event._id}/mark-read`)).statusCode).toBe(200);
    expect((await unread(organiser.client)).organiserNotifications).toEqual([]);
    expect((await myEvents(organiser.client)).ownedUnread).toEqual([]);
    expect(await myStatus(organiser.client, event._id)).toEqual({ status: 'owner', readBy: true, waitlistPosition: null });
  });

  it('an accepted player leaving is news; taking back a request only refreshes the lists', async () => {
    const organiser = await signUp(t);
    const accepted = await signUp(t);
    const asking = await signUp(t);
    const event = await createEvent(organiser.client);
    await accepted.client.post(`/status/events/${event._id}/join`);
    await organiser.client.patch(`/status/events/${event._id}/users/${accepted.user._id}/status`, { status: 'accepted' });
    await asking.client.post(`/status/events/${event._id}/join`);
    await organiser.client.patch(`/status/events/${event._id}/mark-read`);

    const socket = await listen(organiser.client);
    try {
      expect((await asking.client.delete(`/status/events/${event._id}/leave`)).statusCode).toBe(200);
      expect(await socket.nth(1)).toMatchObject({ userId: asking.user._id, status: null, readBy: true, forOrganiser: true });
      expect((await unread(organiser.client)).organiserNotifications).toEqual([]);

      expect((await accepted.client.delete(`/status/events/${event._id}/leave`)).statusCode).toBe(200);
      expect(await socket.nth(2)).toMatchObject({ userId: accepted.user._id, status: null, readBy: false, forOrganiser: true });
    } finally {
      socket.close();
    }
    expect((await unread(organiser.client)).organiserNotifications.map((n: { eventID: { _id: string } }) => n.eventID._id)).toEqual([event._id]);
    expect((await myEvents(organiser.client)).ownedUnread).toEqual([event._id]);
  });

  it("an accepted player deleting their account is news for the organiser, like leaving", async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const event = await createEvent(organiser.client);
    await player.client.post(`/status/events/${event._id}/join`);
    await organiser.client.patch(`/status/events/${event._id}/users/${player.user._id}/status`, { status: 'accepted' });
    await organiser.client.patch(`/status/events/${event._id}/mark-read`);
    expect((await player.client.delete('/users/current-user/delete', { password: player.body.password })).statusCode).toBe(200);
    expect((await myEvents(organiser.client)).ownedUnread).toEqual([event._id]);
  });

  it('only the organiser can read their news; a player marking the game read does not touch it', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const event = await createEvent(organiser.client);
    await player.client.post(`/status/events/${event._id}/join`);
    expect((await player.client.patch(`/status/events/${event._id}/mark-read`)).statusCode).toBe(200);
    expect((await myEvents(organiser.client)).ownedUnread).toEqual([event._id]);
  });

  it('a cancelled game takes its news away', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const event = await createEvent(organiser.client);
    await player.client.post(`/status/events/${event._id}/join`);
    expect((await organiser.client.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
    expect((await unread(organiser.client)).organiserNotifications).toEqual([]);
    expect((await myEvents(organiser.client)).ownedUnread).toEqual([]);
  });
});
