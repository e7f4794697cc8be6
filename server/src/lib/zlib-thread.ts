import { Worker } from 'node:worker_threads';

/**
 * Compression on a thread of its own (ADR 100). A map answer's remainder (~100–200 KB of JSON) or a
 * large search answer took 0.3–0.7 ms of zlib on the event loop per request; zlib's own async calls
 * still cost the loop ~0.2 ms each (a stream per call, its chunks handed back one by one). Here the
 * loop only posts the text and takes the bytes back (~0.04 ms); the worker runs zlib's sync calls.
 *
 * One worker, started at the first call, not keeping the process alive. If it fails or exits, the
 * calls waiting on it are refused (the request answers 500, nothing else is lost) and the next call
 * starts a new one.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, kind, text, level }) => {
  try {
    const out = kind === 'deflateRaw'
      ? zlib.deflateRawSync(text, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : zlib.gzipSync(text, { level });
    // Memory of its own size (zlib may hand back a view of a larger chunk), moved, not copied, back.
    const own = new Uint8Array(out.length);
    own.set(out);
    parentPort.postMessage({ id, out: own }, [own.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

type Kind = 'deflateRaw' | 'gzip';

/** From this size a text is compressed on the thread; a smaller one costs less to compress than to hand over. */
export const OFF_THREAD_FROM_BYTES = 8 * 1024;

interface Waiting {
  resolve: (out: Buffer) => void;
  reject: (error: Error) => void;
}

export class ZlibThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  run(kind: Kind, text: Buffer | string, level: number): Promise<Buffer> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, kind, text, level });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (m: { id: number; out?: Uint8Array; error?: string }) => {
      const waiting = this.waiting.get(m.id);
      if (!waiting) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      if (m.out) waiting.resolve(Buffer.from(m.out.buffer, m.out.byteOffset, m.out.byteLength));
      else waiting.reject(new Error(`zlib: ${m.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the zlib thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Ends the thread (tests; a server leaves it to end with the process). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (worker) await worker.terminate();
  }
}

/** The process's compression thread. */
export const zlibThread = new ZlibThread();
