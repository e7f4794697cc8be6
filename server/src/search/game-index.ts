import { constants } from 'node:zlib';
import { MAP_CELL_MIN_ZOOM, MAP_CLUSTER_MAX_ZOOM, mapCellWidth, type MapClusterDto, type MapEventDto } from '@contract/events';
import { deflatePiece, deflatePieceOffThread, type DeflatedPiece } from '../lib/gzip-pieces';
import { ByteStore } from './byte-store';
import { Grid } from './grid';

/** earthdistance's earth radius in metres (its `earth()`): chords here are the cube's `<->`. */
export const EARTH_RADIUS_M = 6378168;
const RAD = Math.PI / 180;

/** What the index keeps of a game search or the map may show (public, upcoming or live). */
export interface IndexedGame {
  id: string;
  latitude: number;
  longitude: number;
  gameType: string;
  startAt: Date;
  endAt: Date;
  eventName: string;
  duration: number;
  price: number;
  playerCount: number;
  /** The game as a search answer shows it: its JSON object without the closing brace (the distance goes there). */
  card: string;
}

/** The straight-line (chord) distance in metres for a distance along the ground. */
export function chordOf(metres: number): number {
  return 2 * EARTH_RADIUS_M * Math.sin(Math.min(metres, Math.PI * EARTH_RADIUS_M) / (2 * EARTH_RADIUS_M));
}

/** The grid's cells: about 4.4 km square at Poland's latitudes (the map's blocks are these cells). */
const CELL_LAT = 0.04;
const CELL_LON = 0.064;
/**
 * A grid eight times finer (about 550 m) for where games are dense: there the coarse cell around a
 * point holds many more games than a page needs, and walking it whole made a search's cost grow with
 * the number of games in the city rather than with the page (ADR 99).
 */
const FINE = 8;
/**
 * A fine cell inside a cut coarse cell is sent as a kept block from this many chosen games. Each
 * block is compressed on its own, so small ones cost bytes: at a million games, 16 lies between
 * 10 (the part compressed per answer 61% smaller, 13% more bytes in it) and 20 (41%, 5%) (ADR 101).
 */
const FINE_BLOCK_FROM = 16;
/** A walk on the fine grid that has not found its games within this many rings starts again on the coarse one. */
const FINE_RINGS = 12;

/**
 * A walk's candidates: slots and their chords side by side in typed arrays, so that reading a
 * dense place makes no object per game (ADR 100). The index keeps two and reuses them on every walk;
 * what a walk found is read before the next one starts.
 */
class Candidates {
  slots = new Int32Array(1024);
  chords = new Float64Array(1024);
  length = 0;

  push(slot: number, chord: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      const chords = new Float64Array(this.length * 2);
      chords.set(this.chords);
      this.slots = slots;
      this.chords = chords;
    }
    this.slots[this.length] = slot;
    this.chords[this.length++] = chord;
  }

  swap(i: number, j: number): void {
    const slot = this.slots[i];
    this.slots[i] = this.slots[j];
    this.slots[j] = slot;
    const chord = this.chords[i];
    this.chords[i] = this.chords[j];
    this.chords[j] = chord;
  }
}

export interface NearestQuery {
  latitude: number;
  longitude: number;
  radiusM: number;
  gameType?: string;
  /** The page: games [offset, offset + limit) of the nearest-first order. */
  limit: number;
  offset: number;
  /** Count matches exactly up to this many; beyond it the total is a lower bound. */
  bound: number;
  now: number;
}

/**
 * The map's markers as a JSON array in deflated pieces (`gzipOfPieces` makes them a gzip answer):
 * mostly compressed once per cell and kept (ADR 97), the rest being compressed on the compression
 * thread (ADR 100). The text is never copied together: a client that does not take gzip gets it
 * inflated from the pieces.
 */
export interface MarkerArray {
  pieces: Promise<DeflatedPiece[]>;
  count: number;
}

/**
 * What the map knows of a cell (ADR 97): its games visible when it was looked at, in the cell's
 * order, and, once an answer has taken all of them, their markers compressed once. It holds until
 * one of them ends or the cell changes.
 */
