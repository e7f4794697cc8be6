/**
 * The slots of games by cell of a latitude/longitude grid: each cell's slots in an array, and each
 * slot's cell and place in it, so that a game is added or taken out in constant time (ADR 96).
 *
 * A grid may have layers (ADR 99): the same cells once per layer, each slot in one layer. The index
 * keeps games by game type this way, so a search for one type walks only that type's games.
 */
export class Grid {
  private readonly rows: number;
  /** The cells of each layer (a layer's map is made when its first slot comes). */
  private layers: (Map<number, number[]> | undefined)[] = [];
  private cellOf = new Int32Array(1024);
  private posInCell = new Int32Array(1024);
  private layerOf = new Uint8Array(1024);

  /** Cells `cellLat` degrees high and `cellLon` wide. */
  constructor(
    readonly cellLat: number,
    readonly cellLon: number,
  ) {
    this.rows = Math.ceil(180 / cellLat) + 2;
  }

  row(lat: number): number {
    return Math.floor((lat + 90) / this.cellLat);
  }

  col(lon: number): number {
    return Math.floor((lon + 180) / this.cellLon);
  }

  key(row: number, col: number): number {
    return col * this.rows + row;
  }

  /** The slots in the cell of the layer, in no particular order (do not change the array). */
  cell(key: number, layer = 0): readonly number[] | undefined {
    return this.layers[layer]?.get(key);
  }

  /** The cell of a slot that is in the grid. */
  keyOf(slot: number): number {
    return this.cellOf[slot];
  }

  /** Puts `slot` in the cell of the position, in `layer` (0–255); returns the cell's key. */
  add(slot: number, lat: number, lon: number, layer = 0): number {
    if (slot >= this.cellOf.length) this.grow(slot + 1);
    const key = this.key(this.row(lat), this.col(lon));
    const cells = (this.layers[layer] ??= new Map());
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = []));
    this.cellOf[slot] = key;
    this.posInCell[slot] = cell.length;
    this.layerOf[slot] = layer;
    cell.push(slot);
    return key;
  }

  /** Takes `slot` out of its cell; returns the cell's key. */
  remove(slot: number): number {
    const key = this.cellOf[slot];
    const cells = this.layers[this.layerOf[slot]]!;
    const cell = cells.get(key)!;
    const last = cell.pop()!;
    if (last !== slot) {
      cell[this.posInCell[slot]] = last;
      this.posInCell[last] = this.posInCell[slot];
    }
    if (cell.length === 0) cells.delete(key);
    return key;
  }

  private grow(atLeast: number): void {
    let n = this.cellOf.length;
    while (n < atLeast) n *= 2;
    const cellOf = new Int32Array(n);
    cellOf.set(this.cellOf);
    const posInCell = new Int32Array(n);
    posInCell.set(this.posInCell);
    const layerOf = new Uint8Array(n);
    layerOf.set(this.layerOf);
    this.cellOf = cellOf;
    this.posInCell = posInCell;
    this.layerOf = layerOf;
  }
}
