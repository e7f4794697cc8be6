import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool, type PoolClient } from 'pg';
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
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short temp dir.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'pgl-'));
  const worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), {
    workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
    worker.once('message', (m) => (m?.type === 'ready' ? resolve() : reject(new Error('PGlite worker failed'))));
  });
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
  /** PGlite data directory; null keeps the database in memory (tests). */
  pgliteDir?: string | null;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let pool: Pool;
  let stopEngine = async () => {};
  if (opts.url) {
    pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  } else {
    const pglite = await startPglite(opts.pgliteDir ?? null);
    stopEngine = pglite.stop;
    // PGlite is one database session: exactly one connection, kept open.
    pool = new Pool({ host: pglite.socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  }
  pool.on('error', () => undefined);
  try {
    await runMigrations(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    await stopEngine();
    throw err;
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
    },
  };
}
