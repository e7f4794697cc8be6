/** Bytes per chunk: a few hundred games' texts; a longer text gets a chunk of its own size. */
const CHUNK_BYTES = 1 << 20;

/**
 * Many small texts (UTF-8) kept in a few large buffers, by entry number (ADR 99). The search index
 * holds two texts per game: a million games as two million Buffers made every garbage collection
 * trace two million ArrayBuffers, which slowed every request of the server, not only searches.
 * Here they are a few hundred chunks and three typed arrays.
 *
 * A chunk whose live bytes fall below half of what was written into it is compacted: its live texts
 * are copied to the chunk being filled and it is let go. Views handed out by `get` keep their chunk
 * alive for as long as they are held, and a chunk is never written again once it is let go, so a view
 * never changes under its holder.
 */
export class ByteStore {
  private chunks: (Buffer | null)[] = [];
  /** Bytes written into each chunk, and how many of them still belong to an entry. */
  private written: number[] = [];
  private live: number[] = [];
  private freeChunks: number[] = [];
  /** The chunk new texts go to (-1: none yet). */
  private tail = -1;
  private chunkOf = new Int32Array(1024).fill(-1);
  private offset = new Int32Array(1024);
  private length = new Int32Array(1024);

  /** Chunks held (for tests and the bench's memory figures). */
  get chunkCount(): number {
    return this.chunks.length - this.freeChunks.length;
  }

  /** Stores `text` as entry `entry`, replacing what it held. */
  set(entry: number, text: string): void {
    this.clear(entry);
    if (entry >= this.chunkOf.length) this.grow(entry + 1);
    // UTF-8 takes at most three bytes per UTF-16 unit: room for that saves measuring the text first.
    this.place(entry, text.length * 3, (chunk, at) => chunk.write(text, at));
  }

  /** The chunk holding the entry, or -1. */
  private chunkIndex(entry: number): number {
    return entry < this.chunkOf.length ? this.chunkOf[entry] : -1;
  }

  /** The entry's bytes (a view: valid for as long as it is held); empty when it holds nothing. */
  get(entry: number): Buffer {
    const c = this.chunkIndex(entry);
    if (c < 0) return EMPTY;
    return this.chunks[c]!.subarray(this.offset[entry], this.offset[entry] + this.length[entry]);
  }

  /**
   * The entries' texts laid together in one buffer, `separator` (a byte) between them: one
   * allocation and a copy per text, no view made per entry (the map's remainder of ~1,000 markers).
   */
  join(entries: ArrayLike<number>, separator: number): Buffer {
    let total = Math.max(0, entries.length - 1);
    for (let i = 0; i < entries.length; i++) total += this.chunkIndex(entries[i]) < 0 ? 0 : this.length[entries[i]];
    const out = Buffer.allocUnsafe(total);
    let at = 0;
    for (let i = 0; i < entries.length; i++) {
      if (i > 0) out[at++] = separator;
      const e = entries[i];
      const c = this.chunkIndex(e);
      if (c < 0) continue;
      at += this.chunks[c]!.copy(out, at, this.offset[e], this.offset[e] + this.length[e]);
    }
    return out;
  }

  /**
   * A store whose entry i holds this one's entry `order[i]`, written in that order: texts read
   * together (the map's markers of one place) then sit side by side in memory (ADR 100).
   */
  reordered(order: ArrayLike<number>): ByteStore {
    const out = new ByteStore();
    out.grow(order.length);
    for (let i = 0; i < order.length; i++) {
      const e = order[i];
      const c = this.chunkIndex(e);
      if (c < 0) continue;
      const from = this.offset[e];
      const bytes = this.length[e];
      const source = this.chunks[c]!;
      out.place(i, bytes, (chunk, at) => source.copy(chunk, at, from, from + bytes));
    }
    return out;
  }

  clear(entry: number): void {
    if (entry >= this.chunkOf.length) return;
    const c = this.chunkOf[entry];
    if (c < 0) return;
    this.chunkOf[entry] = -1;
    this.live[c] -= this.length[entry];
    if (c !== this.tail && this.live[c] * 2 < this.written[c]) this.compact(c);
  }

  /**
   * Writes at most `room` bytes for `entry` where there is room: `write` puts them at `at` in `chunk`
   * and says how many it wrote.
   */
  private place(entry: number, room: number, write: (chunk: Buffer, at: number) => number): void {
    if (this.tail < 0 || this.written[this.tail] + room > this.chunks[this.tail]!.length) this.tail = this.newChunk(Math.max(CHUNK_BYTES, room));
    const c = this.tail;
    const at = this.written[c];
    const bytes = write(this.chunks[c]!, at);
    this.written[c] += bytes;
    this.live[c] += bytes;
    this.chunkOf[entry] = c;
    this.offset[entry] = at;
    this.length[entry] = bytes;
  }

  private newChunk(bytes: number): number {
    const c = this.freeChunks.pop() ?? this.chunks.length;
    // Not from Node's shared pool: a chunk lives as long as its texts, never longer.
    this.chunks[c] = Buffer.allocUnsafeSlow(bytes);
    this.written[c] = 0;
    this.live[c] = 0;
    return c;
  }

  /** Moves chunk `c`'s live texts to the tail and lets `c` go. */
  private compact(c: number): void {
    const old = this.chunks[c]!;
    for (let e = 0; e < this.chunkOf.length; e++) {
      if (this.chunkOf[e] !== c) continue;
      const from = this.offset[e];
      const bytes = this.length[e];
      this.place(e, bytes, (chunk, at) => old.copy(chunk, at, from, from + bytes));
    }
    this.chunks[c] = null;
    this.written[c] = 0;
    this.live[c] = 0;
    this.freeChunks.push(c);
  }

  private grow(atLeast: number): void {
    let n = this.chunkOf.length;
    while (n < atLeast) n *= 2;
    const chunkOf = new Int32Array(n).fill(-1);
    chunkOf.set(this.chunkOf);
    const offset = new Int32Array(n);
    offset.set(this.offset);
    const length = new Int32Array(n);
    length.set(this.length);
    [this.chunkOf, this.offset, this.length] = [chunkOf, offset, length];
  }
}

const EMPTY = Buffer.alloc(0);
