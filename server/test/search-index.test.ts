import { gunzipSync } from 'node:zlib';
import { Pool, type PoolClient, type PoolConfig, type QueryConfig } from 'pg';
import { gzipOfPieces } from '../src/lib/gzip-pieces';
import { pruneSearchChanges, SearchIndex } from '../src/search/search-index';
import { TEST_ENGINE } from './engine';
import { createEvent, eventBody } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

// The search index of ADR 96 as another process sees the database: it learns every change from
// `event_search_changes`, whoever made it and however transactions interleave.
let t: TestApp;
let organiser: TestClient;
const warsaw = { latitude: 52.2297, longitude: 21.0122 };

beforeAll(async () => {
  t = await buildTestApp();
  organiser = (await signUp(t)).client;
});
afterAll(() => t.close());

/** What a search 50 km around Warsaw finds in `index` now. */
async function found(index: SearchIndex): Promise<string[]> {
  return (await index.current()).nearest({ ...warsaw, radiusM: 50_000, limit: 100, offset: 0, bound: 100, now: Date.now() }).ids;
}

describe('search index kept in step with the database', () => {
  it('sees games created, edited, made private, cancelled and deleted by another process', async () => {
    const other = new SearchIndex(t.database.pool, 0);
    const game = await createEvent(organiser);
    expect(await found(other)).toContain(game._id);

    // Moved to Kraków: gone from Warsaw's circle, found in Kraków's.
    const krakow = { address: { city: 'Kraków', street: 'Rynek Główny', addressNumber: '1', postalCode: '31-042' } };
    expect((await organiser.patch(`/football-events/${game._id}`, eventBody(krakow))).statusCode).toBe(200);
    expect(await found(other)).not.toContain(game._id);
    const near = (await other.current()).nearest({ latitude: 50.06, longitude: 19.94, radiusM: 10_000, limit: 10, offset: 0, bound: 100, now: Date.now() });
    expect(near.ids).toContain(game._id);

    const second = await createEvent(organiser);
    expect((await organiser.patch(`/football-events/${second._id}`, eventBody({ isPrivate: true }))).statusCode).toBe(200);
    expect(await found(other)).not.toContain(second._id);

    const third = await createEvent(organiser);
    expect(await found(other)).toContain(third._id);
    expect((await organiser.delete(`/football-events/${third._id}`)).statusCode).toBe(200);
    expect(await found(other)).not.toContain(third._id);

    const fourth = await createEvent(organiser);
    expect(await found(other)).toContain(fourth._id);
    await t.database.pool.query('DELETE FROM events WHERE id = $1', [fourth._id]);
    expect(await found(other)).not.toContain(fourth._id);
  });

  it('records only changes to what it keeps, not the organiser\'s unread flag', async () => {
    const game = await createEvent(organiser);
    const before = Number((await t.database.pool.query('SELECT count(*) AS n FROM event_search_changes')).rows[0].n);
    await t.database.pool.query('UPDATE events SET owner_unread_since = now() WHERE id = $1', [game._id]);
    expect(Number((await t.database.pool.query('SELECT count(*) AS n FROM event_search_changes')).rows[0].n)).toBe(before);
    await t.database.pool.query("UPDATE events SET event_name = 'Nowa nazwa' WHERE id = $1", [game._id]);
    expect(Number((await t.database.pool.query('SELECT count(*) AS n FROM event_search_changes')).rows[0].n)).toBe(before + 1);
    const index = new SearchIndex(t.database.pool, 0);
    const markers = (await index.current()).inView({ minLat: 52, maxLat: 52.5, minLon: 20.8, maxLon: 21.3, limit: 1000, now: Date.now() });
    const view = JSON.parse(String(gunzipSync(gzipOfPieces(await markers.pieces))));
    expect(view.find((m: { _id: string }) => m._id === game._id).eventName).toBe('Nowa nazwa');
  });

  it('never answers with a game as it was before another process changed it or its organiser', async () => {
    const { client, user } = await signUp(t);
    const game = await createEvent(client, { eventName: 'Przed zmianą' });
    const shown = async () => {
      const res = await client.post('/football-events/search', { ...warsaw, distance: 50, limit: 100 });
      return (res.json().events as { _id: string; eventName: string; createdBy: { nickName: string } }[]).find((e) => e._id === game._id);
    };
    expect((await shown())!.eventName).toBe('Przed zmianą');
    // Written straight to the database, as another process would: no write request of this one.
    await t.database.pool.query("UPDATE events SET event_name = 'Po zmianie' WHERE id = $1", [game._id]);
    expect((await shown())!.eventName).toBe('Po zmianie');
    await t.database.pool.query("UPDATE users SET nick_name = 'NowyNick' WHERE id = $1", [user._id]);
    expect((await shown())!.createdBy.nickName).toBe('NowyNick');
    await t.database.pool.query("UPDATE events SET status = 'cancelled' WHERE id = $1", [game._id]);
    expect(await shown()).toBeUndefined();
  });

  it('answers this process\'s own change at once even when it looks at others\' only now and then', async () => {
    const app = await buildTestApp({ SEARCH_INDEX_SYNC_MS: 10_000 });
    try {
      const player = (await signUp(app)).client;
      const search = async () =>
        ((await player.post('/football-events/search', { ...warsaw, distance: 50, limit: 100 })).json().events as { _id: string }[]).map((e) => e._id);
      await search();
      const mine = await createEvent(player);
      expect(await search()).toContain(mine._id);
    } finally {
      await app.close();
    }
  });

  it('reloads everything after a failed look, and the database then answers as before', async () => {
    const index = new SearchIndex(t.database.pool, 0);
    const game = await createEvent(organiser);
    expect(await found(index)).toContain(game._id);
    const spy = jest.spyOn(t.database.pool, 'query').mockImplementationOnce(() => Promise.reject(new Error('Connection terminated unexpectedly')));
    await expect(index.current()).rejects.toThrow('Connection terminated');
    spy.mockRestore();
    await t.database.pool.query('DELETE FROM events WHERE id = $1', [game._id]);
    expect(await found(index)).not.toContain(game._id);
  });

  // PostgreSQL only: the embedded engine runs without the pool's timeouts.
  (TEST_ENGINE === 'postgres' ? it : it.skip)('loads in full when each batch takes longer than the pool allows a request', async () => {
    const game = await createEvent(organiser);
    const options = (t.database.pool as unknown as { options: PoolConfig }).options;
    // The pool of a server whose requests may take 200 ms, as DB_TIMEOUT_MS sets it.
    const pool = new Pool({ ...options, max: 2, statement_timeout: 200, query_timeout: 200, idle_in_transaction_session_timeout: 300 });
    const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
    // Every batch of the load is slow to read and slow to take in, as a million games read from disk were.
    jest.spyOn(pool, 'connect').mockImplementation((async () => {
      const client = await connect();
      const query = client.query.bind(client) as (c: unknown) => Promise<unknown>;
      (client as unknown as { query: unknown }).query = async (config: unknown) => {
        const c = config as QueryConfig & { name?: string };
        if (typeof c !== 'object' || c.name !== 'events_listed_by_id') return query(config);
        const rows = await query({ ...c, name: 'events_listed_by_id_slowly', text: `SELECT listed.* FROM (${c.text}) listed CROSS JOIN pg_sleep(0.5)` });
        await new Promise((r) => setTimeout(r, 500));
        return rows;
      };
      return client;
    }) as never);
    try {
      expect(await found(new SearchIndex(pool, 0))).toContain(game._id);
    } finally {
      await pool.end();
    }
  });

  it('prunes change rows older than an hour and keeps the rest', async () => {
    await t.database.pool.query(
      "INSERT INTO event_search_changes (event_id, changed_at) VALUES (gen_random_uuid(), now() - interval '2 hours'), (gen_random_uuid(), now())",
    );
    const before = Number((await t.database.pool.query('SELECT count(*) AS n FROM event_search_changes')).rows[0].n);
    expect(await pruneSearchChanges(t.database.pool)).toBeGreaterThanOrEqual(1);
    const after = Number((await t.database.pool.query('SELECT count(*) AS n FROM event_search_changes')).rows[0].n);
    expect(after).toBeLessThan(before);
    expect(Number((await t.database.pool.query("SELECT count(*) AS n FROM event_search_changes WHERE changed_at < now() - interval '1 hour'")).rows[0].n)).toBe(0);
  });

  // PGlite is one session: transactions never overlap there.
  (TEST_ENGINE === 'postgres' ? it : it.skip)('misses no game whose transaction commits after a later one was read', async () => {
    const index = new SearchIndex(t.database.pool, 0);
    await index.current();
    const [owner] = (await t.database.pool.query('SELECT id FROM users LIMIT 1')).rows as { id: string }[];
    const insert = `INSERT INTO events (owner_id, event_name, game_type, start_date, start_hour, start_at, end_at, duration,
      city, street, address_number, postal_code, field_type, level, latitude, longitude)
      VALUES ($1, $2, 'football', '2030-01-01', '18:00', now() + interval '1 day', now() + interval '1 day 90 minutes', 90,
      'Warszawa', 'Testowa', '1', '00-001', 'field', 'beginner', $3, $4) RETURNING id`;
    const slow = await t.database.pool.connect();
    try {
      await slow.query('BEGIN');
      // Far apart, so they share no map cell (whose row the first would hold locked).
      const early = (await slow.query(insert, [owner.id, 'Wcześniejsza, zatwierdzona później', 52.23, 21.01])).rows[0].id as string;
      const late = (await t.database.pool.query(insert, [owner.id, 'Późniejsza, zatwierdzona od razu', 50.06, 19.94])).rows[0].id as string;
      // The open transaction holds the horizon back: the committed game waits with it, nothing is skipped.
      expect((await index.current()).has(early)).toBe(false);
      await slow.query('COMMIT');
      const now = await index.current();
      expect(now.has(early)).toBe(true);
      expect(now.has(late)).toBe(true);
    } finally {
      slow.release();
    }
  });
});
