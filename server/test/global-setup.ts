import { Pool } from 'pg';
import { Redis } from 'ioredis';

/** A URL that is set must be reachable: a run against an unreachable server fails, it never skips. */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1, connectionTimeoutMillis: 5000 });
    try {
      await pool.query('SELECT 1');
    } catch (err) {
      throw new Error(`DATABASE_URL is set but PostgreSQL is unreachable: ${(err as Error).message}`, { cause: err });
    } finally {
      await pool.end();
    }
  }
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      throw new Error(`REDIS_URL is set but Redis is unreachable: ${(err as Error).message}`, { cause: err });
    } finally {
      redis.disconnect();
    }
  }
}
