import type { Redis } from 'ioredis';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** How long one publish may wait for Redis before it is given up (a frozen Redis must not pile up work). */
export const PUBLISH_TIMEOUT_MS = 2_000;

/**
 * Reports a Redis outage once when it starts and once when it ends, instead of one line per failed
 * command or reconnect attempt (several a second while Redis is away).
 */
class OutageLog {
  private down = false;
  private failures = 0;
  constructor(
    private readonly log: Log,
    private readonly what: string,
  ) {}
  failed(err: unknown): void {
    this.failures++;
    if (this.down) return;
    this.down = true;
    this.log.warn({ reason: (err as Error)?.message ?? String(err) }, `${this.what}: Redis unavailable; real-time notices reach only this process's sockets until it returns`);
  }
  recovered(): void {
    if (!this.down) return;
    this.log.info({ failedWhileAway: this.failures }, `${this.what}: Redis is back`);
    this.down = false;
    this.failures = 0;
  }
}

/**
 * The two Redis connections of the Socket.IO Redis adapter, made safe for outages (issue 19 defect 2,
 * ADR 0065). The adapter calls `pubClient.publish()` on every broadcast and never handles its
 * rejection; with Redis away that rejection used to be unhandled and took the process down.
 *
 * - pub: no offline queue and a command timeout, so a publish while Redis is down or frozen fails at
 *   once (or after PUBLISH_TIMEOUT_MS) instead of waiting in memory; its `publish` catches and logs
 *   its own failure and resolves to 0 receivers. The adapter delivers to this process's own sockets
 *   before publishing, so local real time keeps working.
 * - sub: keeps ioredis's offline queue and automatic re-subscription, so cross-process delivery
 *   resumes by itself when Redis returns (ioredis reconnects with a back-off of at most 2 s).
 * - both: an 'error' listener (an EventEmitter 'error' without one is an uncaught exception), logged
 *   once per outage.
 */
export function adapterClients(redis: Redis, log: Log): { pub: Redis; sub: Redis; ready(timeoutMs: number): Promise<void> } {
  const pub = redis.duplicate({ lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: PUBLISH_TIMEOUT_MS });
  const sub = redis.duplicate({ lazyConnect: false });
  const pubLog = new OutageLog(log, 'real-time publish');
  const subLog = new OutageLog(log, 'real-time subscription');
  pub.on('error', (err) => pubLog.failed(err));
  sub.on('error', (err) => subLog.failed(err));
  pub.on('ready', () => pubLog.recovered());
  sub.on('ready', () => subLog.recovered());

  const publish = pub.publish.bind(pub) as (channel: string | Buffer, message: string | Buffer) => Promise<number>;
  const safePublish = (channel: string | Buffer, message: string | Buffer): Promise<number> =>
    publish(channel, message).then(
      (n) => {
        pubLog.recovered();
        return n;
      },
      (err: unknown) => {
        pubLog.failed(err);
        return 0;
      },
    );
  (pub as unknown as { publish: typeof safePublish }).publish = safePublish;

  // The adapter subscribes once, when it is created, without handling a rejection either.
  for (const name of ['subscribe', 'psubscribe'] as const) {
    const original = (sub[name] as (...args: unknown[]) => Promise<unknown>).bind(sub);
    (sub as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      original(...args).catch((err: unknown) => {
        subLog.failed(err);
        return 0;
      });
  }

  /** Resolves when both connections are ready, or after timeoutMs (the server starts anyway). */
  const ready = (timeoutMs: number) =>
    Promise.race([
      Promise.all([pub, sub].map((c) => (c.status === 'ready' ? undefined : new Promise<void>((r) => c.once('ready', () => r()))))).then(() => undefined),
      new Promise<void>((r) => setTimeout(r, timeoutMs).unref()),
    ]);
  return { pub, sub, ready };
}
