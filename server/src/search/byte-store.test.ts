import { ByteStore } from './byte-store';

describe('ByteStore', () => {
  it('gives back each entry as written, in UTF-8, and nothing for an entry never set or cleared', () => {
    const store = new ByteStore();
    store.set(0, 'Orlik Łódź');
    store.set(5000, '{"a":1}');
    expect(store.get(0).toString()).toBe('Orlik Łódź');
    expect(store.get(0).length).toBe(Buffer.byteLength('Orlik Łódź'));
    expect(store.get(5000).toString()).toBe('{"a":1}');
    expect(store.get(1).length).toBe(0);
    expect(store.get(1_000_000).length).toBe(0);
    store.clear(0);
    expect(store.get(0).length).toBe(0);
    store.set(5000, 'nowy');
    expect(store.get(5000).toString()).toBe('nowy');
  });

  it('keeps a hundred thousand texts in a few chunks, not a buffer each', () => {
    const store = new ByteStore();
    for (let i = 0; i < 100_000; i++) store.set(i, `{"_id":"${i}","eventName":"Gra numer ${i}"}`);
    expect(store.chunkCount).toBeLessThanOrEqual(5);
    expect(store.get(99_999).toString()).toBe('{"_id":"99999","eventName":"Gra numer 99999"}');
  });

  it('compacts chunks that are mostly cleared without changing any entry or any view handed out', () => {
    const store = new ByteStore();
    const text = (i: number, round: number) => `gra ${i} runda ${round} ${'x'.repeat(i % 300)}`;
    const expected = new Map<number, string>();
    for (let i = 0; i < 20_000; i++) {
      store.set(i, text(i, 0));
      expected.set(i, text(i, 0));
    }
    const view = store.get(7);
    const before = store.chunkCount;
    // Games end and others change: most entries of the first chunks go, the rest move.
    for (let round = 1; round <= 3; round++) {
      for (let i = 0; i < 20_000; i++) {
        if (i % 3 === round % 3) {
          store.clear(i);
          expected.delete(i);
        } else if (i % 5 === 0) {
          store.set(i, text(i, round));
          expected.set(i, text(i, round));
        }
      }
    }
    for (let i = 0; i < 20_000; i++) expect(store.get(i).toString()).toBe(expected.get(i) ?? '');
    expect(view.toString()).toBe(text(7, 0));
    // What is let go is not kept: the store is not larger than the live texts need.
    const liveBytes = [...expected.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
    expect(store.chunkCount).toBeLessThanOrEqual(Math.max(before, Math.ceil((2 * liveBytes) / (1 << 20)) + 1));
  });

  it('gives a text longer than a chunk a chunk of its own', () => {
    const store = new ByteStore();
    const long = 'ż'.repeat(700_000);
    store.set(1, 'krótki');
    store.set(2, long);
    store.set(3, 'po');
    expect(store.get(2).toString()).toBe(long);
    expect(store.get(1).toString()).toBe('krótki');
    expect(store.get(3).toString()).toBe('po');
  });

  it('joins entries with a separator, and makes a store reordered by entry, texts side by side', () => {
    const store = new ByteStore();
    const texts = Array.from({ length: 3000 }, (_, i) => `{"_id":"${i}","eventName":"Łódź ${'x'.repeat(i % 700)}"}`);
    texts.forEach((t, i) => store.set(i, t));
    store.clear(7);
    const some = [5, 2999, 7, 0, 123_456, 1500];
    expect(store.join(some, 0x2c).toString()).toBe(some.map((i) => (i === 7 || i >= 3000 ? '' : texts[i])).join(','));
    expect(store.join([], 0x2c).length).toBe(0);
    const order = Int32Array.from({ length: 3000 }, (_, i) => 2999 - i);
    const reordered = store.reordered(order);
    for (let i = 0; i < 3000; i++) expect(reordered.get(i).toString()).toBe(order[i] === 7 ? '' : texts[order[i]]);
    // Written in the new order: neighbours in it are neighbours in memory.
    const [a, b] = [reordered.get(100), reordered.get(101)];
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + a.length);
  });
});
