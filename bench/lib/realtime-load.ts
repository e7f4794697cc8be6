import { io, type Socket } from 'socket.io-client';
import type { BenchIdentities } from './prepare';

export interface RealtimeResult {
  sockets: number;
  roomSize: number;
  sent: number;
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  refused: number;
  deliveredPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

interface Client {
  socket: Socket;
  userId: string;
  roomId: string;
  seen: Set<string>;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function connectAll(urls: string[], ids: BenchIdentities, roomSize: number): Promise<Client[]> {
  const clients: Client[] = [];
  const count = ids.rooms.length * roomSize;
  for (let start = 0; start < count; start += 100) {
    const batch = [];
    for (let i = start; i < Math.min(count, start + 100); i++) {
      const socket = io(urls[i % urls.length], {
        transports: ['websocket'],
        extraHeaders: { cookie: `sid=${ids.tokens[i]}` },
        reconnection: false,
        forceNew: true,
      });
      const client: Client = { socket, userId: ids.userIds[i], roomId: ids.rooms[Math.floor(i / roomSize)], seen: new Set() };
      clients.push(client);
      batch.push(
        new Promise<void>((resolve, reject) => {
          socket.once('connect', () => {
            socket.emit('joinRoom', client.roomId);
            resolve();
          });
          socket.once('connect_error', reject);
        }),
      );
    }
    await Promise.all(batch);
  }
  return clients;
}

/**
 * `sockets` connected players in rooms of `roomSize`; messages are sent at `deliveriesPerSec / (roomSize-1)`
 * per second from random members for `durationSec`. Every receipt by another member is counted and
 * timed (send and receive happen in this process, so one clock), and lost or repeated ones are counted.
 */
export async function realtimeLoad(urls: string[], ids: BenchIdentities, o: { roomSize: number; deliveriesPerSec: number; durationSec: number }): Promise<RealtimeResult> {
  const clients = await connectAll(urls, ids, o.roomSize);
  // Let the joins land everywhere (across processes through Redis) before measuring.
  await new Promise((r) => setTimeout(r, 1500));
  const latencies: number[] = [];
  let delivered = 0;
  let duplicated = 0;
  let refused = 0;
  for (const c of clients) {
    c.socket.on('newMessage', (m: { sender?: { _id?: string }; message?: string }) => {
      const match = /^bench:(\d+):(\d+)$/.exec(m?.message ?? '');
      if (!match || m.sender?._id === c.userId) return;
      if (c.seen.has(match[1])) {
        duplicated += 1;
        return;
      }
      c.seen.add(match[1]);
      delivered += 1;
      latencies.push(Date.now() - Number(match[2]));
    });
  }
  const sendsPerSec = o.deliveriesPerSec / (o.roomSize - 1);
  const started = Date.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (Date.now() - started) / 1000;
      if (elapsed >= o.durationSec) {
        clearInterval(timer);
        return resolve();
      }
      const due = Math.floor(elapsed * sendsPerSec) - sent;
      for (let k = 0; k < due; k++) {
        const c = clients[Math.floor(Math.random() * clients.length)];
        const id = ++sent;
        c.socket.emit('sendMessage', { roomId: c.roomId, message: `bench:${id}:${Date.now()}`, senderId: c.userId }, (ack?: { ok?: boolean }) => {
          if (ack && ack.ok === false) refused += 1;
        });
      }
    }, 5);
  });
  const window = (Date.now() - started) / 1000;
  const expected = (sent - refused) * (o.roomSize - 1);
  const drainUntil = Date.now() + 5000;
  while (delivered + duplicated < expected && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  clients.forEach((c) => c.socket.close());
  latencies.sort((a, b) => a - b);
  return {
    sockets: clients.length, roomSize: o.roomSize, sent, expected, delivered, lost: Math.max(0, expected - delivered),
    duplicated, refused, deliveredPerSec: delivered / window, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99),
  };
}
