import { lazyInOrder } from './lazyInOrder';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('lazyInOrder', () => {
  it('queues handlers until the module loads, then runs them in order, and later ones at once', async () => {
    const load = deferred<{ name: string }>();
    const loader = jest.fn(() => load.promise);
    const lazy = lazyInOrder(loader);
    const seen: string[] = [];
    lazy.run((m) => seen.push(`${m.name}:1`));
    lazy.run((m) => seen.push(`${m.name}:2`));
    expect(seen).toEqual([]);
    load.resolve({ name: 'zod' });
    await flush();
    expect(seen).toEqual(['zod:1', 'zod:2']);
    lazy.run((m) => seen.push(`${m.name}:3`));
    expect(seen).toEqual(['zod:1', 'zod:2', 'zod:3']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('keeps the order when a handler arrives while the queue drains', async () => {
    const load = deferred<number>();
    const lazy = lazyInOrder(() => load.promise);
    const seen: number[] = [];
    lazy.run(() => {
      seen.push(1);
      lazy.run(() => seen.push(3));
    });
    lazy.run(() => seen.push(2));
    load.resolve(7);
    await flush();
    expect(seen).toEqual([1, 2, 3]);
  });

  it('goes on after a handler throws', async () => {
    const lazy = lazyInOrder(() => Promise.resolve(1));
    const seen: number[] = [];
    lazy.run(() => {
      throw new Error('zły ładunek');
    });
    lazy.run((m) => seen.push(m));
    await flush();
    expect(seen).toEqual([1]);
  });

  it('drops what waited on a failed load and loads again for the next handler', async () => {
    const loads = [deferred<string>(), deferred<string>()];
    let n = 0;
    const lazy = lazyInOrder(() => loads[n++].promise);
    const seen: string[] = [];
    lazy.run((m) => seen.push(`a:${m}`));
    loads[0].reject(new Error('offline'));
    await flush();
    lazy.run((m) => seen.push(`b:${m}`));
    loads[1].resolve('ok');
    await flush();
    expect(seen).toEqual(['b:ok']);
    expect(n).toBe(2);
  });
});
