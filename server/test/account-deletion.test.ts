import sharp from 'sharp';
import { USER_MSG } from '@contract/users';
import { userRoom } from '../src/realtime/socket';
import { createEvent, startGame } from './event-fixtures';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const count = async (table: string, where: string, id: string) => (await q(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [id]))[0].n as number;

/** Every table that may hold a person's rows, and the column(s) that point at them. */
const PERSONAL = [
  ['users', 'id = $1'], ['user_stats', 'user_id = $1'], ['sessions', 'user_id = $1'], ['user_tokens', 'user_id = $1'],
  ['avatars', 'user_id = $1'], ['user_likes', 'liker_id = $1 OR target_id = $1'], ['participations', 'user_id = $1'],
  ['events', 'owner_id = $1'], ['chat_members', 'user_id = $1'], ['chat_messages', 'sender_id = $1'],
  ['notification_preferences', 'user_id = $1'], ['chat_mutes', 'user_id = $1'], ['event_mutes', 'user_id = $1'],
  ['reports', 'reporter_id = $1 OR reported_user_id = $1'], ['user_totp', 'user_id = $1'], ['totp_recovery_codes', 'user_id = $1'],
] as const;

async function accept(owner: TestClient, eventId: string, userId: string) {
  const res = await owner.patch(`/status/events/${eventId}/users/${userId}/status`, { status: 'accepted' });
  if (res.statusCode !== 200) throw new Error(res.body);
}

