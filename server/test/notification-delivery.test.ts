import { utcToWarsaw } from '@contract/time';
import { tickNotifications } from '../src/jobs/notification-clock';
import { pruneNotifications } from '../src/repositories/notification-records';
import { createEvent } from './event-fixtures';
import { buildTestApp, RecordingPush, signUp, type TestApp, type TestClient } from './helpers';
import { mailsTo } from './outbox';

// docs/adr/0085 and 0086: reminders, edits and cancellations, new games nearby, and the list of notifications.
let t: TestApp;
const push = new RecordingPush();
beforeAll(async () => {
  t = await buildTestApp({}, { push });
});
afterAll(() => t.close());

const HOUR = 3600_000;
const settle = () => t.app.ctx.background.idle();
const inDays = (days: number) => utcToWarsaw(Date.now() + days * 24 * HOUR).date;
async function list(client: TestClient, query = '') {
  const res = await client.get(`/notifications${query}`);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
const kinds = async (client: TestClient) => (await list(client)).notifications.map((n: { kind: string }) => n.kind);

async function startOf(eventId: string): Promise<Date> {
  const res = await t.database.pool.query('SELECT start_at FROM events WHERE id = $1', [eventId]);
  return new Date((res.rows[0] as { start_at: string }).start_at);
}

/** An organiser's game three days ahead with one accepted player. */
async function gameWithPlayer(overrides: Record<string, unknown> = {}) {
  const organiser = await signUp(t);
  const player = await signUp(t);
  const event = await createEvent(organiser.client, { startDate: inDays(3), startHour: '18:30', ...overrides });
  expect((await player.client.post(`/status/events/${event._id}/join`)).statusCode).toBe(201);
  const accept = await organiser.client.patch(`/status/events/${event._id}/users/${player.user._id}/status`, { status: 'accepted' });
  expect(accept.statusCode).toBe(200);
  await settle();
  return { organiser, player, event, startAt: await startOf(event._id) };
}

const remindersOf = (list: { notifications: { kind: string; title: string; body: string; channels: string[] }[] }) =>
  list.notifications.filter((n) => n.kind === 'reminder');

describe('reminders', () => {
  it('come 24 h and 2 h before the start, once each: push where subscribed, else e-mail, and in-app', async () => {
    const { organiser, player, event, startAt } = await gameWithPlayer();
    push.subscribed.add(player.user._id);
    const at = (ms: number) => tickNotifications(t.app, new Date(startAt.getTime() + ms));

    await at(-25 * HOUR);
    expect(remindersOf(await list(player.client))).toEqual([]);

    await at(-24 * HOUR + 60_000);
    const first = remindersOf(await list(player.client));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ title: `Przypomnienie: ${event.eventName}`, channels: ['inApp', 'push'] });
    expect(first[0].body).toContain('jutro o 18:30');
    expect(push.to(player.user._id)).toEqual([
      expect.objectContaining({ title: `Przypomnienie: ${event.eventName}`, url: `/dashboard/event/${event._id}` }),
    ]);
    // The organiser has no device: the reminder comes by e-mail.
    expect(remindersOf(await list(organiser.client))[0].channels).toEqual(['inApp', 'email']);
    expect(mailsTo(t.config.DATA_DIR, organiser.body.email).filter((m) => m.includes('Przypomnienie'))).toHaveLength(1);

    // Later runs before the 2 h mark send nothing more.
    await at(-10 * HOUR);
    await at(-3 * HOUR);
    expect(remindersOf(await list(player.client))).toHaveLength(1);

    // The clock moved to 2 h before: the second reminder.
    await at(-2 * HOUR + 60_000);
    const second = remindersOf(await list(player.client));
    expect(second).toHaveLength(2);
    expect(second[0]).toMatchObject({ title: `Niedługo gra: ${event.eventName}` });
    expect(second[0].body).toContain('o 18:30');
    expect(push.to(player.user._id)).toHaveLength(2);
    expect(mailsTo(t.config.DATA_DIR, organiser.body.email).filter((m) => m.includes('Niedługo gra'))).toHaveLength(1);
    await at(-HOUR);
    expect(remindersOf(await list(player.client))).toHaveLength(2);
  });

  it('follow the settings: only the 2 h one, or none with reminders off', async () => {
    const { organiser, player, startAt } = await gameWithPlayer();
    expect((await player.client.put('/notifications/preferences', { reminder24h: false })).statusCode).toBe(200);
    expect((await organiser.client.put('/notifications/preferences', { eventReminders: false })).statusCode).toBe(200);
    await tickNotifications(t.app, new Date(startAt.getTime() - 24 * HOUR + 60_000));
    expect(remindersOf(await list(player.client))).toEqual([]);
    await tickNotifications(t.app, new Date(startAt.getTime() - 2 * HOUR + 60_000));
    expect(remindersOf(await list(player.client))).toHaveLength(1);
    expect(remindersOf(await list(organiser.client))).toEqual([]);
  });

  it('two runs at the same moment send each reminder once', async () => {
    const { organiser, player, startAt } = await gameWithPlayer();
    push.subscribed.add(player.user._id);
    const now = new Date(startAt.getTime() - 2 * HOUR + 60_000);
    // A second app on the same database stands for a second server process.
    const { build } = await import('../src/app');
    const other = await build({ config: t.config, database: t.database, logger: false, eventClock: false, push });
    await other.ready();
    try {
      await Promise.all([tickNotifications(t.app, now), tickNotifications(other, now), tickNotifications(t.app, now)]);
    } finally {
      await other.close();
    }
    expect(remindersOf(await list(player.client))).toHaveLength(1);
    expect(remindersOf(await list(organiser.client))).toHaveLength(1);
    expect(push.to(player.user._id).filter((m) => m.title.startsWith('Niedługo gra'))).toHaveLength(1);
  });

  it('move with a game edited to a new time, and its players hear of the change', async () => {
    const { organiser, player, event, startAt } = await gameWithPlayer();
    const edit = await organiser.client.patch(`/football-events/${event._id}`, {
      ...(await import('./event-fixtures')).eventBody({ startDate: inDays(3), startHour: '21:00' }),
    });
    expect(edit.statusCode).toBe(200);
    await settle();
    const changed = (await list(player.client)).notifications.find((n: { kind: string }) => n.kind === 'eventChanged');
    expect(changed).toMatchObject({ title: `Nowy termin: ${event.eventName}` });
    expect(changed.body).toContain('o 21:00');
    const newStart = await startOf(event._id);
    expect(newStart.getTime() - startAt.getTime()).toBe(2.5 * HOUR);

    // The old time's 2 h mark brings no 2 h reminder (4.5 h remain: the 24 h one, for the new time);
    // the new time's 2 h mark brings it.
    await tickNotifications(t.app, new Date(startAt.getTime() - 2 * HOUR + 60_000));
    const early = remindersOf(await list(player.client));
    expect(early.map((n) => n.title)).toEqual([`Przypomnienie: ${event.eventName}`]);
    expect(early[0].body).toContain('o 21:00');
    await tickNotifications(t.app, new Date(newStart.getTime() - 2 * HOUR + 60_000));
    const [reminder] = remindersOf(await list(player.client));
    expect(reminder.title).toBe(`Niedługo gra: ${event.eventName}`);
    expect(reminder.body).toContain('o 21:00');
  });

  it('stop when the game is cancelled, and the players are told', async () => {
    const { organiser, player, event, startAt } = await gameWithPlayer();
    expect((await organiser.client.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
    await settle();
    const cancelled = (await list(player.client)).notifications.filter((n: { kind: string }) => n.kind === 'eventCancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ title: 'Gra odwołana', channels: ['inApp', 'email'] });
    expect(mailsTo(t.config.DATA_DIR, player.body.email).some((m) => m.includes('Organizator odwołał grę'))).toBe(true);
    await tickNotifications(t.app, new Date(startAt.getTime() - 24 * HOUR + 60_000));
    await tickNotifications(t.app, new Date(startAt.getTime() - 2 * HOUR + 60_000));
    expect(remindersOf(await list(player.client))).toEqual([]);
    expect(remindersOf(await list(organiser.client))).toEqual([]);
  });

  it('a muted game sends nothing: no reminder, no change, no cancellation', async () => {
    const { organiser, player, event, startAt } = await gameWithPlayer();
    push.subscribed.add(player.user._id);
    const sentBefore = push.to(player.user._id).length;
    const mailsBefore = mailsTo(t.config.DATA_DIR, player.body.email).length;
    expect((await player.client.post(`/notifications/mute-event/${event._id}`)).statusCode).toBe(200);
    await tickNotifications(t.app, new Date(startAt.getTime() - 2 * HOUR + 60_000));
    const { eventBody } = await import('./event-fixtures');
    expect((await organiser.client.patch(`/football-events/${event._id}`, eventBody({ startDate: inDays(3), startHour: '20:00' }))).statusCode).toBe(200);
    expect((await organiser.client.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
    await settle();
    expect(await kinds(player.client)).toEqual(['statusChange']);
    expect(push.to(player.user._id)).toHaveLength(sentBefore);
    expect(mailsTo(t.config.DATA_DIR, player.body.email)).toHaveLength(mailsBefore);
    // The organiser did not mute it: their reminder came.
    expect(await kinds(organiser.client)).toContain('reminder');
  });
});

describe('new games near you', () => {
  const KM = 1 / 111.2;
  async function personAt(lat: number, lon: number, prefs: Record<string, unknown>) {
    const p = await signUp(t);
    expect((await p.client.post('/location/set-location', { latitude: lat, longitude: lon, City: 'Warszawa' })).statusCode).toBe(200);
    expect((await p.client.put('/notifications/preferences', prefs)).statusCode).toBe(200);
    return p;
  }
  async function placeOf(eventId: string) {
    const res = await t.database.pool.query('SELECT latitude, longitude FROM events WHERE id = $1', [eventId]);
    return res.rows[0] as { latitude: number; longitude: number };
  }

  it('a game 10 km away reaches a radius of 20 km, not one of 5 km, nor other game types, nor a private game', async () => {
    const organiser = await signUp(t);
    // Where the fixture's games are: read from a first (private) game.
    const probe = await createEvent(organiser.client, { isPrivate: true });
    const at = await placeOf(probe._id);
    const wide = await personAt(at.latitude + 10 * KM, at.longitude, { nearbyRadiusKm: 20 });
    const narrow = await personAt(at.latitude + 10 * KM, at.longitude, { nearbyRadiusKm: 5 });
    const volley = await personAt(at.latitude + 10 * KM, at.longitude, { nearbyRadiusKm: 20, nearbyGameTypes: ['volleyball'] });
    const off = await personAt(at.latitude + 1 * KM, at.longitude, { newEventInArea: false });
    push.subscribed.add(wide.user._id);
    await settle();
    expect(await kinds(wide.client)).toEqual([]); // the private game told nobody

    const game = await createEvent(organiser.client);
    await settle();
    const [n] = (await list(wide.client)).notifications;
    expect(n).toMatchObject({ kind: 'nearbyGame', title: 'Nowa gra w Twojej okolicy', eventId: game._id, channels: ['inApp', 'push'] });
    expect(n.body).toContain(`Piłka nożna: „${game.eventName}”`);
    expect(push.to(wide.user._id).map((m) => m.url)).toEqual([`/dashboard/event/${game._id}`]);
    for (const p of [narrow, volley, off]) expect(await kinds(p.client)).toEqual([]);
    expect(await kinds(organiser.client)).toEqual([]);
  });

  it('at most 3 a day reach a person; the digest collects them silently and mails them once at 18:00', async () => {
    const organiser = await signUp(t);
    const probe = await createEvent(organiser.client, { isPrivate: true });
    const at = await placeOf(probe._id);
    const eager = await personAt(at.latitude - 3 * KM, at.longitude, { nearbyRadiusKm: 5 });
    const digest = await personAt(at.latitude - 3 * KM, at.longitude, { nearbyRadiusKm: 5, nearbyDigest: true });
    push.subscribed.add(digest.user._id);
    for (let i = 0; i < 4; i++) await createEvent(organiser.client, { eventName: `Gra numer ${i + 1}` });
    await settle();
    expect(await kinds(eager.client)).toEqual(['nearbyGame', 'nearbyGame', 'nearbyGame']);
    const waiting = (await list(digest.client)).notifications;
    expect(waiting).toHaveLength(4);
    expect(waiting[0].channels).toEqual(['inApp', 'digest']);
    expect(push.to(digest.user._id)).toEqual([]);

    // The clock reaches the digest hour: one mail listing the four, and only once.
    const now = new Date();
    const evening = new Date(now.getTime() + 24 * HOUR);
    await tickNotifications(t.app, evening);
    await tickNotifications(t.app, new Date(evening.getTime() + 60_000));
    const mails = mailsTo(t.config.DATA_DIR, digest.body.email).filter((m) => m.includes('Nowe gry w Twojej okolicy: 4'));
    expect(mails).toHaveLength(1);
    for (let i = 1; i <= 4; i++) expect(mails[0]).toContain(`Gra numer ${i}`);
    expect((await list(digest.client)).notifications[0].channels).toEqual(['inApp', 'digest', 'email']);
  });

  it('refuses a radius outside 5–50 km and unknown game types, in Polish, changing nothing', async () => {
    const p = await signUp(t);
    for (const body of [{ nearbyRadiusKm: 4 }, { nearbyRadiusKm: 51 }, { nearbyRadiusKm: 7.5 }, { nearbyGameTypes: ['chess'] }]) {
      const res = await p.client.put('/notifications/preferences', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/Promień musi wynosić od 5 do 50 km|Wybierz rodzaje gier z listy/);
    }
    const prefs = (await p.client.get('/notifications/preferences')).json().preferences;
    expect(prefs).toMatchObject({ nearbyRadiusKm: 20, nearbyGameTypes: [], reminder24h: true, reminder2h: true, nearbyDigest: false });
  });
});

describe('the list of notifications', () => {
  it('pages, marks one read (and the game news with it), marks all read, and keeps to its owner', async () => {
    const organiser = await signUp(t);
    const stranger = await signUp(t);
    const players = [await signUp(t), await signUp(t), await signUp(t)];
    const event = await createEvent(organiser.client, { isPrivate: true });
    for (const p of players) expect((await p.client.post(`/status/events/${event._id}/join`)).statusCode).toBe(201);
    await settle();
    const all = await list(organiser.client, '?limit=2');
    expect(all).toMatchObject({ total: 3, unread: 3, unreadOther: 0, page: 1, pages: 2 });
    expect(all.notifications[0]).toMatchObject({ kind: 'joinRequest', title: 'Nowe zgłoszenie do gry', read: false });
    expect(all.notifications[0].body).toBe(`${players[2].body.nickName} chce dołączyć do gry „${event.eventName}”.`);
    expect((await list(organiser.client, '?limit=2&page=2')).notifications).toHaveLength(1);

    expect((await stranger.client.patch(`/notifications/${all.notifications[0]._id}/read`)).statusCode).toBe(404);
    const read = await organiser.client.patch(`/notifications/${all.notifications[0]._id}/read`);
    expect(read.json().notification.read).toBe(true);
    // One read state: the organiser's news of that game is read too (docs/adr/0076).
    expect((await organiser.client.get('/notifications/unread')).json().organiserNotifications).toEqual([]);
    expect((await list(organiser.client)).unread).toBe(0);

    expect((await players[0].client.delete(`/status/events/${event._id}/leave`)).statusCode).toBe(200);
    const accept = await organiser.client.patch(`/status/events/${event._id}/users/${players[1].user._id}/status`, { status: 'accepted' });
    expect(accept.statusCode).toBe(200);
    await settle();
    expect((await list(players[1].client)).unread).toBe(1);
    expect((await players[1].client.post('/notifications/read-all')).json()).toEqual({ marked: 1 });
    expect((await list(players[1].client, '?unreadOnly=true')).notifications).toEqual([]);
    expect((await players[1].client.get('/notifications/unread')).json().unreadNotifications).toEqual([]);
    expect((await list(stranger.client)).total).toBe(0);
  });

  it('keeps read ones 90 days and unread ones a year; the hourly pruning deletes the rest', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const event = await createEvent(organiser.client);
    expect((await player.client.post(`/status/events/${event._id}/join`)).statusCode).toBe(201);
    await settle();
    const [first] = (await list(organiser.client)).notifications;
    const q = (text: string, values: unknown[]) => t.database.pool.query(text, values);
    // Three more of the same, aged: read 100 days ago, unread 100 days ago, unread 400 days ago.
    const copy = `INSERT INTO notifications (user_id, kind, event_id, title, body, link, channels, read_at, created_at)
      SELECT user_id, kind, event_id, title, body, link, channels, $2::timestamptz, now() - ($3 || ' days')::interval FROM notifications WHERE id = $1`;
    await q(copy, [first._id, new Date(Date.now() - 99 * 24 * HOUR).toISOString(), '100']);
    await q(copy, [first._id, null, '100']);
    await q(copy, [first._id, null, '400']);
    expect((await list(organiser.client)).total).toBe(4);

    expect(await pruneNotifications(t.database.db, new Date())).toMatchObject({ notifications: 2 });
    const left = await list(organiser.client);
    expect(left.total).toBe(2);
    expect(left.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, false]);
  });
});
