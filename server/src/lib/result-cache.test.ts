import { ResultCache } from './result-cache';

describe('ResultCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1000));

  it('shares one load between callers until the answer is older than its time to live', async () => {
    const cache = new ResultCache<number>(100, 10, clock);
    const load = jest.fn(async () => 42);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([42, 42]);
    now += 99;
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a failed load', async () => {
    const cache = new ResultCache<number>(100, 10, clock);
    await expect(cache.get('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('drops the oldest entries beyond its size, and everything on clear', async () => {
    const cache = new ResultCache<string>(1000, 2, clock);
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    expect(cache.size).toBe(2);
    const load = jest.fn(async () => 'again');
    expect(await cache.get('a', load)).toBe('again');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('is a pass-through when its time to live is zero', async () => {
    const cache = new ResultCache<number>(0, 10, clock);
    const load = jest.fn(async () => 1);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});