describe('account deletion', () => {
  it('removes all of the person and keeps everybody else consistent', async () => {
    const anna = await signUp(t);
    const bartek = await signUp(t);
    const celina = await signUp(t);
    const secondSession = new TestClient(t.app);
    await secondSession.post('/auth/login', { email: anna.body.email, password: anna.body.password });

    // Anna's upcoming game with Bartek accepted, and a finished one he played in.
    const upcoming = await createEvent(anna.client, { eventName: 'Mecz Anny' });
    const finished = await createEvent(anna.client, { eventName: 'Rozegrany mecz' });
    for (const e of [upcoming, finished]) {
      await bartek.client.post(`/status/events/${e._id}/join`);
      await accept(anna.client, e._id, bartek.user._id);
    }
    await startGame(t, finished._id);
    expect((await anna.client.patch(`/status/events/${finished._id}/finish`)).statusCode).toBe(200);
    // Anna plays in Celina's game.
    const celinas = await createEvent(celina.client, { eventName: 'Mecz Celiny' });
    await anna.client.post(`/status/events/${celinas._id}/join`);
    await accept(celina.client, celinas._id, anna.user._id);
    // Likes both ways.
    await anna.client.post('/user-stats/like', { targetUserId: bartek.user._id });
    await anna.client.post('/user-stats/like', { targetUserId: celina.user._id });
    await bartek.client.post('/user-stats/like', { targetUserId: anna.user._id });
    await celina.client.post('/user-stats/like', { targetUserId: bartek.user._id });
    // Avatar, reports, chat rooms and messages, preferences and mutes.
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    await anna.client.request({ method: 'PUT', url: '/users/current-user/avatar', payload: jpeg, headers: { 'content-type': 'image/jpeg' } });
    await anna.client.post('/reports', { type: 'bug', message: 'Mapa nie ładuje się na telefonie' });
    await celina.client.post('/reports', { type: 'user', message: 'Nie przyszła na umówiony mecz', reportedUserId: anna.user._id });
    const [a, b, c] = [anna.user._id, bartek.user._id, celina.user._id];
    const privateRoom = a < b ? `private_${a}_${b}` : `private_${b}_${a}`;
    const celinasRoom = `group_${celinas._id}`;
    await q(`INSERT INTO chat_rooms (id, type, event_id) VALUES ($1, 'private', NULL), ($2, 'group', $3), ($4, 'group', $5) ON CONFLICT DO NOTHING`, [
      privateRoom, celinasRoom, celinas._id, `group_${upcoming._id}`, upcoming._id,
    ]);
    await q(`INSERT INTO chat_members (room_id, user_id) VALUES ($1, $2), ($1, $3), ($4, $2), ($4, $5), ($6, $2), ($6, $3) ON CONFLICT DO NOTHING`, [
      privateRoom, a, b, celinasRoom, c, `group_${upcoming._id}`,
    ]);
    await q(`INSERT INTO chat_messages (room_id, sender_id, body) VALUES ($1, $2, 'cześć'), ($1, $3, 'hej'), ($4, $2, 'będę'), ($4, $5, 'super')`, [
      privateRoom, a, b, celinasRoom, c,
    ]);
    await q('INSERT INTO notification_preferences (user_id) VALUES ($1)', [a]);
    await q('INSERT INTO chat_mutes (user_id, room_id) VALUES ($1, $2)', [a, celinasRoom]);
    await q('INSERT INTO event_mutes (user_id, event_id) VALUES ($1, $2)', [a, celinas._id]);

    const emitted: { room: string; event: string; payload: unknown }[] = [];
    jest.spyOn(t.app.io, 'to').mockImplementation(
      (room) => ({ emit: (event: string, payload: unknown) => emitted.push({ room: String(room), event, payload }) }) as never,
    );

    const res = await anna.client.delete('/users/current-user/delete', { password: anna.body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: USER_MSG.deleted, avatarUrlToDelete: `/api/v1/users/${a}/avatar?v=1` });
    jest.restoreAllMocks();

    for (const [table, where] of PERSONAL) expect([table, await count(table, where, a)]).toEqual([table, 0]);
    expect(await count('chat_rooms', 'id = $1', privateRoom)).toBe(0);
    expect(await count('chat_messages', 'room_id = $1', privateRoom)).toBe(0);
    // Others keep what is theirs: Celina's game, room and message, both reports (without the person).
    expect(await count('events', 'id = $1', celinas._id)).toBe(1);
    expect(await q('SELECT body FROM chat_messages WHERE room_id = $1', [celinasRoom])).toEqual([{ body: 'super' }]);
    expect(await q('SELECT type FROM reports ORDER BY type')).toEqual([{ type: 'bug' }, { type: 'user' }]);

    // Statistics: the likes Anna gave are gone, the game Bartek played still counts.
    expect((await bartek.client.get('/user-stats/current')).json().stats).toMatchObject({ totalLikes: 1, gamesPlayed: 1, points: 13 });
    expect((await celina.client.get('/user-stats/current')).json().stats).toMatchObject({ totalLikes: 0 });
    const board = (await bartek.client.get('/user-stats/leaderboard')).json().leaderboard as { userID: string }[];
    expect(board.map((r) => r.userID)).not.toContain(a);

    // Bartek is told his game was cancelled, Celina that Anna left, Bartek that the private room went.
    expect(emitted).toContainEqual({
      room: userRoom(b), event: 'statusUpdate',
      payload: expect.objectContaining({ eventId: upcoming._id, eventStatus: 'cancelled', userId: b }),
    });
    expect(emitted).toContainEqual({
      room: userRoom(c), event: 'statusUpdate', payload: expect.objectContaining({ eventId: celinas._id, userId: a, status: null }),
    });
    expect(emitted).toContainEqual({ room: userRoom(b), event: 'removedFromChatRoom', payload: { targetUserId: b, roomId: privateRoom } });
    expect(emitted.filter((e) => e.event === 'statusUpdate' && (e.payload as { eventId: string }).eventId === finished._id)).toEqual([]);

    // Every session of the person ended; the avatar is no longer served.
    expect((await anna.client.get('/users/current-user')).json().user).toBeNull();
    expect((await secondSession.get('/users/current-user')).json().user).toBeNull();
    expect((await bartek.client.get(`/users/${a}/avatar?v=1`)).statusCode).toBe(404);
    expect((await bartek.client.get(`/users/${a}`)).statusCode).toBe(404);
  });

  it('frees the e-mail and nick for a new account', async () => {
    const p = await signUp(t);
    expect((await p.client.delete('/users/current-user/delete', { password: p.body.password })).statusCode).toBe(200);
    await expect(signUp(t, { email: p.body.email, nickName: p.body.nickName })).resolves.toBeTruthy();
  });

  it("cannot delete anybody else's account", async () => {
    const victim = await signUp(t);
    expect((await new TestClient(t.app).delete('/users/current-user/delete')).statusCode).toBe(401);
    const me = await signUp(t);
    const forged = await me.client.request({ method: 'DELETE', url: '/users/current-user/delete', payload: { password: me.body.password }, xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await me.client.delete('/users/current-user/delete', { userId: victim.user._id, password: me.body.password })).statusCode).toBe(400);
    expect((await me.client.delete('/users/current-user/delete', { password: me.body.password })).statusCode).toBe(200);
    expect((await victim.client.get('/users/current-user')).json().user).not.toBeNull();
  });

  it('asks for the password again, and changes nothing without the right one', async () => {
    const p = await signUp(t);
    const noBody = await p.client.delete('/users/current-user/delete');
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ msg: USER_MSG.deletePasswordRequired });
    const wrong = await p.client.delete('/users/current-user/delete', { password: 'Zle-haslo-123!' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ msg: USER_MSG.deleteWrongPassword, errors: { password: USER_MSG.deleteWrongPassword } });
    // A Google token does not stand in for the password of an account that has one.
    expect((await p.client.delete('/users/current-user/delete', { idToken: 'x.y.z' })).statusCode).toBe(400);
    expect(await count('users', 'id = $1', p.user._id)).toBe(1);
    expect((await p.client.get('/users/current-user')).json().user).not.toBeNull();
    expect((await p.client.delete('/users/current-user/delete', { password: p.body.password })).statusCode).toBe(200);
    expect(await count('users', 'id = $1', p.user._id)).toBe(0);
  });

  it('limits wrong passwords, so a stolen session cannot guess it', async () => {
    const p = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await p.client.delete('/users/current-user/delete', { password: `Zle-haslo-${i}!` })).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await p.client.delete('/users/current-user/delete', { password: p.body.password })).statusCode).toBe(429);
    expect(await count('users', 'id = $1', p.user._id)).toBe(1);
  });

  it('an account without a password (Google only) needs a fresh Google sign-in', async () => {
    const p = await signUp(t);
    await q('UPDATE users SET password_hash = NULL, google_uid = $2 WHERE id = $1', [p.user._id, `uid-${p.user._id}`]);
    const res = await p.client.delete('/users/current-user/delete', { password: p.body.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: USER_MSG.deleteGoogleRequired });
    expect(await count('users', 'id = $1', p.user._id)).toBe(1);
  });
});
