import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool, type PoolClient } from 'pg';
import { cleanStalePgliteDirs, lockDataDir, OWNER_FILE, PGLITE_SOCKET_PREFIX, type DataDirLock } from '../lib/data-dir-lock';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: Pool;
  engine: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../drizzle');
const MIGRATION_LOCK = 724_311;

/** Starts PGlite in a worker thread and resolves with the directory of its Unix socket. */
async function startPglite(dataDir: string | null): Promise<{ socketDir: string; stop(): Promise<void> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Socket folders a crashed or failed start left behind.
  cleanStalePgliteDirs();
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp dir.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), PGLITE_SOCKET_PREFIX));
  writeFileSync(path.join(socketDir, OWNER_FILE), String(process.pid));
  const worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), {
    workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
      worker.once('message', (m) => (m?.type === 'ready' ? resolve() : reject(new Error('PGlite worker failed'))));
    });
  } catch (err) {
    await worker.terminate().catch(() => undefined);
    rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }
  worker.removeAllListeners('exit');
  return {
    socketDir,
    async stop() {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        worker.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

async function runMigrations(pool: Pool): Promise<void> {
  const client: PoolClient = await pool.connect();
  try {
    // Several processes may start together against one PostgreSQL: one migrates, the others wait.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export interface DatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite is used. */
  url?: string;
  /**
   * PGlite data directory; null keeps the database in memory (tests). Its parent (DATA_DIR) is
   * locked for as long as the database is open: a second opener fails with DataDirLockedError.
   */
  pgliteDir?: string | null;
  poolSize?: number;
  /** PostgreSQL only: connect, query and statement timeout (ms) so an unreachable or frozen server fails fast. */
  timeoutMs?: number;
}

/** PostgreSQL error classes and Node/pg errors that mean "the database cannot answer now". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-4]|57014|58)/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|connection timeout|\.s\.PGSQL\./i;

/** True when `err` (or what it wraps, e.g. a DrizzleQueryError's cause) says the database is unreachable, frozen or overloaded. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || (code.length === 5 && UNAVAILABLE_SQLSTATE.test(code)))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * A connection can end while code holds it between queries: PostgreSQL cuts a session idle in a
 * transaction past its timeout, an administrator terminates it, the network drops. node-postgres
 * then emits 'error' on the client; the pool listens only while the client is idle in it, so for a
 * checked-out client nobody did and the error stopped the process. Listening on every client keeps
 * the failure where it belongs: the holder's next query rejects (its transaction is lost, never
 * half-applied), and the pool discards the client when it comes back.
 */
function survivesLostConnections(pool: Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let pool: Pool;
  let stopEngine = async () => {};
  let lock: DataDirLock | null = null;
  if (opts.url) {
    // 0 turns the timeouts off (seeding and benchmarks run long statements on purpose).
    const timeout = opts.timeoutMs ?? 1500;
    // Migrations may wait for another process's advisory lock: they get a pool without timeouts.
    const migrationPool = new Pool({ connectionString: opts.url, max: 1, connectionTimeoutMillis: 10_000 });
    survivesLostConnections(migrationPool);
    try {
      await runMigrations(migrationPool);
    } finally {
      await migrationPool.end().catch(() => undefined);
    }
    pool = new Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // A stopped server refuses at once; a frozen one (SIGSTOP, a partition) is cut off by these.
      ...(timeout > 0
        ? {
            connectionTimeoutMillis: timeout,
            query_timeout: timeout,
            statement_timeout: timeout,
            idle_in_transaction_session_timeout: Math.max(timeout * 4, 5000),
          }
        : {}),
      keepAlive: true,
    });
    survivesLostConnections(pool);
  } else {
    if (opts.pgliteDir) lock = lockDataDir(path.dirname(opts.pgliteDir));
    try {
      const pglite = await startPglite(opts.pgliteDir ?? null);
      stopEngine = pglite.stop;
      // PGlite is one database session: exactly one connection, kept open.
      pool = new Pool({
        host: pglite.socketDir,
        port: 5432,
        user: 'postgres',
        database: 'postgres',
        max: 1,
        idleTimeoutMillis: 0,
        // When a query error makes pglite-socket drop the connection (a NUL byte in a parameter
        // does), the pool reconnects into the SAME database session: its named prepared statements
        // (the session lookup's `session_user`) and any open transaction are still there, and the
        // new client would fail with "prepared statement ... already exists". Every new connection
        // starts from a clean session before the pool hands it out.
        onConnect: async (client: { query(sql: string): Promise<unknown> }) => {
          await client.query('ROLLBACK; DEALLOCATE ALL');
        },
      } as unknown as ConstructorParameters<typeof Pool>[0]);
      // pglite-socket drops a connection only right after answering a query with an error, so the
      // next query meets the closed socket (EPIPE on write, ECONNRESET on read) without having run:
      // run it once more on the fresh connection instead of failing the request.
      const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        if (typeof args[args.length - 1] === 'function') return query(...args);
        return query(...args).catch((err: { code?: string }) => {
          if (err?.code === 'EPIPE' || err?.code === 'ECONNRESET') return query(...args);
          throw err;
        });
      };
    } catch (err) {
      lock?.release();
      throw err;
    }
    survivesLostConnections(pool);
    try {
      await runMigrations(pool);
    } catch (err) {
      await pool.end().catch(() => undefined);
      await stopEngine();
      lock?.release();
      throw err;
    }
  }
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    engine: opts.url ? 'postgres' : 'pglite',
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end().catch(() => undefined);
      await stopEngine();
      lock?.release();
    },
  };
}
