/**
 * Issue 19 defect 2: real-time publishing must never take the server down. Unit level: the adapter's
 * Redis clients against a Redis that is not there, and the process guards. The whole-process check
 * (stop/restart a real Redis under two servers) is server/faults/redis-outage.fault.ts.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { Redis } from 'ioredis';
import { adapterClients } from '../src/realtime/adapter-clients';
import { installProcessGuards } from '../src/lib/process-guards';
import { RedisRateLimiter } from '../src/lib/rate-limiter';

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('adapter Redis clients while Redis is away', () => {
  it('publish resolves to 0 receivers at once and logs the outage once; no rejection escapes', async () => {
    const port = await closedPort();
    const main = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const lines: string[] = [];
    const log = { warn: (_o: object, m: string) => lines.push(m), info: (_o: object, m: string) => lines.push(m) };
    const { pub, sub } = adapterClients(main, log);
    const escaped: unknown[] = [];
    const onRejection = (r: unknown) => escaped.push(r);
    process.on('unhandledRejection', onRejection);
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => pub.publish('graj:socket.io#/#', `m${i}`)));
      expect(results).toEqual(Array(20).fill(0));
      // The subscription the adapter makes on creation must not escape either.
      await expect(sub.psubscribe('graj:socket.io#*')).resolves.toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(escaped).toEqual([]);
      expect(lines.filter((l) => l.startsWith('real-time publish')).length).toBe(1);
    } finally {
      process.off('unhandledRejection', onRejection);
      pub.disconnect();
      sub.disconnect();
      main.disconnect();
    }
  });
});

describe('Redis rate limiter while Redis is away', () => {
  it('every method (hit, count, release, reset) answers from this process instead of failing the request', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { lazyConnect: true, maxRetriesPerRequest: 0 });
    const limiter = new RedisRateLimiter(redis, 'graj-test:');
    try {
      expect((await limiter.hit('login:ip:x', 60_000)).count).toBe(1);
      expect((await limiter.hit('login:ip:x', 60_000)).count).toBe(2);
      await limiter.release('login:ip:x');
      expect((await limiter.count('login:ip:x')).count).toBe(1);
      await limiter.reset('login:ip:x');
      expect((await limiter.count('login:ip:x')).count).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});

describe('process guards (server.ts)', () => {
  it('logs an unhandled rejection and keeps going; an uncaught exception is logged and shuts down once', () => {
    const proc = new EventEmitter();
    const logged: string[] = [];
    const fatal: unknown[] = [];
    const log = { error: (_o: object, m: string) => logged.push(`error:${m}`), fatal: (_o: object, m: string) => logged.push(`fatal:${m}`) };
    const remove = installProcessGuards(proc, () => log, (err) => fatal.push(err));
    proc.emit('unhandledRejection', new Error('publish failed'));
    expect(logged).toEqual(['error:unhandled promise rejection; still serving']);
    expect(fatal).toEqual([]);
    const boom = new Error('boom');
    proc.emit('uncaughtException', boom, 'uncaughtException');
    proc.emit('uncaughtException', new Error('again'), 'uncaughtException');
    expect(fatal).toEqual([boom]);
    expect(logged.filter((l) => l.startsWith('fatal:'))).toHaveLength(2);
    remove();
    expect(proc.listenerCount('unhandledRejection') + proc.listenerCount('uncaughtException')).toBe(0);
  });
});
