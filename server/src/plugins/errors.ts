import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@contract/messages';
import { HttpError, TooManyRequestsError } from '../lib/errors';

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
    const status = typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ msg: MSG.serverError });
    }
    const msg = status === 429 ? MSG.tooManyRequests : status === 404 ? MSG.notFound : MSG.invalidData;
    return reply.status(status).send({ msg });
  });
}
