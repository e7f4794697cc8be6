import type { RateLimiter } from './rate-limiter';
import { TooManyRequestsError } from './errors';

/** Counts one attempt and refuses with 429 once the window's limit is passed. */
export async function enforceLimit(limiter: RateLimiter, key: string, [max, windowMs]: [number, number]): Promise<void> {
  const { count, resetMs } = await limiter.hit(key, windowMs);
  if (count > max) throw new TooManyRequestsError(Math.ceil(resetMs / 1000));
}

/** Refuses with 429 when a key already reached its limit, without counting this attempt. */
export async function checkLimit(limiter: RateLimiter, key: string, [max]: [number, number]): Promise<void> {
  const { count, resetMs } = await limiter.count(key);
  if (count >= max) throw new TooManyRequestsError(Math.max(1, Math.ceil(resetMs / 1000)));
}
