import type { Pool } from 'pg';
import { hashToken, randomToken } from '../../server/src/lib/tokens';
import { EVENT_COLUMNS, eventRow, loadPlaces, rng } from '../seed-data';

export interface BenchIdentities {
  /** Session tokens, one per bench user, as a browser would hold them in the `sid` cookie. */
  tokens: string[];
  userIds: string[];
  /** Group rooms of `roomSize` members each; member i of room r is user r*roomSize+i. */
  rooms: string[];
}

/**
 * Signs in `count` seeded players (sessions written directly, as a login would) and puts them in
 * group rooms of `roomSize`: for each room a game whose organiser and accepted players are its members.
 */
export async function prepareIdentities(pool: Pool, users: string[], count: number, roomSize: number): Promise<BenchIdentities> {
  const client = await pool.connect();
  const rand = rng(99);
  try {
    await client.query('BEGIN');
    const userIds = users.slice(0, count);
    const tokens = userIds.map(() => randomToken());
    const expires = new Date(Date.now() + 24 * 3600_000);
    for (let i = 0; i < userIds.length; i += 500) {
      const params: unknown[] = [];
      const tuples = userIds.slice(i, i + 500).map((id, k) => `($${params.push(hashToken(tokens[i + k]))}, $${params.push(id)}, $${params.push(expires)})`);
      await client.query(`INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ${tuples.join(',')}`, params);
    }
    const warsaw = loadPlaces().find((p) => p.city === 'Warszawa')!;
    const rooms: string[] = [];
    for (let r = 0; r * roomSize + roomSize <= userIds.length; r++) {
      const members = userIds.slice(r * roomSize, (r + 1) * roomSize);
      const row = eventRow(members[0], warsaw, rand, Date.now() + 48 * 3600_000);
      row[EVENT_COLUMNS.indexOf('status')] = 'upcoming';
      const params: unknown[] = [];
      const values = row.map((v) => `$${params.push(v)}`).join(',');
      const { rows } = await client.query(`INSERT INTO events (${EVENT_COLUMNS.join(',')}) VALUES (${values}) RETURNING id`, params);
      const eventId = rows[0].id as string;
      const roomId = `group_${eventId}`;
      await client.query(`INSERT INTO chat_rooms (id, type, event_id) VALUES ($1, 'group', $2) ON CONFLICT DO NOTHING`, [roomId, eventId]);
      for (const m of members.slice(1)) {
        await client.query(`INSERT INTO participations (event_id, user_id, status) VALUES ($1, $2, 'accepted')`, [eventId, m]);
      }
      const p2: unknown[] = [];
      const t2 = members.map((m) => `($${p2.push(roomId)}, $${p2.push(m)})`);
      await client.query(`INSERT INTO chat_members (room_id, user_id) VALUES ${t2.join(',')} ON CONFLICT DO NOTHING`, p2);
      rooms.push(roomId);
    }
    await client.query('COMMIT');
    return { tokens, userIds, rooms };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
