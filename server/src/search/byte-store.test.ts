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
});
