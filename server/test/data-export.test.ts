import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import * as schema from '../src/db/schema';
import { PERSONAL_DATA } from '../src/repositories/data-export';
import { createEvent } from './event-fixtures';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

/** Every key anywhere in a JSON value. */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(keysOf) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];

describe('own data export (Pobierz moje dane)', () => {
  it('is a JSON file with a row of every kind stored about the person, and no secrets', async () => {
    const anna = await signUp(t);
    const bartek = await signUp(t);
    const [a, b] = [anna.user._id, bartek.user._id];

    const own = await createEvent(anna.client, { eventName: 'Mecz Anny' });
    const his = await createEvent(bartek.client, { eventName: 'Mecz Bartka' });
    expect((await anna.client.post(`/status/events/${his._id}/join`)).statusCode).toBe(201);
    await anna.client.post('/user-stats/like', { targetUserId: b });
    await bartek.client.post('/user-stats/like', { targetUserId: a });
    await anna.client.post('/reports', { type: 'bug', message: 'Mapa nie ładuje się na telefonie' });
    await bartek.client.post('/reports', { type: 'user', message: 'Nie przyszła na umówiony mecz', reportedUserId: a });
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    await anna.client.request({ method: 'PUT', url: '/users/current-user/avatar', payload: jpeg, headers: { 'content-type': 'image/jpeg' } });
    const room = a < b ? `private_${a}_${b}` : `private_${b}_${a}`;
    await q(`INSERT INTO chat_rooms (id, type) VALUES ($1, 'private')`, [room]);
    await q('INSERT INTO chat_members (room_id, user_id) VALUES ($1, $2), ($1, $3)', [room, a, b]);
    await q(`INSERT INTO chat_messages (room_id, sender_id, body) VALUES ($1, $2, 'cześć od Anny'), ($1, $3, 'hej od Bartka')`, [room, a, b]);
    await q('INSERT INTO notification_preferences (user_id, chat_messages) VALUES ($1, false)', [a]);
    await q('INSERT INTO chat_mutes (user_id, room_id) VALUES ($1, $2)', [a, room]);
    await q('INSERT INTO event_mutes (user_id, event_id) VALUES ($1, $2)', [a, his._id]);
    expect((await anna.client.post('/location/set-location', { latitude: 50.0614, longitude: 19.9366 })).statusCode).toBe(200);
    // Bartek accepting her (in the game she muted: no notification) and asking to join hers (one for her).
    expect((await bartek.client.patch(`/status/events/${his._id}/users/${a}/status`, { status: 'accepted' })).statusCode).toBe(200);
    expect((await bartek.client.post(`/status/events/${own._id}/join`)).statusCode).toBe(201);
    await t.app.ctx.background.idle();
    await q(`INSERT INTO event_reminders (event_id, user_id, "offset", start_at) VALUES ($1, $2, '24h', now() + interval '1 day')`, [his._id, a]);

    const res = await anna.client.get('/users/current-user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="graj-razem-moje-dane-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();

    expect(data.profile).toMatchObject({ id: a, email: anna.body.email, nickName: anna.body.nickName, googleLinked: false });
    expect(data.stats).toMatchObject({ totalLikes: 1 });
    expect(data.avatar).toMatchObject({ mime: 'image/jpeg', dataUrl: expect.stringMatching(/^data:image\/jpeg;base64,/) });
    expect(data.gamesOrganised).toEqual([expect.objectContaining({ id: own._id, eventName: 'Mecz Anny' })]);
    expect(data.participations).toEqual([expect.objectContaining({ eventId: his._id, eventName: 'Mecz Bartka', status: 'accepted', attended: true })]);
    expect(data.savedLocation).toMatchObject({ latitude: 50.0614, longitude: 19.9366 });
    expect(data.notifications).toEqual([expect.objectContaining({ kind: 'joinRequest', eventId: own._id, title: expect.any(String), readAt: null })]);
    expect(data.remindersSent).toEqual([expect.objectContaining({ eventId: his._id, reminder: '24h' })]);
    // The private chat and the game's room she entered when accepted.
    expect(data.chatRooms).toEqual(expect.arrayContaining([expect.objectContaining({ roomId: room })]));
    expect(data.chatRooms).toHaveLength(2);
    // Only what she wrote: Bartek's message stays his.
    expect(data.messagesWritten).toEqual([expect.objectContaining({ roomId: room, body: 'cześć od Anny' })]);
    expect(data.likesGiven).toEqual([expect.objectContaining({ userId: b, nickName: bartek.body.nickName })]);
    expect(data.likesReceived).toEqual([expect.objectContaining({ userId: b, nickName: bartek.body.nickName })]);
    // Reports she made; a report about her stays the reporter's.
    expect(data.reportsMade).toEqual([expect.objectContaining({ type: 'bug', message: 'Mapa nie ładuje się na telefonie' })]);
    expect(data.notificationSettings).toEqual({
      eventStatusUpdates: true, chatMessages: false, eventReminders: true, newEventInArea: true, reminder24h: true, reminder2h: true,
      emailNotifications: true, pushNotifications: true, nearbyRadiusKm: 20, nearbyGameTypes: [], nearbyDigest: false,
    });
    // Every kind of personal data the schema holds has its place in the export (or a reason not to).
    for (const where of Object.values(PERSONAL_DATA)) if ('exportedAs' in where) expect(data).toHaveProperty(where.exportedAs);
    expect(data.chatMutes).toEqual([expect.objectContaining({ roomId: room })]);
    expect(data.gameMutes).toEqual([{ eventId: his._id }]);
    expect(data.sessions).toEqual([expect.objectContaining({ createdAt: expect.any(String), lastSeenAt: expect.any(String) })]);

    // No secret of any kind: the password hash, the session id (or its hash), link tokens.
    const [user] = await q('SELECT password_hash FROM users WHERE id = $1', [a]);
    const sessionHashes = (await q('SELECT id_hash FROM sessions WHERE user_id = $1', [a])).map((r) => r.id_hash as string);
    const tokenHashes = (await q('SELECT token_hash FROM user_tokens WHERE user_id = $1', [a])).map((r) => r.token_hash as string);
    const text = res.body;
    expect(text).not.toContain(user.password_hash);
    expect(keysOf(data).filter((k) => /password|hash|token|secret|uid/i.test(k))).toEqual([]);
    for (const h of sessionHashes) expect(text).not.toContain(h);
    for (const h of tokenHashes) expect(text).not.toContain(h);
    for (const c of anna.client.cookies.values()) expect(text).not.toContain(c);
  });

  it('needs a session and gives only the caller their own data', async () => {
    expect((await new TestClient(t.app).get('/users/current-user/export')).statusCode).toBe(401);
    const p = await signUp(t);
    const other = await signUp(t);
    const data = (await p.client.get(`/users/current-user/export?userId=${other.user._id}`)).json();
    expect(data.profile.id).toBe(p.user._id);
    expect(JSON.stringify(data)).not.toContain(other.body.email);
  });

  it('knows every table that holds rows about a person: exported, or left out for a stated reason', () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => typeof v === 'object' && v !== null && is(v, PgTable));
    const personal = tables
      .map((table) => getTableConfig(table))
      .filter((c) => c.name === 'users' || c.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users'))
      .map((c) => c.name)
      .sort();
    expect(personal.length).toBeGreaterThan(15);
    expect(personal).toEqual(Object.keys(PERSONAL_DATA).sort());
  });
});
