import { crc32, gunzipSync } from 'node:zlib';
import { crc32Combine, deflatePiece, gzipOfPieces } from './gzip-pieces';

describe('gzip in pieces', () => {
  it('combines CRC-32s as zlib computes them over the whole text', () => {
    const texts = ['', 'a', '{"events":[', 'Łódź, Kraków, Gdańsk '.repeat(3000), ']}'].map((t) => Buffer.from(t));
    for (const a of texts) {
      for (const b of texts) expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('lays pieces compressed apart, at any level, into one gzip answer any reader inflates to their text', () => {
    const parts = ['{"events":[', '{"_id":"a","eventName":"Orlik"},'.repeat(500), '', '{"_id":"b"}', ']}'].map((t) => Buffer.from(t));
    const pieces = parts.map((p, i) => deflatePiece(p, i % 2 === 0 ? 1 : 9));
    const gz = gzipOfPieces(pieces);
    expect(gunzipSync(gz).equals(Buffer.concat(parts))).toBe(true);
    // Compressed, not stored: repeated markers shrink.
    expect(gz.length).toBeLessThan(Buffer.concat(parts).length / 10);
    expect(gunzipSync(gzipOfPieces([])).length).toBe(0);
  });

  it('keeps a short piece in memory of its own size, not in a view of zlib\'s output chunk', () => {
    const piece = deflatePiece(Buffer.from('{"_id":"a"}'));
    expect(piece.deflated.buffer.byteLength).toBe(piece.deflated.length);
  });
});
