import { GAME_TYPES } from '../contract/plain/events';
import type { Database } from '../server/src/db/database';
import { NEARBY_MATCH_SQL } from '../server/src/repositories/nearby';
import { nearbyDraftText } from '../server/src/services/notification-texts';
import { loadPlaces, rng, weightedPicker } from './seed-data';
import { insertRows } from './seed';

export interface NearbyReport {
  players: number;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  matchedAvg: number;
  /** EXPLAIN of the statement names the GiST index on saved_locations. */
  usesIndex: boolean;
}

/**
 * New games near you (docs/adr/0086) at size: `players` people with a saved location spread over
 * Polish towns by population (±10 km), a third with their own radius (5–50 km) and a sixth with
 * chosen game types; then the one matching statement of a new game, timed for `runs` new games in
 * towns picked the same way, each in a transaction rolled back (so daily limits never kick in).
 */
export async function benchNearby(database: Database, opts: { players: number; runs: number; gameId: string; ownerId: string }): Promise<NearbyReport> {
  const rand = rng(99);
  const pick = weightedPicker(loadPlaces(), rand);
  const jitter = () => (rand() - 0.5) * 0.18;
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const tag = Date.now().toString(36);
    const rows = Array.from({ length: opts.players }, (_, i) => [`okolica${i}_${tag}@example.com`, `o${i}_${tag}`.slice(0, 20), 'Jan', 'Kowalski', true]);
    const ids = (await insertRows(client, 'users', ['email', 'nick_name', 'name', 'surname', 'is_active'], rows, 'RETURNING id')).map((r) => r.id as string);
    await insertRows(client, 'saved_locations', ['user_id', 'latitude', 'longitude', 'city'], ids.map((id) => {
      const p = pick();
      return [id, p.latitude + jitter(), p.longitude + jitter(), p.city];
    }));
    const prefs = ids.filter((_, i) => i % 3 === 0).map((id, i) => [
      id, 5 + Math.floor(rand() * 46), i % 2 === 0 ? `{${GAME_TYPES[i % GAME_TYPES.length]},${GAME_TYPES[(i + 3) % GAME_TYPES.length]}}` : '{}',
    ]);
    await insertRows(client, 'notification_preferences', ['user_id', 'nearby_radius_km', 'nearby_game_types'], prefs);
    await client.query('COMMIT');
    await client.query('ANALYZE saved_locations; ANALYZE notification_preferences; ANALYZE notifications');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }

  const games = Array.from({ length: opts.runs }, () => {
    const p = pick();
    return { id: opts.gameId, ownerId: opts.ownerId, gameType: GAME_TYPES[Math.floor(rand() * 4)], latitude: p.latitude + jitter(), longitude: p.longitude + jitter() };
  });
  const now = new Date();
  const text = (g: (typeof games)[number]) =>
    nearbyDraftText({ ...g, eventName: 'Gra', startAt: now, city: 'Miasto', street: 'Ulica', addressNumber: '1' }, now);
  const plan = await database.db.execute(
    // EXPLAIN of the very statement (drizzle renders it with its parameters).
    (await import('drizzle-orm')).sql`EXPLAIN ${NEARBY_MATCH_SQL(games[0], text(games[0]), now)}`,
  );
  const usesIndex = (plan.rows as Record<string, string>[]).some((r) => Object.values(r).join(' ').includes('saved_locations_earth_gist'));

  const times: number[] = [];
  let matched = 0;
  class Rollback extends Error {}
  for (const g of games) {
    try {
      await database.db.transaction(async (tx) => {
        const t = performance.now();
        const res = await tx.execute(NEARBY_MATCH_SQL(g, text(g), now));
        times.push(performance.now() - t);
        matched += res.rows.length;
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
  }
  times.sort((a, b) => a - b);
  return {
    players: opts.players,
    runs: opts.runs,
    p50Ms: times[Math.floor(times.length / 2)],
    p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    matchedAvg: matched / games.length,
    usesIndex,
  };
}
