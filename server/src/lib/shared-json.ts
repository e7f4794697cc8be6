import { constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this a gzip frame saves too little to be worth it. */
const GZIP_FROM_BYTES = 1024;
/**
 * zlib's fastest level: on these answers (repetitive JSON keys) it takes half the time of the default
 * level 6 for a few per cent more bytes, and with the cache off every answer is gzipped once (ADR 81).
 */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED };

/**
 * A JSON answer many requests share (see ResultCache): stringified once and, for clients that accept
 * it, gzipped once, instead of per request. The map's list of 1,000 markers is ~290 KB as JSON and
 * ~30 KB gzipped, which is what a phone downloads.
 */
export class SharedJson {
  private gzipped: Buffer | null = null;

  /** `body`: the answer as JSON text, or its UTF-8 bytes (the map's markers are kept so, ADR 96). */
  constructor(readonly body: string | Buffer) {}

  static of(value: unknown): SharedJson {
    return new SharedJson(JSON.stringify(value));
  }

  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.body, GZIP_OPTIONS);
    return this.gzipped;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (accepts && this.body.length >= GZIP_FROM_BYTES) return reply.header('content-encoding', 'gzip').send(this.gzip());
    return reply.send(this.body);
  }
}
