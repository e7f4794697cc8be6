/**
 * kill -9 during writes (issue 19 "Beyond the fixes"): a server process takes a stream of chat
 * messages from five people (each acknowledged only after it is stored), is killed with SIGKILL in
 * the middle of it, and is started again on the same data; ×5 on PGlite (DATA_DIR) and on PostgreSQL.
 * Every acknowledged message must be stored. Prints "kill -9 ×N during writes: acknowledged A, stored S".
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import type { SocketAck } from '@contract/chat';
import { CHAT_SEND_LIMIT } from '@contract/chat';
import { eventBody } from '../test/event-fixtures';
import { databaseUrl, NODE, PG_ADMIN_URL, Person, run, startServer } from '../test/processes';

const ROUNDS = 5;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'graj-fault-kill9-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Owner + four accepted players of one game: five people writing into its group chat. */
async function people(base: string, dataDir: string): Promise<{ writers: Person[]; roomId: string }> {
  const tag = randomBytes(3).toString('hex');
  const writers = Array.from({ length: 5 }, (_, i) => new Person(`k${i}${tag}`, dataDir));
  for (const p of writers) await p.signUp(base);
  const [owner, ...players] = writers;
  const event = (await owner.call(base, 'POST', '/api/v1/football-events', eventBody())).json.event;
  for (const p of players) {
    expect((await p.call(base, 'POST', `/api/v1/status/events/${event._id}/join`)).status).toBe(201);
    expect((await owner.call(base, 'PATCH', `/api/v1/status/events/${event._id}/users/${p.id}/status`, { status: 'accepted' })).status).toBe(200);
  }
  return { writers, roomId: `group_${event._id}` };
}

/**
 * One round: every writer sends its whole per-window allowance at once; after `killAfter` of them are
 * acknowledged the server is killed with SIGKILL while the rest are still being written.
 */
async function round(server: Awaited<ReturnType<typeof startServer>>, writers: Person[], roomId: string, n: number, acked: Set<string>) {
  const sockets: Socket[] = await Promise.all(writers.map((w) => w.socket(server.url)));
  const [perWriter] = CHAT_SEND_LIMIT;
  const killAfter = 10 + ((n * 17) % 40);
  let ackedThisRound = 0;
  const sends = sockets.flatMap((s, i) =>
    Array.from({ length: perWriter }, (_, k) => {
      const text = `r${n} w${i} m${k}`;
      return s
        .timeout(15_000)
        .emitWithAck('sendMessage', { roomId, message: text })
        .then((ack: SocketAck) => {
          if (!ack.ok || server.proc.child.exitCode !== null || server.proc.child.signalCode) return;
          acked.add(text);
          if (++ackedThisRound === killAfter) server.proc.child.kill('SIGKILL');
        }, () => undefined);
    }),
  );
  await server.proc.exited;
  await Promise.race([Promise.allSettled(sends), new Promise((r) => setTimeout(r, 2000))]);
  sockets.forEach((s) => s.close());
  return ackedThisRound;
}

async function killNine(env: Record<string, string>, dataDir: string, stored: () => Promise<string[]>, engine: string) {
  let server = await startServer(env);
  const { writers, roomId } = await people(server.url, dataDir);
  const acked = new Set<string>();
  const perRound: number[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    perRound.push(await round(server, writers, roomId, n, acked));
    expect(server.proc.child.signalCode).toBe('SIGKILL');
    server = await startServer(env);
  }
  server.proc.child.kill('SIGTERM');
  expect(await server.proc.exited).toBe(0);
  const inDb = new Set((await stored()).filter((m) => /^r\d+ w\d+ m\d+$/.test(m)));
  const lost = [...acked].filter((m) => !inDb.has(m));
  console.log(`kill -9 ×${ROUNDS} during writes (${engine}): acknowledged ${acked.size}, stored ${inDb.size} (acknowledged but lost: ${lost.length}; per round acknowledged ${perRound.join('/')})`);
  expect(perRound.every((a) => a > 0)).toBe(true);
  expect(lost).toEqual([]);
}

it('PGlite: kill -9 ×5 during chat writes loses no acknowledged message', async () => {
  const dataDir = path.join(tmp, 'pglite');
  await killNine({ DATA_DIR: dataDir }, dataDir, async () => {
    const p = run(NODE, ['--import', 'tsx', 'server/faults/dump-tables.ts', dataDir, 'chat_messages'], {});
    let out = '';
    p.child.stdout!.on('data', (d) => (out += String(d)));
    expect(await p.exited).toBe(0);
    return (JSON.parse(out) as { chat_messages: { body: string }[] }).chat_messages.map((m) => m.body);
  }, 'PGlite');
});

it('PostgreSQL: kill -9 ×5 during chat writes loses no acknowledged message', async () => {
  const admin = new Pool({ connectionString: PG_ADMIN_URL, max: 1 });
  const name = `graj_fault_k9_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = path.join(tmp, 'pg');
  try {
    await killNine({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) }, dataDir, async () => {
      const pool = new Pool({ connectionString: databaseUrl(name), max: 1 });
      try {
        return (await pool.query<{ body: string }>('SELECT body FROM chat_messages')).rows.map((r) => r.body);
      } finally {
        await pool.end();
      }
    }, 'PostgreSQL');
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
