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

/** Releases one count taken by `enforceLimit` (e.g. a login that turned out right). */
export async function releaseLimit(limiter: RateLimiter, key: string): Promise<void> {
  await limiter.release(key);
}

/**
 * Per-account login back-off (ADR 0051). The first BACKOFF_FREE failures cost nothing; after that
 * only one attempt per growing interval (5 s, 10 s, 20 s … capped at 5 min) is let through, so a
 * guesser is slowed to a crawl while the owner is never locked out: they wait seconds, or reset the
 * password through the e-mail link, which clears the back-off.
 */
export const BACKOFF_FREE = 5;
export const BACKOFF_WINDOW_MS = 3600_000;
export const BACKOFF_CAP_MS = 300_000;
export const backoffDelayMs = (failures: number) => Math.min(5_000 * 2 ** Math.max(0, failures - BACKOFF_FREE), BACKOFF_CAP_MS);
const failKey = (email: string) => `login:fail:${email.toLowerCase()}`;
const gateKey = (email: string) => `login:gate:${email.toLowerCase()}`;

/**
 * Lets the attempt through or throws 429 with the seconds to wait. Counted first, checked after:
 * each attempt takes its number before the password is checked (a right password clears the count),
 * so parallel attempts cannot all pass as "early"; past the free ones, one attempt per gate window.
 */
export async function passLoginBackoff(limiter: RateLimiter, email: string, msg: (s: number) => string): Promise<void> {
  const { count: attempt } = await limiter.hit(failKey(email), BACKOFF_WINDOW_MS);
  if (attempt <= BACKOFF_FREE) return;
  const gate = await limiter.hit(gateKey(email), backoffDelayMs(attempt - 1));
  if (gate.count > 1) {
    await limiter.release(failKey(email));
    const seconds = Math.max(1, Math.ceil(gate.resetMs / 1000));
    throw new TooManyRequestsError(seconds, msg(seconds));
  }
}

/** A right password, or a password reset through the e-mail link, clears the account's back-off. */
export async function clearLoginBackoff(limiter: RateLimiter, email: string): Promise<void> {
  await Promise.all([limiter.reset(failKey(email)), limiter.reset(gateKey(email))]);
}
