import { USER_MSG } from '@contract/users';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function setStats(userId: string, s: { gamesPlayed: number; eventsOrganized: number; totalLikes: number }) {
  await t.database.pool.query('UPDATE user_stats SET games_played = $2, events_organized = $3, total_likes = $4 WHERE user_id = $1', [
    userId, s.gamesPlayed, s.eventsOrganized, s.totalLikes,
  ]);
}

describe('likes', () => {
  it("adds one like, moves the target's total and points, and can be taken back", async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const like = await me.client.post('/user-stats/like', { targetUserId: other.user._id });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toMatchObject({ msg: USER_MSG.liked, isLikedByCurrentUser: true, userStats: { totalLikes: 1, points: 3 } });
    expect((await me.client.get(`/users/${other.user._id}`)).json().user.isLikedByCurrentUser).toBe(true);
    expect((await other.client.get('/user-stats/current')).json().stats).toMatchObject({ totalLikes: 1, points: 3 });

    const again = await me.client.post('/user-stats/like', { targetUserId: other.user._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(USER_MSG.alreadyLiked);

    const unlike = await me.client.delete('/user-stats/like', { targetUserId: other.user._id });
    expect(unlike.json()).toMatchObject({ msg: USER_MSG.unliked, isLikedByCurrentUser: false, userStats: { totalLikes: 0, points: 0 } });
    const twice = await me.client.delete('/user-stats/like', { targetUserId: other.user._id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(USER_MSG.notLiked);
    expect((await other.client.get('/user-stats/current')).json().stats.totalLikes).toBe(0);
  });

  it('counts many likers of one person exactly, even sent at once', async () => {
    const target = await signUp(t);
    const likers = await Promise.all([1, 2, 3, 4].map(() => signUp(t)));
    await Promise.all(likers.flatMap((l) => [l.client.post('/user-stats/like', { targetUserId: target.user._id }), l.client.post('/user-stats/like', { targetUserId: target.user._id })]));
    expect((await target.client.get('/user-stats/current')).json().stats.totalLikes).toBe(4);
  });

  it('refuses liking oneself, an unknown person and a malformed id', async () => {
    const me = await signUp(t);
    const self = await me.client.post('/user-stats/like', { targetUserId: me.user._id });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('Nie możesz polubić siebie');
    expect((await me.client.delete('/user-stats/like', { targetUserId: me.user._id })).json().msg).toBe(USER_MSG.cannotLikeSelf);
    expect((await me.client.post('/user-stats/like', { targetUserId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await me.client.post('/user-stats/like', { targetUserId: 'abc' })).statusCode).toBe(400);
    expect((await me.client.get('/user-stats/current')).json().stats.totalLikes).toBe(0);
  });

  it('is given only by the signed-in person, with the XSRF header', async () => {
    const other = await signUp(t);
    expect((await new TestClient(t.app).post('/user-stats/like', { targetUserId: other.user._id })).statusCode).toBe(401);
    const me = await signUp(t);
    const forged = await me.client.request({ method: 'POST', url: '/user-stats/like', payload: { targetUserId: other.user._id }, xsrf: false });
    expect(forged.statusCode).toBe(403);
    // A likerId in the body is ignored: the like is always the session's.
    await me.client.post('/user-stats/like', { targetUserId: other.user._id, likerId: other.user._id });
    const rows = await t.database.pool.query('SELECT liker_id FROM user_likes WHERE target_id = $1', [other.user._id]);
    expect(rows.rows).toEqual([{ liker_id: me.user._id }]);
  });
});

describe('statistics of several players', () => {
  it('answers the stats of the known ids only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await setStats(b.user._id, { gamesPlayed: 2, eventsOrganized: 1, totalLikes: 0 });
    const res = await a.client.post('/user-stats/multiple', { userIds: [a.user._id, b.user._id, '00000000-0000-4000-8000-000000000000'] });
    expect(res.statusCode).toBe(200);
    const stats = res.json().stats as { userID: string; points: number }[];
    expect(stats).toHaveLength(2);
    expect(stats.find((s) => s.userID === b.user._id)).toEqual({ userID: b.user._id, gamesPlayed: 2, eventsOrganized: 1, totalLikes: 0, points: 50 });
    expect((await a.client.post('/user-stats/multiple', { userIds: ['x'] })).statusCode).toBe(400);
  });
});

describe('leaderboard', () => {
  let board: TestApp;
  let client: TestClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    board = await buildTestApp();
    // points = organised × 30 + played × 10 + likes × 3
    const people = {
      Zenek: { gamesPlayed: 10, eventsOrganized: 0, totalLikes: 0 }, // 100
      adam: { gamesPlayed: 1, eventsOrganized: 3, totalLikes: 0 }, // 100
      Basia: { gamesPlayed: 0, eventsOrganized: 0, totalLikes: 9 }, // 27
      celina: { gamesPlayed: 5, eventsOrganized: 1, totalLikes: 9 }, // 107
      darek: { gamesPlayed: 0, eventsOrganized: 0, totalLikes: 0 }, // 0
    };
    for (const [nickName, stats] of Object.entries(people)) {
      const p = await signUp(board, { nickName });
      ids[nickName] = p.user._id;
      client = p.client;
      await board.database.pool.query('UPDATE user_stats SET games_played = $2, events_organized = $3, total_likes = $4 WHERE user_id = $1', [
        p.user._id, stats.gamesPlayed, stats.eventsOrganized, stats.totalLikes,
      ]);
    }
    // Never verified: not in the ranking.
    await new TestClient(board.app).post('/auth/register', {
      nickName: 'aaa_unverified', name: 'Jan', surname: 'Nowy', email: 'unverified@example.com', password: 'Haslo123!',
      passwordConfirm: 'Haslo123!', age: '1990-01-01',
    });
  });
  afterAll(() => board.close());

  const order = async (query: string) =>
    ((await client.get(`/user-stats/leaderboard${query}`)).json().leaderboard as { nickName: string }[]).map((r) => r.nickName);

  it.each([
    ['?sortBy=points', ['celina', 'adam', 'Zenek', 'Basia', 'darek']],
    ['', ['celina', 'adam', 'Zenek', 'Basia', 'darek']],
    ['?sortBy=gamesPlayed', ['Zenek', 'celina', 'adam', 'Basia', 'darek']],
    ['?sortBy=eventsOrganized', ['adam', 'celina', 'Basia', 'darek', 'Zenek']],
    ['?sortBy=totalLikes', ['Basia', 'celina', 'adam', 'darek', 'Zenek']],
  ])('orders %s with ties broken by nick, case-insensitively', async (query, expected) => {
    expect(await order(query)).toEqual(expected);
  });

  it('answers the spec fields with the avatar URL and honours the limit', async () => {
    const res = await client.get('/user-stats/leaderboard?sortBy=points&limit=2');
    expect(res.json().leaderboard).toEqual([
      { userID: ids.celina, nickName: 'celina', avatarUrl: null, gamesPlayed: 5, eventsOrganized: 1, totalLikes: 9, points: 107 },
      { userID: ids.adam, nickName: 'adam', avatarUrl: null, gamesPlayed: 1, eventsOrganized: 3, totalLikes: 0, points: 100 },
    ]);
  });

  it('refuses an unknown sort key and a limit out of range, and needs a session', async () => {
    expect((await client.get('/user-stats/leaderboard?sortBy=email')).statusCode).toBe(400);
    expect((await client.get('/user-stats/leaderboard?limit=0')).statusCode).toBe(400);
    expect((await client.get('/user-stats/leaderboard?limit=51')).statusCode).toBe(400);
    expect((await new TestClient(board.app).get('/user-stats/leaderboard')).statusCode).toBe(401);
  });

  it('moves a player up when liked', async () => {
    const fan = await signUp(board, { nickName: 'kibic' });
    await fan.client.post('/user-stats/like', { targetUserId: ids.darek });
    expect((await order('?sortBy=totalLikes')).slice(2, 4)).toEqual(['darek', 'adam']);
  });
});
