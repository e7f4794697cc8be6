import type { Redis } from 'ioredis';

/** Fixed-window counters: in memory for one process, in Redis when several processes share the limits. */
export interface RateLimiter {
  /** Adds one to the key's counter and returns the new count and the ms left in the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  count(key: string): Promise<{ count: number; resetMs: number }>;
  reset(key: string): Promise<void>;
  /** Takes back one count (never below zero), keeping the window. */
  release(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; until: number }>();

  private live(key: string) {
    const w = this.windows.get(key);
    if (w && w.until <= Date.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  async hit(key: string, windowMs: number) {
    if (this.windows.size > 100_000) this.sweep();
    const w = this.live(key) ?? { count: 0, until: Date.now() + windowMs };
    w.count += 1;
    this.windows.set(key, w);
    return { count: w.count, resetMs: w.until - Date.now() };
  }

  async count(key: string) {
    const w = this.live(key);
    return w ? { count: w.count, resetMs: w.until - Date.now() } : { count: 0, resetMs: 0 };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async release(key: string) {
    const w = this.live(key);
    if (w && w.count > 0) w.count -= 1;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, w] of this.windows) if (w.until <= now) this.windows.delete(k);
  }
}

/** Where the Redis limiter reports that it fell back to counting in this process. */
export interface LimiterLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Counters in Redis, shared by every process. When Redis is away (not connected, or a command
 * takes longer than `timeoutMs`) the limiter does not wait or fail the request: it counts in this
 * process instead (one warning per outage), so login and registration keep working with
 * per-process limits until Redis returns.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback = new MemoryRateLimiter();
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log?: LimiterLog,
    private readonly timeoutMs = 500,
  ) {}

  /** Runs `op` on Redis, or `local` when Redis is not ready or too slow. */
  private async guarded<T>(op: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') return this.fallBack(new Error(`redis ${this.redis.status}`), local);
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        op(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`redis command timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
        }),
      ]);
      if (this.degraded) {
        this.degraded = false;
        this.log?.info({}, 'rate limiter: Redis is back, counting there again');
      }
      return result;
    } catch (err) {
      return this.fallBack(err, local);
    } finally {
      clearTimeout(timer);
    }
  }

  private fallBack<T>(err: unknown, local: () => Promise<T>): Promise<T> {
    if (!this.degraded) {
      this.degraded = true;
      this.log?.warn({ reason: (err as Error).message }, 'rate limiter: Redis unavailable, counting in this process until it returns');
    }
    return local();
  }

  hit(key: string, windowMs: number) {
    const k = `${this.prefix}rl:${key}`;
    return this.guarded(
      async () => {
        const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
        const count = Number(res?.[0]?.[1] ?? 0);
        const ttl = Number(res?.[2]?.[1] ?? windowMs);
        return { count, resetMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.fallback.hit(key, windowMs),
    );
  }

  count(key: string) {
    const k = `${this.prefix}rl:${key}`;
    return this.guarded(
      async () => {
        const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
        return { count: Number(count ?? 0), resetMs: ttl > 0 ? ttl : 0 };
      },
      () => this.fallback.count(key),
    );
  }

  reset(key: string) {
    return this.guarded(
      async () => {
        await this.redis.del(`${this.prefix}rl:${key}`);
      },
      () => this.fallback.reset(key),
    );
  }

  release(key: string) {
    // Decrement only a live counter above zero, in one step. Guarded like every other method: a
    // right password during a Redis outage gives its count back locally instead of failing the login.
    return this.guarded(
      async () => {
        await this.redis.eval(
          "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then redis.call('DECR', KEYS[1]) end return 0",
          1,
          `${this.prefix}rl:${key}`,
        );
      },
      () => this.fallback.release(key),
    );
  }
}