interface MarkerBlock {
  piece: DeflatedPiece | null;
  slots: number[];
  /** The earliest end among its games: from then on the block shows an ended game. */
  until: number;
}

/** A bubble's cell at one zoom: its games and the sums of their positions (the bubble sits at their mean). */
interface BubbleCell {
  games: number;
  latitudeSum: number;
  longitudeSum: number;
}

/** The cell (cx, cy) of the bubbles' grid at a zoom as one number; cx and cy stay within ±2^20 up to zoom 10. */
const bubbleKey = (cx: number, cy: number) => (cx + 2 ** 20) * 2 ** 21 + (cy + 2 ** 20);

export interface ViewQuery {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  limit: number;
  now: number;
}

/**
 * The games search and the map may show, in process memory, on a grid of ~4.4 km cells (ADR 96).
 * Both questions walk the cells in rings outward from a point and stop as soon as every game not
 * yet seen is provably farther than what they need, so their cost follows the page asked for and
 * the density around the point, not the number of games in the circle or the country.
 *
 * Distances are the chords of earthdistance's cube (`earth <-> centre`), so the order is the one
 * PostgreSQL's index gives; ties (one pitch) are ordered by id. Columns are typed arrays by slot;
 * a removed game's slot is reused.
 */
export class GameIndex {
  private ids: string[] = [];
  private x = new Float64Array(1024);
  private y = new Float64Array(1024);
  private z = new Float64Array(1024);
  private lat = new Float64Array(1024);
  private lon = new Float64Array(1024);
  private endAt = new Float64Array(1024);
  private type = new Uint8Array(1024);
  private coarse = new Grid(CELL_LAT, CELL_LON);
  private fine = new Grid(CELL_LAT / FINE, CELL_LON / FINE);
  /** The same two grids with a layer per game type (its code): a search for one type walks only its games. */
  private coarseByType = new Grid(CELL_LAT, CELL_LON);
  private fineByType = new Grid(CELL_LAT / FINE, CELL_LON / FINE);
  /** A marker of the map by slot, already JSON in UTF-8: the map's answer is these copied together. */
  private marker = new ByteStore();
  /** `IndexedGame.card` in UTF-8, by slot. */
  private card = new ByteStore();
  private free: number[] = [];
  private slotById = new Map<string, number>();
  /** The map's kept blocks by cell: the coarse grid's, and the fine grid's inside the cells an answer cuts. */
  private blocks = new Map<number, MarkerBlock>();
  private fineBlocks = new Map<number, MarkerBlock>();
  /** The map's bubbles (ADR 81), per zoom from MAP_CELL_MIN_ZOOM to MAP_CLUSTER_MAX_ZOOM. */
  private bubbles = Array.from({ length: MAP_CLUSTER_MAX_ZOOM - MAP_CELL_MIN_ZOOM + 1 }, () => new Map<number, BubbleCell>());
  private typeCodes = new Map<string, number>();
  /** The walks' candidates: not yet certain, and certain (see `walkOn`). */
  private pending = new Candidates();
  private confirmed = new Candidates();

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  private typeCode(gameType: string): number {
    let code = this.typeCodes.get(gameType);
    if (code === undefined) {
      code = this.typeCodes.size + 1;
      this.typeCodes.set(gameType, code);
    }
    return code;
  }

  private grow(): void {
    const n = this.x.length * 2;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.x = f64(this.x);
    this.y = f64(this.y);
    this.z = f64(this.z);
    this.lat = f64(this.lat);
    this.lon = f64(this.lon);
    this.endAt = f64(this.endAt);
    const t = new Uint8Array(n);
    t.set(this.type);
    this.type = t;
  }

