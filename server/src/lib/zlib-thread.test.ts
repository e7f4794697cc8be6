import { gunzipSync, inflateRawSync, constants } from 'node:zlib';
import { gzipOfPieces, deflatePiece, deflatePieceOffThread } from './gzip-pieces';
import { SharedJson } from './shared-json';
import { ZlibThread, zlibThread } from './zlib-thread';

const markers = (n: number, tag: string) =>
  Buffer.from(`[${Array.from({ length: n }, (_, i) => `{"_id":"${tag}-${i}","eventName":"Orlik Łódź ${i}","price":${i % 30}}`).join(',')}]`);

describe('the compression thread', () => {
  afterAll(() => zlibThread.stop());

  it('gzips and deflates as zlib does on the event loop, many calls at once, each answer its own', async () => {
    const thread = new ZlibThread();
    const texts = Array.from({ length: 40 }, (_, i) => markers(50 + i * 37, `t${i}`));
    const [gzipped, deflated] = await Promise.all([
      Promise.all(texts.map((t) => thread.run('gzip', t, constants.Z_BEST_SPEED))),
      Promise.all(texts.map((t, i) => thread.run('deflateRaw', i % 2 ? t : t.toString(), 9))),
    ]);
    texts.forEach((t, i) => {
      expect(gunzipSync(gzipped[i]).equals(t)).toBe(true);
      // A sync-flushed piece, not a finished stream: inflating it alone reads its whole text.
      expect(inflateRawSync(deflated[i], { finishFlush: constants.Z_SYNC_FLUSH }).equals(t)).toBe(true);
      // Memory of its own size, not a view of a larger chunk.
      expect(deflated[i].buffer.byteLength).toBe(deflated[i].length);
    });
    await thread.stop();
  });

  it('refuses the calls waiting when the thread ends, and the next call starts a new one', async () => {
    const thread = new ZlibThread();
    const waiting = thread.run('gzip', markers(20_000, 'big'), 9);
    await thread.stop();
    await expect(waiting).rejects.toThrow(/zlib thread exited/);
    expect(gunzipSync(await thread.run('gzip', markers(10, 'after'), 1)).equals(markers(10, 'after'))).toBe(true);
    await thread.stop();
  });

  it('makes map pieces that lay together with pieces made on the event loop', async () => {
    const parts = [markers(3, 'a'), markers(2000, 'b'), markers(1, 'c')];
    const pieces = [deflatePiece(parts[0]), await deflatePieceOffThread(parts[1]), deflatePiece(parts[2])];
    expect(gunzipSync(gzipOfPieces(pieces)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('gzips a large shared answer on the thread, and a failed try is not kept for the next request', async () => {
    const value = { events: Array.from({ length: 400 }, (_, i) => ({ _id: `e${i}`, eventName: `Gra ${i}` })) };
    const answer = SharedJson.of(value);
    const failing = answer.gzip();
    await zlibThread.stop();
    await expect(failing).rejects.toThrow();
    expect(JSON.parse(gunzipSync(await answer.gzip()).toString())).toEqual(value);
    // Small answers are gzipped at once, on the event loop.
    const small = SharedJson.of({ events: [], total: 0 });
    expect(JSON.parse(gunzipSync(await small.gzip()).toString())).toEqual({ events: [], total: 0 });
  });
});
