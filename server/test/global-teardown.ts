import { Pool } from 'pg';
import { TEST_DB_PREFIX } from './engine';

/** Drops test databases left by a crashed earlier run (older than an hour), so the server stays clean. */
export default async function globalTeardown(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${TEST_DB_PREFIX}%`,
    ]);
    const hourAgo = Date.now() - 3600_000;
    for (const { datname } of rows) {
      const stamp = parseInt(datname.slice(TEST_DB_PREFIX.length).split('_')[0], 36);
      if (stamp < hourAgo) await pool.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await pool.end();
  }
}
