/**
 * Two-process failover with chat (issue 19 "Beyond the fixes"; the README's deployment section):
 * processes A and B share one PostgreSQL database and a Redis of this test's own. A player chats
 * through A while the organiser listens on B; A is killed with SIGKILL in the middle of the stream.
 * The player's client then reaches B (what the proxy does when A is gone) with the same session:
 * no acknowledged message is lost, the organiser on B receives everything sent after the failover,
 * and the player's signed-in HTTP calls work through B. Prints the figures.
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import { CHAT_SEND_LIMIT, type ChatMessage } from '@contract/chat';
import { eventBody } from '../test/event-fixtures';
import { acceptedInto, clusterResources, Person, sendChat as send, sleep, startTwo } from '../test/processes';

const cluster = clusterResources('failover');
const { sockets, dataDir } = cluster;

it('kill -9 of one of two processes during chat: nothing acknowledged is lost and people carry on through the other', async () => {
  const [a, b] = await startTwo(cluster);
  const tag = randomBytes(3).toString('hex');
  const owner = new Person(`org${tag}`, dataDir);
  const player = new Person(`gr${tag}`, dataDir);
  await owner.signUp(b.url);
  await player.signUp(a.url);
  const { roomId } = await acceptedInto(owner, b.url, player, a.url, eventBody());

  const ownerSocket = await owner.socket(b.url);
  sockets.push(ownerSocket);
  const heardByOwner = new Set<string>();
  ownerSocket.on('newMessage', (m: ChatMessage) => heardByOwner.add(m.message));

  // The player streams messages through A (within the per-person send limit, which leaves room for
  // the five after the failover); A is killed after the 6th acknowledgement.
  const [allowance] = CHAT_SEND_LIMIT;
  const onA = await player.socket(a.url);
  sockets.push(onA);
  const acked = new Set<string>();
  let killedAt = 0;
  const stream = Array.from({ length: allowance - 8 }, (_, i) =>
    send(onA, roomId, `przed ${i}`).then(
      (ack) => {
        if (!ack.ok || killedAt) return;
        acked.add(`przed ${i}`);
        if (acked.size === 6) {
          killedAt = Date.now();
          a.proc.child.kill('SIGKILL');
        }
      },
      () => undefined,
    ),
  );
  await a.proc.exited;
  await Promise.allSettled(stream);
  expect(a.proc.child.signalCode).toBe('SIGKILL');

  // The client reconnects; the proxy now sends it to B. Same cookie, same session.
  let onB: Socket | undefined;
  while (!onB) onB = await player.socket(b.url).catch(() => sleep(100).then(() => undefined));
  sockets.push(onB);
  const after = Array.from({ length: 5 }, (_, i) => `po ${i}`);
  for (const text of after) expect(await send(onB, roomId, text)).toMatchObject({ ok: true });
  const failoverSeconds = (Date.now() - killedAt) / 1000;
  for (let i = 0; i < 50 && !after.every((t) => heardByOwner.has(t)); i++) await sleep(100);
  expect(after.filter((t) => !heardByOwner.has(t))).toEqual([]);

  // Signed-in HTTP through B with the same session, and the history holds every acknowledged message.
  const history = await player.call(b.url, 'GET', `/api/v1/chat/messages/${roomId}`);
  expect(history.status).toBe(200);
  const pool = new Pool({ connectionString: cluster.env().DATABASE_URL, max: 1 });
  const stored = new Set((await pool.query<{ body: string }>('SELECT body FROM chat_messages')).rows.map((r) => r.body));
  await pool.end();
  const lost = [...acked].filter((m) => !stored.has(m));
  expect(lost).toEqual([]);
  const storedBefore = [...stored].filter((m) => m.startsWith('przed ')).length;
  console.log(
    `Failover, kill -9 of A during chat: acknowledged ${acked.size}, stored ${storedBefore} (lost 0); the player chatting through B ${failoverSeconds.toFixed(1)} s after the kill with the same session; the organiser on B got ${after.length}/${after.length} later messages; B up`,
  );
  expect(b.proc.child.exitCode).toBeNull();
});
