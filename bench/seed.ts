import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { hashPassword } from '../server/src/lib/passwords';
import { openDatabase } from '../server/src/db/database';
import { DataDirLockedError } from '../server/src/lib/data-dir-lock';
import { loadConfig } from '../server/src/config';
import { EVENT_COLUMNS, eventRow, loadPlaces, rng, weightedPicker } from './seed-data';

export const SEED_PASSWORD = 'Haslo123!';

export interface SeedOptions {
  users: number;
  events: number;
  /** Group chat messages per game that has accepted players. */
  messagesPerRoom?: number;
  seed?: number;
  log?: (line: string) => void;
}

export async function insertRows(client: PoolClient, table: string, columns: string[], rows: unknown[][], suffix = '') {
  const per = Math.max(1, Math.floor(60000 / columns.length));
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const params: unknown[] = [];
    const tuples = chunk.map((r) => `(${r.map((v) => `$${params.push(v)}`).join(',')})`);
    const res = await client.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')} ${suffix}`, params);
    out.push(...res.rows);
  }
  return out;
}

/**
 * Fills a migrated database with players (with stats), games spread over Polish towns (denser in
 * cities), participations and group chat history. Everyone's password is SEED_PASSWORD (one
 * argon2id hash, so 10k players take seconds, not minutes).
 */
export async function seed(pool: Pool, opts: SeedOptions) {
  const log = opts.log ?? (() => undefined);
  const rand = rng(opts.seed ?? 7);
  const now = Date.now();
  const hash = await hashPassword(SEED_PASSWORD);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const tag = Date.now().toString(36);
    const userRows = Array.from({ length: opts.users }, (_, i) => [
      `gracz${i}_${tag}@example.com`, `g${i}_${tag}`.slice(0, 20), ['Jan', 'Anna', 'Piotr', 'Kasia', 'Tomek'][i % 5],
      ['Kowalski', 'Nowak', 'Wiśniewski', 'Wójcik', 'Lewandowska'][i % 5], `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`, hash, true,
    ]);
    const users = (await insertRows(client, 'users', ['email', 'nick_name', 'name', 'surname', 'birth_date', 'password_hash', 'is_active'], userRows, 'RETURNING id')).map((r) => r.id as string);
    await insertRows(client, 'user_stats', ['user_id', 'games_played', 'events_organized', 'total_likes'],
      users.map((id) => [id, Math.floor(rand() * 40), Math.floor(rand() * 8), Math.floor(rand() * 25)]));
    log(`users: ${users.length}`);

    const pickPlace = weightedPicker(loadPlaces(), rand);
    // Generated and inserted 50,000 at a time, so a million games do not sit in memory as rows.
    const eventIds: { id: string; owner: string }[] = [];
    for (let done = 0; done < opts.events; done += 50_000) {
      const n = Math.min(50_000, opts.events - done);
      const eventRows = Array.from({ length: n }, () => eventRow(users[Math.floor(rand() * users.length)], pickPlace(), rand, now));
      for (const r of await insertRows(client, 'events', EVENT_COLUMNS, eventRows, 'RETURNING id, owner_id')) eventIds.push({ id: r.id as string, owner: r.owner_id as string });
      if (opts.events > 100_000) log(`events: ${eventIds.length}`);
    }
    log(`events: ${eventIds.length}`);

    const participations: unknown[][] = [];
    const rooms: unknown[][] = [];
    const members: unknown[][] = [];
    const messages: unknown[][] = [];
    const perRoom = opts.messagesPerRoom ?? 5;
    for (const e of eventIds) {
      if (rand() > 0.3) continue;
      const n = 1 + Math.floor(rand() * 8);
      const people = new Set<string>();
      for (let k = 0; k < n; k++) {
        const u = users[Math.floor(rand() * users.length)];
        if (u !== e.owner) people.add(u);
      }
      const accepted: string[] = [];
      for (const u of people) {
        const r = rand();
        const status = r < 0.5 ? 'accepted' : r < 0.85 ? 'interested' : 'rejected';
        participations.push([e.id, u, status, rand() < 0.8]);
        if (status === 'accepted') accepted.push(u);
      }
      if (accepted.length && rooms.length < 20000) {
        const roomId = `group_${e.id}`;
        rooms.push([roomId, 'group', e.id]);
        for (const u of [e.owner, ...accepted]) members.push([roomId, u]);
        for (let m = 0; m < perRoom; m++) {
          const sender = [e.owner, ...accepted][Math.floor(rand() * (accepted.length + 1))];
          messages.push([roomId, sender, ['Kto gra?', 'Będę 10 minut wcześniej', 'Biorę piłkę', 'Super, do zobaczenia!'][m % 4], new Date(now - (perRoom - m) * 60_000)]);
        }
      }
    }
    await insertRows(client, 'participations', ['event_id', 'user_id', 'status', 'read_by'], participations);
    await insertRows(client, 'chat_rooms', ['id', 'type', 'event_id'], rooms);
    await insertRows(client, 'chat_members', ['room_id', 'user_id'], members);
    await insertRows(client, 'chat_messages', ['room_id', 'sender_id', 'body', 'created_at'], messages);
    log(`participations: ${participations.length}, rooms: ${rooms.length}, messages: ${messages.length}`);
    await client.query('COMMIT');
    // What autovacuum would do soon after a bulk load: statistics for the planner and the visibility
    // map, without which search's index-only scans would still read the table.
    await client.query('VACUUM ANALYZE');
    return { users, events: eventIds.map((e) => e.id) };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

if (require.main === module) {
  (async () => {
    const config = loadConfig();
    // Takes the DATA_DIR lock (PGlite): seeding under a running server is refused, not corrupting.
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite'), timeoutMs: 0 });
    const started = Date.now();
    try {
      await seed(database.pool, {
        users: arg('users', 1000), events: arg('events', 10000), messagesPerRoom: arg('messages', 5),
        log: (line) => console.log(line),
      });
      console.log(`seeded ${database.engine} in ${((Date.now() - started) / 1000).toFixed(1)} s; password of every player: ${SEED_PASSWORD}`);
    } finally {
      await database.close();
    }
  })().catch((err) => {
    console.error(err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  });
}
