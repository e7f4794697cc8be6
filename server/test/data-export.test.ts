import sharp from 'sharp';
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
    expect(data.participations).toEqual([expect.objectContaining({ eventId: his._id, eventName: 'Mecz Bartka', status: 'interested' })]);
    expect(data.chatRooms).toEqual([expect.objectContaining({ roomId: room })]);
    // Only what she wrote: Bartek's message stays his.
    expect(data.messagesWritten).toEqual([expect.objectContaining({ roomId: room, body: 'cześć od Anny' })]);
    expect(data.likesGiven).toEqual([expect.objectContaining({ userId: b, nickName: bartek.body.nickName })]);
    expect(data.likesReceived).toEqual([expect.objectContaining({ userId: b, nickName: bartek.body.nickName })]);
    // Reports she made; a report about her stays the reporter's.
    expect(data.reportsMade).toEqual([expect.objectContaining({ type: 'bug', message: 'Mapa nie ładuje się na telefonie' })]);
    expect(data.notificationSettings).toEqual({ eventStatusUpdates: true, chatMessages: false, eventReminders: true, newEventInArea: true });
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
});
