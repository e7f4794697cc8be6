import { constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipOfPieces, type DeflatedPiece } from './gzip-pieces';
import { OFF_THREAD_FROM_BYTES, zlibThread } from './zlib-thread';

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
  private gzipped: Promise<Buffer> | null = null;

  /** `text`: the answer as JSON text or its UTF-8 bytes, or null when it is kept in `pieces` only. */
  private constructor(
    private text: string | Buffer | null,
    private readonly pieces: DeflatedPiece[] | null = null,
  ) {}

  /** An answer given as JSON text, or its UTF-8 bytes. */
  static ofText(body: string | Buffer): SharedJson {
    return new SharedJson(body);
  }

  static of(value: unknown): SharedJson {
    return new SharedJson(JSON.stringify(value));
  }

  /**
   * An answer kept as deflated pieces (the map's markers, ADR 97): a gzip answer is the pieces laid
   * together, nothing compressed again; a client that does not take gzip gets the text inflated
   * from them, so the two cannot differ (ADR 100).
   */
  static ofPieces(pieces: DeflatedPiece[]): SharedJson {
    return new SharedJson(null, pieces);
  }

  get body(): string | Buffer {
    this.text ??= gunzipSync(gzipOfPieces(this.pieces!));
    return this.text;
  }

  private get length(): number {
    return this.text !== null ? this.text.length : this.pieces!.reduce((n, p) => n + p.length, 0);
  }

  /** The answer gzipped, once: laid together from its pieces, or compressed (a large one on the compression thread, ADR 100). */
  gzip(): Promise<Buffer> {
    this.gzipped ??= this.pieces
      ? Promise.resolve(gzipOfPieces(this.pieces))
      : this.length >= OFF_THREAD_FROM_BYTES
        ? zlibThread.run('gzip', this.body, GZIP_OPTIONS.level)
        : Promise.resolve(gzipSync(this.body, GZIP_OPTIONS));
    const gzipped = this.gzipped;
    // A failed compression (the thread died) is not kept: the next request of a shared answer tries again.
    gzipped.catch(() => {
      if (this.gzipped === gzipped) this.gzipped = null;
    });
    return gzipped;
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (accepts && this.length >= GZIP_FROM_BYTES) return reply.header('content-encoding', 'gzip').send(await this.gzip());
    return reply.send(this.body);
  }
}
