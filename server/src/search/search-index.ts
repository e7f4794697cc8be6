import type { Pool, PoolClient } from 'pg';
import { readListedAmong, readListedGames, toEventDto, type EventWithOwner } from '../repositories/events';
import { GameIndex, type IndexedGame } from './game-index';
/** Finished transactions are those below the snapshot's xmin: their change rows are final. */
const HORIZON = `pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;
/** Games read per statement of a full load: the event loop is never held long by one batch's games. */
const LOAD_BATCH = 5_000;
/**
 * A full load's own time limit per statement and between them, instead of the pool's (DB_TIMEOUT_MS,
 * 1.5 s by default, made for a person's request): at a million games a batch read from disk under
 * load took longer than that, and a load that always fails left search unanswered (ADR 99). A minute
 * still tells a stuck database from a slow read.
 */
const LOAD_TIMEOUT_MS = 60_000;
/** Change rows are pruned after an hour: a process that has not looked for half of that reloads. */
export const CHANGES_KEPT_MS = 60 * 60 * 1000;
const RELOAD_AFTER_MS = CHANGES_KEPT_MS / 2;

function toGame(e: EventWithOwner): IndexedGame {
  return {
    id: e.id,
    latitude: e.latitude,
    longitude: e.longitude,
    gameType: e.gameType,
    startAt: e.startAt,
    endAt: e.endAt,
    eventName: e.eventName,
    duration: e.duration,
    price: Number(e.price),
    playerCount: e.playerCount,
    card: JSON.stringify(toEventDto(e)).slice(0, -1),
  };
}

/**
 * Keeps this process's `GameIndex` in step with the `events` table (ADR 96): a full load at first
 * use (and after any database error), then the games named in `event_search_changes` by transactions
 * that finished since the last look. A search asks for `current()`: it reads the changes first when
 * the last look is older than `syncMs`, or when this process itself wrote since (`wrote()`), so a
 * person always finds the game they just saved. Concurrent askers share one look.
 */
export class SearchIndex {
  private games = new GameIndex();
  /** Transactions below this had been read; null: load everything. */
  private horizon: number | null = null;
  private lookedAt = 0;
  private writes = 0;
  private coveredWrites = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly syncMs: number,
  ) {}

  /** This process changed games: the next search reads the changes before answering. */
  wrote(): void {
    this.writes++;
  }

  /** The index, with every change of finished transactions up to at most `syncMs` ago. */
  async current(): Promise<GameIndex> {
    for (;;) {
      const fresh = this.horizon !== null && this.coveredWrites >= this.writes && Date.now() - this.lookedAt < this.syncMs;
      if (fresh) return this.games;
      if (this.running) {
        // A look already under way may have started before what we need: check again after it.
        await this.running;
        if (this.syncMs > 0 || this.coveredWrites < this.writes) continue;
        return this.games;
      }
      this.running = this.look().finally(() => (this.running = null));
      await this.running;
      return this.games;
    }
  }

  private async look(): Promise<void> {
    const writes = this.writes;
    const startedAt = Date.now();
    try {
      if (this.horizon === null || startedAt - this.lookedAt > RELOAD_AFTER_MS) await this.load();
      else await this.readChanges(this.horizon);
      this.coveredWrites = writes;
      this.lookedAt = startedAt;
    } catch (err) {
      // Changes may have been missed while the database was away: start again from a full load.
      this.horizon = null;
      throw err;
    }
  }

  /** Every listed game, read in one snapshot whose horizon the following looks start from. */
  private async load(): Promise<void> {
    const client: PoolClient = await this.pool.connect();
    const games = new GameIndex();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${LOAD_TIMEOUT_MS}`);
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${LOAD_TIMEOUT_MS}`);
      const horizon = Number((await client.query(`SELECT ${HORIZON} AS h`)).rows[0].h);
      for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
        const batch = await readListedGames(client, after, LOAD_BATCH, LOAD_TIMEOUT_MS);
        for (const game of batch) games.upsert(toGame(game));
        if (batch.length < LOAD_BATCH) break;
        after = batch[batch.length - 1].id;
      }
      await client.query('COMMIT');
      games.pack();
      this.games = games;
      this.horizon = horizon;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** The games changed by transactions finished since `from`, re-read as they are now. */
  private async readChanges(from: number): Promise<void> {
    const res = await this.pool.query({
      name: 'search_index_changes',
      text: `WITH h AS (SELECT ${HORIZON} AS x)
        SELECT (SELECT x FROM h) AS horizon,
          array(SELECT DISTINCT c.event_id::text FROM event_search_changes c, h WHERE c.txid >= $1::bigint AND c.txid < h.x) AS ids`,
      values: [from],
    });
    const horizon = Number(res.rows[0].horizon);
    const ids = res.rows[0].ids as string[];
    for (let i = 0; i < ids.length; i += LOAD_BATCH) {
      const batch = ids.slice(i, i + LOAD_BATCH);
      const listed = new Set<string>();
      for (const game of await readListedAmong(this.pool, batch)) {
        this.games.upsert(toGame(game));
        listed.add(game.id);
      }
      for (const id of batch) if (!listed.has(id)) this.games.remove(id);
    }
    this.horizon = horizon;
  }
}

/** Deletes change rows no process needs any more (every process reloads after half this age). */
export async function pruneSearchChanges(pool: Pool): Promise<number> {
  const res = await pool.query(`DELETE FROM event_search_changes WHERE changed_at < now() - make_interval(secs => $1::float8)`, [
    CHANGES_KEPT_MS / 1000,
  ]);
  return res.rowCount ?? 0;
}
