/**
 * How many chat messages one server process stores and delivers to a 20-member room, and how long
 * delivery takes. `npx tsx bench/chat-fanout.ts` (PGlite), or with DATABASE_URL for PostgreSQL.
 * The per-person send limit is lifted for the run: it caps one person at 2 messages a second by
 * design, and the question here is what the process can carry.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import webpush from 'web-push';
import { build } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { addMember, ensureRoom } from '../server/src/repositories/chat';
import { createSession } from '../server/src/repositories/sessions';
import { createUser } from '../server/src/repositories/users';

const MEMBERS = 20;
const SECONDS = Number(process.env.SECONDS ?? 5);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graj-fanout-'));
  const vapid = webpush.generateVAPIDKeys();
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, COOKIE_SECRET: randomUUID() + randomUUID(), PUBLIC_URL: 'http://127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:9', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.DATABASE_URL ? undefined : null });
  const app = await build({ config, database, logger: false, eventClock: false });
  app.ctx.limiter = { hit: async () => ({ count: 0, resetMs: 0 }), count: async () => ({ count: 0, resetMs: 0 }), reset: async () => undefined, release: async () => undefined };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const db = database.db;
  const roomId = `group_${randomUUID()}`;
  await ensureRoom(db, roomId, 'group', null);
  const members: { id: string; socket: Socket }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const tag = randomUUID().slice(0, 8);
    const user = await createUser(db, { email: `f${tag}@example.com`, nickName: `f${tag}`, name: 'Jan', surname: 'Nowak', phoneNumber: null, birthDate: null, passwordHash: null, isActive: true });
    await addMember(db, roomId, user.id);
    const token = await createSession(db, user.id, config.session, {});
    const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie: `sid=${token}` }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    members.push({ id: user.id, socket });
  }
  await new Promise((r) => setTimeout(r, 500));

  async function phase(label: string, rate: number | null) {
    const latencies: number[] = [];
    let delivered = 0;
    let sent = 0;
    let refused = 0;
    const onMessage = (m: { message: string }) => {
      const at = Number(m.message.split(':')[1]);
      latencies.push(Date.now() - at);
      delivered += 1;
    };
    members.forEach((m) => m.socket.on('newMessage', onMessage));
    const started = Date.now();
    const send = (m: (typeof members)[number]) =>
      new Promise<void>((resolve) => {
        sent += 1;
        m.socket.emit('sendMessage', { roomId, message: `x:${Date.now()}` }, (ack: { ok: boolean }) => {
          if (!ack.ok) refused += 1;
          resolve();
        });
      });
    if (rate === null) {
      // Closed loop: every member sends again as soon as the server acknowledged its last message.
      await Promise.all(members.map(async (m) => {
        while (Date.now() - started < SECONDS * 1000) await send(m);
      }));
    } else {
      let i = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const due = Math.floor(((Date.now() - started) / 1000) * rate) - sent;
          for (let k = 0; k < due; k++) void send(members[i++ % MEMBERS]);
          if (Date.now() - started >= SECONDS * 1000) {
            clearInterval(timer);
            resolve();
          }
        }, 2);
      });
    }
    const window = (Date.now() - started) / 1000;
    const expected = (sent - refused) * MEMBERS;
    const until = Date.now() + 5000;
    while (delivered < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    members.forEach((m) => m.socket.off('newMessage', onMessage));
    latencies.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(22)} ${(sent / window).toFixed(0).padStart(5)} msg/s stored, ${(delivered / window).toFixed(0).padStart(6)} deliveries/s,` +
        ` p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, lost ${expected - delivered}, refused ${refused}`,
    );
  }

  console.log(`engine ${database.engine}, one process, a room of ${MEMBERS} (each message goes to all ${MEMBERS}, sender included), ${SECONDS} s per phase`);
  await phase('warm-up', 50);
  for (const rate of [50, 100, 200]) await phase(`open loop ${rate}/s`, rate);
  await phase('closed loop (ceiling)', null);
  members.forEach((m) => m.socket.close());
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