  /** Adds the game, or replaces what the index knew of it. */
  upsert(g: IndexedGame): void {
    this.remove(g.id);
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot >= this.x.length) this.grow();
    }
    const la = g.latitude * RAD;
    const lo = g.longitude * RAD;
    this.ids[slot] = g.id;
    this.x[slot] = EARTH_RADIUS_M * Math.cos(la) * Math.cos(lo);
    this.y[slot] = EARTH_RADIUS_M * Math.cos(la) * Math.sin(lo);
    this.z[slot] = EARTH_RADIUS_M * Math.sin(la);
    this.lat[slot] = g.latitude;
    this.lon[slot] = g.longitude;
    this.endAt[slot] = g.endAt.getTime();
    this.type[slot] = this.typeCode(g.gameType);
    const marker: MapEventDto = {
      _id: g.id,
      eventName: g.eventName,
      gameType: g.gameType,
      startDateTime: g.startAt.toISOString(),
      duration: g.duration,
      price: g.price,
      playerCount: g.playerCount,
      // A metre is plenty for a pin; fewer digits, fewer bytes in a list of 1,000.
      geolocation: { type: 'Point', coordinates: [round5(g.longitude), round5(g.latitude)] },
    };
    this.marker.set(slot, JSON.stringify(marker));
    this.card.set(slot, g.card);
    this.blocks.delete(this.coarse.add(slot, g.latitude, g.longitude));
    this.fineBlocks.delete(this.fine.add(slot, g.latitude, g.longitude));
    this.coarseByType.add(slot, g.latitude, g.longitude, this.type[slot]);
    this.fineByType.add(slot, g.latitude, g.longitude, this.type[slot]);
    this.slotById.set(g.id, slot);
    this.countInBubbles(slot, 1);
  }

  /**
   * Numbers the games again in the order of their places (coarse cell, then fine cell), so that the
   * games of one place sit side by side in every column and their markers side by side in memory.
   * Slots given in load order (by id) scattered a place's games over the whole index: at a million
   * games each game a walk read, and each marker an answer copied, was a cache miss (ADR 100).
   * Answers do not change; the full load packs the index it made.
   */
  pack(): void {
    const order = Int32Array.from(this.slotById.values());
    const coarseKey = (slot: number) => this.coarse.keyOf(slot);
    const fineKey = (slot: number) => this.fine.keyOf(slot);
    order.sort((a, b) => coarseKey(a) - coarseKey(b) || fineKey(a) - fineKey(b) || a - b);
    const n = order.length;
    const capacity = Math.max(1024, this.x.length);
    const take = (column: Float64Array) => {
      const out = new Float64Array(capacity);
      for (let i = 0; i < n; i++) out[i] = column[order[i]];
      return out;
    };
    const type = new Uint8Array(capacity);
    for (let i = 0; i < n; i++) type[i] = this.type[order[i]];
    [this.x, this.y, this.z, this.lat, this.lon, this.endAt, this.type] = [
      take(this.x), take(this.y), take(this.z), take(this.lat), take(this.lon), take(this.endAt), type,
    ];
    this.ids = Array.from(order, (slot) => this.ids[slot]);
    this.marker = this.marker.reordered(order);
    this.card = this.card.reordered(order);
    this.coarse = new Grid(CELL_LAT, CELL_LON);
    this.fine = new Grid(CELL_LAT / FINE, CELL_LON / FINE);
    this.coarseByType = new Grid(CELL_LAT, CELL_LON);
    this.fineByType = new Grid(CELL_LAT / FINE, CELL_LON / FINE);
    this.slotById.clear();
    for (let slot = 0; slot < n; slot++) {
      this.coarse.add(slot, this.lat[slot], this.lon[slot]);
      this.fine.add(slot, this.lat[slot], this.lon[slot]);
      this.coarseByType.add(slot, this.lat[slot], this.lon[slot], this.type[slot]);
      this.fineByType.add(slot, this.lat[slot], this.lon[slot], this.type[slot]);
      this.slotById.set(this.ids[slot], slot);
    }
    this.free = [];
    this.blocks.clear();
    this.fineBlocks.clear();
  }

  /** Adds the game at `slot` to its bubble at every zoom (`sign` 1), or takes it out (-1). */
  private countInBubbles(slot: number, sign: 1 | -1): void {
    const lat = this.lat[slot];
    const lon = this.lon[slot];
    this.bubbles.forEach((cells, i) => {
      const w = mapCellWidth(MAP_CELL_MIN_ZOOM + i);
      const key = bubbleKey(Math.floor(lon / w), Math.floor(lat / (w * 0.6)));
      const cell = cells.get(key) ?? { games: 0, latitudeSum: 0, longitudeSum: 0 };
      cell.games += sign;
      if (cell.games === 0) {
        cells.delete(key);
        return;
      }
      cell.latitudeSum += sign * lat;
      cell.longitudeSum += sign * lon;
      cells.set(key, cell);
    });
  }

  /**
   * The map's bubbles (ADR 81): the non-empty cells of the grid of `zoom` (6–10) that overlap the
   * view, each at the mean position of its games, whatever the number of games in the view.
   */
  clusters(v: { minLat: number; maxLat: number; minLon: number; maxLon: number; zoom: number }): MapClusterDto[] {
    const cells = this.bubbles[v.zoom - MAP_CELL_MIN_ZOOM];
    const w = mapCellWidth(v.zoom);
    const h = w * 0.6;
    const [x0, x1, y0, y1] = [Math.floor(v.minLon / w), Math.floor(v.maxLon / w), Math.floor(v.minLat / h), Math.floor(v.maxLat / h)];
    const out: MapClusterDto[] = [];
    const add = (cx: number, cy: number, cell: BubbleCell) =>
      out.push({
        id: `${v.zoom}:${cx}:${cy}`,
        latitude: round5(cell.latitudeSum / cell.games),
        longitude: round5(cell.longitudeSum / cell.games),
        count: cell.games,
      });
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= cells.size) {
      for (let cx = x0; cx <= x1; cx++) {
        for (let cy = y0; cy <= y1; cy++) {
          const cell = cells.get(bubbleKey(cx, cy));
          if (cell) add(cx, cy, cell);
        }
      }
    } else {
      // A view wider than the games: read the cells there are.
      for (const [key, cell] of cells) {
        const cx = Math.floor(key / 2 ** 21) - 2 ** 20;
        const cy = (key % 2 ** 21) - 2 ** 20;
        if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) add(cx, cy, cell);
      }
    }
    return out;
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.slotById.delete(id);
    this.countInBubbles(slot, -1);
    this.blocks.delete(this.coarse.remove(slot));
    this.fineBlocks.delete(this.fine.remove(slot));
    this.coarseByType.remove(slot);
    this.fineByType.remove(slot);
    this.ids[slot] = '';
    this.marker.clear(slot);
    this.card.clear(slot);
    this.free.push(slot);
  }

  /**
   * Visible games within `radiusM` of the point, nearest first: the page's ids, cards and distances
   * along the ground, and the number of matches, exact up to `bound` (then `atLeast`).
   */
  nearest(q: NearestQuery): { ids: string[]; cards: Buffer[]; distancesM: number[]; total: number; atLeast: boolean } {
    const radiusChord = chordOf(q.radiusM);
    const code = q.gameType === undefined ? 0 : this.typeCodes.get(q.gameType) ?? -1;
    if (code === -1) return { ids: [], cards: [], distancesM: [], total: 0, atLeast: false };
    const need = Math.max(q.bound + 1, q.offset + q.limit);
    // The circle's box of latitudes and longitudes (earth_box's role): cells outside it are skipped.
    const dLat = (Math.min(q.radiusM, Math.PI * EARTH_RADIUS_M) / EARTH_RADIUS_M) / RAD;
    const sinR = Math.sin(Math.min(q.radiusM / EARTH_RADIUS_M, Math.PI / 2));
    const cosLat = Math.cos(q.latitude * RAD);
    const dLon = sinR >= cosLat ? 360 : Math.asin(sinR / cosLat) / RAD;
    const box = { minLat: q.latitude - dLat, maxLat: q.latitude + dLat, minLon: q.longitude - dLon, maxLon: q.longitude + dLon };
    // Across a pole or the antimeridian the rings are not the neighbourhood: read the whole band.
    const exotic = box.minLat <= -90 || box.maxLat >= 90 || box.minLon < -180 || box.maxLon > 180;
    const clip = exotic ? { minLat: Math.max(box.minLat, -90), maxLat: Math.min(box.maxLat, 90), minLon: -180, maxLon: 180 } : box;
    // One game type: its layer of the typed grids, where every game is of that type.
    const complete = this.walk(code, q.latitude, q.longitude, radiusChord, exotic ? Infinity : need, clip, (slot) => this.endAt[slot] > q.now);
    const found = this.confirmed;
    const counted = complete ? found.length : need;
    const k = Math.min(found.length, q.offset + q.limit);
    this.smallest(found, k);
    const head = Array.from({ length: k }, (_, i) => i).sort((a, b) => this.byDistance(found, a, b));
    const page = head.slice(q.offset, q.offset + q.limit);
    return {
      ids: page.map((i) => this.ids[found.slots[i]]),
      cards: page.map((i) => this.card.get(found.slots[i])),
      // earthdistance's earth_distance: the great circle of the chord.
      distancesM: page.map((i) => 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, found.chords[i] / (2 * EARTH_RADIUS_M)))),
      total: Math.min(counted, q.bound),
      atLeast: counted > q.bound,
    };
  }

  /**
   * The map's markers: visible games inside the view, up to `limit` nearest its centre, in no
   * particular order (a map draws them all the same). A cell all of whose visible games are chosen
   * is sent as its kept block (ADR 97); inside a cell the answer cuts, so is a fine cell of at least
   * FINE_BLOCK_FROM chosen games all of whose visible games are chosen (ADR 101). Only the rest (at
   * the view's edge or the limit's) is compressed for this answer, on the compression thread (ADR 100).
   */
  inView(v: ViewQuery): MarkerArray {
    const midLat = (v.minLat + v.maxLat) / 2;
    const midLon = (v.minLon + v.maxLon) / 2;
    this.walk(0, midLat, midLon, Infinity, v.limit, v, (slot) => {
      const la = this.lat[slot];
      const lo = this.lon[slot];
      return la >= v.minLat && la <= v.maxLat && lo >= v.minLon && lo <= v.maxLon && this.endAt[slot] > v.now;
    });
    const found = this.confirmed;
    const count = Math.min(found.length, v.limit);
    this.smallest(found, count);
    const pieces: (DeflatedPiece | Promise<DeflatedPiece>)[] = [OPEN_PIECE];
    const add = (piece: DeflatedPiece | Promise<DeflatedPiece>) => {
      if (pieces.length > 1) pieces.push(COMMA_PIECE);
      pieces.push(piece);
    };
    const cut = this.takeWholeCells(this.coarse, this.blocks, 1, Array.from(found.slots.subarray(0, count)), v.now, add);
    const loose = this.takeWholeCells(this.fine, this.fineBlocks, FINE_BLOCK_FROM, cut, v.now, add);
    if (loose.length > 0) add(deflatePieceOffThread(this.markersText(loose)));
    pieces.push(CLOSE_PIECE);
    return { pieces: Promise.all(pieces), count };
  }

  /**
   * Adds the kept block of every cell of `grid` whose visible games are all among `slots`, if it
   * holds at least `from` of them; returns the slots those blocks do not send.
   */
  private takeWholeCells(
    grid: Grid, blocks: Map<number, MarkerBlock>, from: number, slots: number[], now: number, add: (piece: DeflatedPiece) => void,
  ): number[] {
    const chosenIn = new Map<number, number>();
    for (const slot of slots) {
      const key = grid.keyOf(slot);
      chosenIn.set(key, (chosenIn.get(key) ?? 0) + 1);
    }
    const whole = new Set<number>();
    for (const [key, n] of chosenIn) {
      if (n < from) continue;
      const piece = this.wholeBlock(grid, blocks, key, n, now);
      if (!piece) continue;
      whole.add(key);
      add(piece);
    }
    return whole.size > 0 ? slots.filter((slot) => !whole.has(grid.keyOf(slot))) : slots;
  }

  /** The slots' markers, comma between them, as one text. */
  private markersText(slots: number[]): Buffer {
    return this.marker.join(slots, COMMA_BYTE);
  }

  /**
   * The grid cell's compressed markers when the answer takes all its visible games (`chosen` of them,
   * all visible, so as many means the same ones), else null. What the cell holds is kept in `blocks`
   * until a game in it ends (changes drop it at once), so a cell an answer cuts costs one look at its
   * games, and its markers are compressed only when an answer first takes them all.
   */
  private wholeBlock(grid: Grid, blocks: Map<number, MarkerBlock>, key: number, chosen: number, now: number): DeflatedPiece | null {
    let block = blocks.get(key);
    if (!block || now >= block.until) {
      const slots = (grid.cell(key) ?? []).filter((slot) => this.endAt[slot] > now);
      let until = Infinity;
      for (const slot of slots) until = Math.min(until, this.endAt[slot]);
      block = { piece: null, slots, until };
      blocks.set(key, block);
    }
    if (block.slots.length !== chosen) return null;
    // zlib's fastest level, as for every answer (ADR 81): a block is made on a cell's first view and
    // again after each change in it, and the default level cost more time than the bytes it saved.
    block.piece ??= deflatePiece(this.markersText(block.slots), constants.Z_BEST_SPEED);
    return block.piece;
  }

  /**
   * Rings of cells around the point, nearest ring first, only cells inside `clip`. After each ring,
   * every game not yet seen lies outside the rings' box, so at least `reach` away: the matches
   * nearer than that are final. Stops when `need` of them are final, or when the rings hold the
   * radius or the whole clip (then every match is final). `type` 0 walks every game; a type's code
   * walks only the games of that type.
   */
  private walk(
    type: number, latitude: number, longitude: number, radiusChord: number, need: number,
    clip: { minLat: number; maxLat: number; minLon: number; maxLon: number }, matches: (slot: number) => boolean,
  ): boolean {
    const [coarse, fine] = type === 0 ? [this.coarse, this.fine] : [this.coarseByType, this.fineByType];
    // Where the point's coarse cell alone holds about what is needed, the answer lies within a cell or
    // two, and the fine grid reaches it through a fraction of the games. Sparse surroundings (or a rare
    // game type) can make the fine walk long: past FINE_RINGS it gives way to the coarse one.
    if (need !== Infinity) {
      const here = coarse.cell(coarse.key(coarse.row(latitude), coarse.col(longitude)), type);
      if (here && here.length * 2 >= need) {
        const complete = this.walkOn(fine, type, FINE_RINGS, latitude, longitude, radiusChord, need, clip, matches);
        if (complete !== null) return complete;
      }
    }
    return this.walkOn(coarse, type, Infinity, latitude, longitude, radiusChord, need, clip, matches)!;
  }

  /** `walk` on one grid's layer, its matches in `confirmed`; null when `maxRings` rings did not finish it. */
  private walkOn(
    grid: Grid, layer: number, maxRings: number, latitude: number, longitude: number, radiusChord: number, need: number,
    clip: { minLat: number; maxLat: number; minLon: number; maxLon: number }, matches: (slot: number) => boolean,
  ): boolean | null {
    const la = latitude * RAD;
    const lo = longitude * RAD;
    const cx = EARTH_RADIUS_M * Math.cos(la) * Math.cos(lo);
    const cy = EARTH_RADIUS_M * Math.cos(la) * Math.sin(lo);
    const cz = EARTH_RADIUS_M * Math.sin(la);
    const row0 = grid.row(latitude);
    const col0 = grid.col(longitude);
    const r0 = grid.row(clip.minLat);
    const r1 = grid.row(clip.maxLat);
    const c0 = grid.col(clip.minLon);
    const c1 = grid.col(clip.maxLon);
    const pending = this.pending;
    const confirmed = this.confirmed;
    pending.length = 0;
    confirmed.length = 0;
    const visit = (row: number, col: number) => {
      const cell = grid.cell(grid.key(row, col), layer);
      if (!cell) return;
      for (let i = 0; i < cell.length; i++) {
        const slot = cell[i];
        const dx = this.x[slot] - cx;
        const dy = this.y[slot] - cy;
        const dz = this.z[slot] - cz;
        const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (chord <= radiusChord && matches(slot)) pending.push(slot, chord);
      }
    };
    for (let ring = 0; ; ring++) {
      if (ring === 0) {
        if (row0 >= r0 && row0 <= r1 && col0 >= c0 && col0 <= c1) visit(row0, col0);
      } else {
        const fromCol = Math.max(col0 - ring, c0);
        const toCol = Math.min(col0 + ring, c1);
        for (const row of [row0 - ring, row0 + ring]) {
          if (row >= r0 && row <= r1) for (let col = fromCol; col <= toCol; col++) visit(row, col);
        }
        const fromRow = Math.max(row0 - ring + 1, r0);
        const toRow = Math.min(row0 + ring - 1, r1);
        for (const col of [col0 - ring, col0 + ring]) {
          if (col >= c0 && col <= c1) for (let row = fromRow; row <= toRow; row++) visit(row, col);
        }
      }
      const holdsClip = row0 - ring <= r0 && row0 + ring >= r1 && col0 - ring <= c0 && col0 + ring >= c1;
      const reach = this.reachOfRings(grid, latitude, longitude, row0, col0, ring);
      // With no early stop (need = Infinity: across a pole or the antimeridian) only the whole clip counts.
      const exhaustive = need === Infinity;
      const complete = holdsClip || (!exhaustive && reach >= radiusChord);
      let kept = 0;
      for (let i = 0; i < pending.length; i++) {
        const slot = pending.slots[i];
        const chord = pending.chords[i];
        if (complete || (!exhaustive && chord < reach)) confirmed.push(slot, chord);
        else {
          pending.slots[kept] = slot;
          pending.chords[kept++] = chord;
        }
      }
      pending.length = kept;
      if (complete || confirmed.length >= need) return complete;
      if (ring >= maxRings) return null;
    }
  }

  /** The order of answers: by distance, ties (one pitch) by id. `c`'s candidates i and j. */
  private byDistance(c: Candidates, i: number, j: number): number {
    return this.before(c.chords[i], c.slots[i], c.chords[j], c.slots[j]);
  }

  private before(chordA: number, slotA: number, chordB: number, slotB: number): number {
    if (chordA !== chordB) return chordA - chordB;
    const a = this.ids[slotA];
    const b = this.ids[slotB];
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /**
   * Moves the `k` first of `all` in `byDistance` order to its front, unordered (quickselect, in
   * place): sorting every candidate of a dense view was most of a map answer's time.
   */
  private smallest(all: Candidates, k: number): void {
    let lo = 0;
    let hi = all.length - 1;
    while (k > 0 && k < all.length && lo < hi) {
      const mid = (lo + hi) >> 1;
      const pivotChord = all.chords[mid];
      const pivotSlot = all.slots[mid];
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (this.before(all.chords[i], all.slots[i], pivotChord, pivotSlot) < 0) i++;
        while (this.before(all.chords[j], all.slots[j], pivotChord, pivotSlot) > 0) j--;
        if (i <= j) {
          all.swap(i, j);
          i++;
          j--;
        }
      }
      if (k - 1 <= j) hi = j;
      else if (k - 1 >= i) lo = i;
      else break;
    }
  }

  /**
   * A chord no game outside rings 0..ring can be nearer than: the distance from the point to the
   * nearest edge of their box (to a parallel along the meridian; to a meridian across the great
   * circle, asin(cos φ · sin Δλ)), a millimetre short for rounding.
   */
  private reachOfRings(grid: Grid, latitude: number, longitude: number, row0: number, col0: number, ring: number): number {
    const top = (row0 + ring + 1) * grid.cellLat - 90;
    const bottom = (row0 - ring) * grid.cellLat - 90;
    const right = (col0 + ring + 1) * grid.cellLon - 180;
    const left = (col0 - ring) * grid.cellLon - 180;
    const dLat = Math.min(top - latitude, latitude - bottom) * RAD;
    const dLon = Math.min(right - longitude, longitude - left, 90) * RAD;
    const acrossMeridian = Math.asin(Math.cos(latitude * RAD) * Math.sin(dLon));
    const ground = Math.min(dLat, acrossMeridian) * EARTH_RADIUS_M - 0.001;
    return ground <= 0 ? 0 : chordOf(ground);
  }
}

/** A metre is plenty for a pin on the map: coordinates to 5 decimals. */
export const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
const COMMA_BYTE = 0x2c;
const OPEN_PIECE = deflatePiece(Buffer.from('['));
const COMMA_PIECE = deflatePiece(Buffer.from(','));
const CLOSE_PIECE = deflatePiece(Buffer.from(']'));
