import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { openDatabase, type Database } from '../src/db/database';

/** Which engine this jest project tests: the embedded PGlite, or the PostgreSQL at DATABASE_URL. */
export const TEST_ENGINE: 'pglite' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
export const TEST_DB_PREFIX = 'graj_test_';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one suite: in-memory PGlite, or a new PostgreSQL database
 * (dropped on close), so suites and runs never see each other's rows.
 */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_ENGINE === 'pglite') return openDatabase({ pgliteDir: null });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs DATABASE_URL');
  const name = `${TEST_DB_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: adminUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  // Generous timeouts: a shared, busy test machine must not turn slow queries into 503s.
  const database = await openDatabase({ url: withDatabase(adminUrl, name), poolSize: 5, timeoutMs: 15_000 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}
