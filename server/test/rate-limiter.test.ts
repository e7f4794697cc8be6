import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import { TEST_ENGINE } from './engine';

const limiters: [string, () => Promise<[RateLimiter, () => void]>][] = [
  ['memory', async () => [new MemoryRateLimiter(), () => undefined]],
];
if (TEST_ENGINE === 'postgres' && process.env.REDIS_URL) {
  limiters.push([
    'redis',
    async () => {
      const redis = new Redis(process.env.REDIS_URL!);
      return [new RedisRateLimiter(redis, `graj-test:${randomBytes(4).toString('hex')}:`), () => redis.disconnect()];
    },
  ]);
}

describe.each(limiters)('%s rate limiter', (_name, make) => {
  it('counts within a window and starts again after it', async () => {
    const [limiter, done] = await make();
    try {
      expect((await limiter.hit('k', 300)).count).toBe(1);
      expect((await limiter.hit('k', 300)).count).toBe(2);
      expect((await limiter.count('k')).count).toBe(2);
      expect((await limiter.count('other')).count).toBe(0);
      await new Promise((r) => setTimeout(r, 350));
      expect((await limiter.count('k')).count).toBe(0);
      expect((await limiter.hit('k', 300)).count).toBe(1);
      await limiter.reset('k');
      expect((await limiter.count('k')).count).toBe(0);
    } finally {
      done();
    }
  });
});
