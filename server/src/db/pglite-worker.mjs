// Runs PGlite in its own thread: PGlite executes queries synchronously in the calling thread, which
// would stall the server's event loop. The main thread talks to it over a Unix socket with `pg`.
import './private-files.mjs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath } = workerData;
const db = await PGlite.create(dataDir ?? undefined, { extensions: { cube, earthdistance } });
// One client only (the pool has exactly one connection): the multiplexer would otherwise
// interleave the transactions of different requests inside PGlite's single session.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
await server.start();
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (msg) => {
  if (msg?.type !== 'close') return;
  try {
    await server.stop();
    await db.close();
  } finally {
    parentPort.postMessage({ type: 'closed' });
  }
});
