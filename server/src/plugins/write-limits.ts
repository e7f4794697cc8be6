import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeLimitMsg } from '@contract/messages';
import { TooManyRequestsError } from '../lib/errors';

/** [max, window in ms] per person. */
type Limit = [number, number];
const MIN = 60_000;
const HOUR = 60 * MIN;

/**
 * Per-person limits on writes a script could loop (issue 14 finding 6, ADR 0052). Routes are named
 * by method and their registered URL (the matched route, not the raw path). Every other write a
 * signed-in person makes falls under DEFAULT_WRITE_LIMIT, so a new route is limited from its first
 * day. The numbers sit far above what a person does by hand. Reports keep their own tighter limit
 * (REPORT_LIMIT, 10 an hour) in their route.
 */
export const WRITE_LIMITS: Record<string, { bucket: string; limit: Limit }> = {
  'POST /api/v1/football-events': { bucket: 'create-game', limit: [20, HOUR] },
  'PATCH /api/v1/status/events/:id/finish': { bucket: 'finish-game', limit: [20, HOUR] },
  'POST /api/v1/user-stats/like': { bucket: 'like', limit: [120, 10 * MIN] },
  'DELETE /api/v1/user-stats/like': { bucket: 'like', limit: [120, 10 * MIN] },
  'POST /api/v1/status/events/:id/join': { bucket: 'join-leave', limit: [60, 10 * MIN] },
  'DELETE /api/v1/status/events/:id/leave': { bucket: 'join-leave', limit: [60, 10 * MIN] },
  'POST /api/v1/chat/rooms': { bucket: 'chat-room', limit: [30, 10 * MIN] },
};
export const DEFAULT_WRITE_LIMIT: Limit = [300, 10 * MIN];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Limits a signed-in person's writes, per route bucket, in the shared limiter (Redis when set). */
export function registerWriteLimits(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (READ_METHODS.has(request.method) || !request.user) return;
    const url = request.routeOptions.url;
    if (!url || (request.routeOptions.config as { readOnly?: boolean }).readOnly) return;
    const named = WRITE_LIMITS[`${request.method} ${url}`];
    const bucket = named?.bucket ?? `${request.method} ${url}`;
    const [max, windowMs] = named?.limit ?? DEFAULT_WRITE_LIMIT;
    const { count, resetMs } = await app.ctx.limiter.hit(`write:${bucket}:${request.user.id}`, windowMs);
    if (count > max) {
      const seconds = Math.max(1, Math.ceil(resetMs / 1000));
      throw new TooManyRequestsError(seconds, writeLimitMsg(seconds));
    }
  });
}
