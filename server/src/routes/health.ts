import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSessionUser } from '../repositories/sessions';
import { UNAVAILABLE_RETRY_AFTER_S } from '../plugins/errors';

type State = 'ok' | 'unavailable' | 'not configured';

const CHECK_TIMEOUT_MS = 1500;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (ADR 60).
 * - `/health/live`: the process is up and its event loop answers; no dependency is asked, so a
 *   supervisor restarts only a stuck process, never one waiting for its database.
 * - `/health/ready` (and `/health`, kept for existing callers): every dependency a signed-in
 *   request needs, each with its state; 503 with Retry-After when one is down, so a load balancer
 *   stops sending traffic here. The database check runs the session lookup itself (the named
 *   prepared statement every signed-in request and socket handshake uses), not just `SELECT 1`.
 */
export async function healthRoutes(app: FastifyInstance) {
  const { database, redis, config } = app.ctx;

  async function checkDatabase(): Promise<State> {
    try {
      await within(findSessionUser(database.db, 'health-check', config.session), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }

  async function checkRedis(): Promise<State> {
    if (!redis) return 'not configured';
    if (redis.status !== 'ready') return 'unavailable';
    try {
      await within(redis.ping(), CHECK_TIMEOUT_MS);
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }

  const ready = async (_request: unknown, reply: FastifyReply) => {
    const [db, red] = await Promise.all([checkDatabase(), checkRedis()]);
    const ok = db === 'ok' && red !== 'unavailable';
    reply.header('Cache-Control', 'no-store');
    if (!ok) reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'error',
      database: db,
      engine: database.engine,
      redis: red,
      dependencies: { database: { state: db, engine: database.engine }, redis: { state: red } },
    });
  };

  app.get('/health', ready);
  app.get('/health/ready', ready);
  app.get('/health/live', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok', uptimeS: Math.round(process.uptime()) };
  });
}
