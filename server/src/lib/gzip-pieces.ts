import { constants, crc32, deflateRawSync } from 'node:zlib';
import { OFF_THREAD_FROM_BYTES, zlibThread } from './zlib-thread';

/**
 * A piece of a gzip stream compressed on its own (ADR 97): raw deflate blocks ending on a byte
 * boundary (a sync flush, not the final block), so pieces compressed at different times can be
 * laid one after another and read as one deflate stream. Kept with its text's CRC-32 and length,
 * which the gzip trailer needs.
 */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** `text` compressed as a piece; `level` as zlib's (1 fastest, 9 smallest). */
export function deflatePiece(text: Buffer, level: number = constants.Z_BEST_SPEED): DeflatedPiece {
  return {
    deflated: ownMemory(deflateRawSync(text, { level, finishFlush: constants.Z_SYNC_FLUSH })),
    crc: crc32(text),
    length: text.length,
  };
}

/**
 * `deflatePiece` on the compression thread (ADR 100), so the event loop goes on meanwhile. A small text
 * is compressed at once, because handing it over would cost more.
 */
export async function deflatePieceOffThread(text: Buffer, level: number = constants.Z_BEST_SPEED): Promise<DeflatedPiece> {
  if (text.length < OFF_THREAD_FROM_BYTES) return deflatePiece(text, level);
  const crc = crc32(text);
  return { deflated: await zlibThread.run('deflateRaw', text, level), crc, length: text.length };
}

/**
 * zlib hands a short output back as a view of its 16 KB chunk: a piece kept for long (a map block of
 * a few games) would keep the whole chunk alive. Such a view is copied into memory of its own size.
 */
function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty block with fixed codes: what zlib writes when asked to finish after a sync flush.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member whose text is the pieces' texts in order: no byte is compressed again. */
export function gzipOfPieces(pieces: DeflatedPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const p of pieces) {
    crc = crc32Combine(crc, p.crc, p.length);
    length += p.length;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces.map((p) => p.deflated), FINAL_BLOCK, trailer]);
}

// CRC-32 of two texts laid together from their own CRCs: zlib's crc32_combine (crc32.c), in
// arithmetic modulo the reflected polynomial.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0..31. */
const X2N = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(n · 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA >>> 0) ^ (crcB >>> 0)) >>> 0;
}
