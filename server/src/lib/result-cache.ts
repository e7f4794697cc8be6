/**
 * A small in-process cache for public, read-mostly answers (search results): identical requests
 * arriving together share one database query (single flight), and the answer is reused for `ttlMs`.
 * `clear()` drops everything at once; the app calls it after every successful write in this process,
 * so a user never misses their own change. Other processes see a change after at most `ttlMs`.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < this.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { at: t, value });
    // A failed load is never served to anyone else.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Oldest first (insertion order): drop what overflows.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
