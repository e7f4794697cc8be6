import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@contract/messages';
import { isDatabaseUnavailable } from '../db/database';
import { HttpError, TooManyRequestsError } from '../lib/errors';

/** Seconds a client is asked to wait when a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Redis (ioredis) failures that mean "cannot answer now" rather than a bug. */
function isRedisUnavailable(err: unknown): boolean {
  const e = err as { name?: unknown; message?: unknown };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    (typeof e?.message === 'string' && /Connection is closed|Command timed out|Stream isn't writeable|ECONNREFUSED/.test(e.message))
  );
}

/**
 * One place turns every failure into the `{ msg, errors? }` shape the spec's client reads:
 * `errors` maps a field to its message, `msg` joins the messages with commas (the add-event form
 * splits them back). Server errors never leak internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!(key in errors)) errors[key] = v.message ?? MSG.invalidData;
      }
      return reply.status(400).send({ msg: [...new Set(Object.values(errors))].join(', '), errors });
    }
    if (err instanceof HttpError) {
      if (err instanceof TooManyRequestsError) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(err.errors ? { msg: err.message, errors: err.errors } : { msg: err.message });
    }
    if (isDatabaseUnavailable(err) || isRedisUnavailable(err)) {
      // An outage, not a bug: no stack, no query parameters (they may hold e-mail addresses).
      let root: unknown = err;
      while ((root as { cause?: unknown })?.cause) root = (root as { cause: unknown }).cause;
      const { code, message } = root as { code?: unknown; message?: unknown };
      request.log.warn({ code, reason: String(message ?? '').slice(0, 200) }, 'dependency unavailable');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.status(503).send({ msg: MSG.serviceUnavailable });
    }
    const status = typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ msg: MSG.serverError });
    }
    const msg = status === 429 ? MSG.tooManyRequests : status === 404 ? MSG.notFound : MSG.invalidData;
    return reply.status(status).send({ msg });
  });
}
