/**
 * Builds offline MapLibre styles (no tiles, glyphs or sprites from the internet): Poland and
 * the countries around it from Natural Earth (world-atlas countries-50m), clipped to a box
 * around Poland and inlined as one GeoJSON source. They serve as the map's fallback when the
 * tile service is unreachable, and in tests.
 *
 *   npx tsx scripts/build-map-style.ts
 *
 * Writes public/map/offline-style-dark.json, offline-style-light.json and offline-style.json
 * (the dark one, the spec's default map theme). Same input, same bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'public', 'map');
const POLAND_ID = '616'; // ISO 3166-1 numeric
const MARGIN_DEG = 8;
const DECIMALS = 3; // about 100 m, finer than the 1:50m source
const MAX_BYTES = 1024 * 1024;
const ATTRIBUTION = 'Made with Natural Earth';

type Box = [west: number, south: number, east: number, north: number];
type Kind = 'country' | 'border' | 'coast';
interface Props {
  kind: Kind;
  poland: boolean;
  name?: string;
}

interface Palette {
  water: string;
  land: string;
  poland: string;
  border: string;
  coast: string;
  outline: string;
}

const PALETTES: Record<'dark' | 'light', Palette> = {
  dark: { water: '#0e1726', land: '#1c2533', poland: '#243247', border: '#4b5a70', coast: '#33435a', outline: '#6ea8fe' },
  light: { water: '#aad3df', land: '#f2efe9', poland: '#ffffff', border: '#9e9cab', coast: '#7fb0c4', outline: '#d6453d' },
};

const round = (n: number) => Math.round(n * 10 ** DECIMALS) / 10 ** DECIMALS;
const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

function roundLine(points: Position[]): Position[] {
  const out: Position[] = [];
  for (const [x, y] of points) {
    const p = [round(x), round(y)];
    if (out.length === 0 || !same(out[out.length - 1], p)) out.push(p);
  }
  return out;
}

/** Sutherland–Hodgman against each side of the box; rings come in and go out closed. */
function clipRing(ring: Position[], [w, s, e, n]: Box): Position[] {
  const edges: [(p: Position) => boolean, (a: Position, b: Position) => Position][] = [
    [(p) => p[0] >= w, (a, b) => [w, a[1] + ((b[1] - a[1]) * (w - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= e, (a, b) => [e, a[1] + ((b[1] - a[1]) * (e - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= s, (a, b) => [a[0] + ((b[0] - a[0]) * (s - a[1])) / (b[1] - a[1]), s]],
    [(p) => p[1] <= n, (a, b) => [a[0] + ((b[0] - a[0]) * (n - a[1])) / (b[1] - a[1]), n]],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, cross] of edges) {
    const input = points;
    points = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i];
      const prev = input[(i + input.length - 1) % input.length];
      if (inside(cur)) {
        if (!inside(prev)) points.push(cross(prev, cur));
        points.push(cur);
      } else if (inside(prev)) {
        points.push(cross(prev, cur));
      }
    }
    if (points.length === 0) return [];
  }
  const rounded = roundLine(points);
  if (rounded.length > 1 && same(rounded[0], rounded[rounded.length - 1])) rounded.pop();
  return rounded.length >= 3 ? [...rounded, rounded[0]] : [];
}

function clipPolygons(polygons: Position[][][], box: Box): Position[][][] {
  const out: Position[][][] = [];
  for (const rings of polygons) {
    const [outer, ...holes] = rings.map((r) => clipRing(r, box));
    if (outer.length === 0) continue;
    out.push([outer, ...holes.filter((h) => h.length > 0)]);
  }
  return out;
}

/** Liang–Barsky: the part of segment a–b inside the box, or null. */
function clipSegment(a: Position, b: Position, [w, s, e, n]: Box): [Position, Position] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const tests: [number, number][] = [
    [-dx, a[0] - w],
    [dx, e - a[0]],
    [-dy, a[1] - s],
    [dy, n - a[1]],
  ];
  for (const [p, q] of tests) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  const at = (t: number): Position => [a[0] + t * dx, a[1] + t * dy];
  return [t0 === 0 ? a : at(t0), t1 === 1 ? b : at(t1)];
}

function clipLines(lines: Position[][], box: Box): Position[][] {
  const out: Position[][] = [];
  const flush = (run: Position[]) => {
    const rounded = roundLine(run);
    if (rounded.length > 1) out.push(rounded);
  };
  for (const line of lines) {
    let run: Position[] = [];
    for (let i = 0; i + 1 < line.length; i++) {
      const seg = clipSegment(line[i], line[i + 1], box);
      if (!seg) {
        flush(run);
        run = [];
        continue;
      }
      if (run.length > 0 && !same(run[run.length - 1], seg[0])) {
        flush(run);
        run = [];
      }
      if (run.length === 0) run.push(seg[0]);
      run.push(seg[1]);
    }
    flush(run);
  }
  return out;
}

function bboxOf(polygons: Position[][][]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of polygons.flat(2)) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

const polygonsOf = (g: Polygon | MultiPolygon): Position[][][] => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

function buildData(): { data: FeatureCollection<MultiPolygon | MultiLineString, Props>; box: Box } {
  const file = createRequire(__filename).resolve('world-atlas/countries-50m.json');
  const topo = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const countries = feature(topo, topo.objects.countries).features as Feature<Polygon | MultiPolygon | null, { name: string }>[];

  const poland = countries.find((c) => String(c.id) === POLAND_ID);
  if (!poland?.geometry) throw new Error('build-map-style: Poland is missing from world-atlas');
  const pl = bboxOf(polygonsOf(poland.geometry));
  const box: Box = [Math.floor(pl[0] - MARGIN_DEG), Math.floor(pl[1] - MARGIN_DEG), Math.ceil(pl[2] + MARGIN_DEG), Math.ceil(pl[3] + MARGIN_DEG)];

  const features: Feature<MultiPolygon | MultiLineString, Props>[] = [];
  for (const country of countries) {
    if (!country.geometry) continue;
    const coordinates = clipPolygons(polygonsOf(country.geometry), box);
    if (coordinates.length === 0) continue;
    const isPoland = String(country.id) === POLAND_ID;
    features.push({
      type: 'Feature',
      ...(country.id !== undefined ? { id: Number(country.id) } : {}),
      properties: { kind: 'country', poland: isPoland, name: country.properties.name },
      geometry: { type: 'MultiPolygon', coordinates },
    });
  }
  if (features.find((f) => f.properties.poland)?.geometry.coordinates.length !== polygonsOf(poland.geometry).length) {
    throw new Error('build-map-style: the box cuts Poland');
  }

  const lines: [Kind, MultiLineString][] = [
    ['border', mesh(topo, topo.objects.countries, (a, b) => a !== b)],
    ['coast', mesh(topo, topo.objects.countries, (a, b) => a === b)],
  ];
  for (const [kind, geometry] of lines) {
    features.push({
      type: 'Feature',
      properties: { kind, poland: false },
      geometry: { type: 'MultiLineString', coordinates: clipLines(geometry.coordinates, box) },
    });
  }
  return { data: { type: 'FeatureCollection', features }, box };
}

function style(variant: 'dark' | 'light', data: FeatureCollection, box: Box) {
  const c = PALETTES[variant];
  const kind = (k: Kind) => ['==', ['get', 'kind'], k];
  return {
    version: 8,
    name: `Graj razem offline (${variant})`,
    metadata: {
      'grajrazem:variant': variant,
      'grajrazem:attribution': 'Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com (public domain), via world-atlas countries-50m.',
      'grajrazem:bounds': box,
    },
    center: [19.4, 52.1],
    zoom: 5,
    sources: {
      countries: { type: 'geojson', data, attribution: ATTRIBUTION, maxzoom: 10 },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': c.water } },
      { id: 'land', type: 'fill', source: 'countries', filter: ['all', kind('country'), ['!', ['get', 'poland']]], paint: { 'fill-color': c.land } },
      { id: 'poland-fill', type: 'fill', source: 'countries', filter: ['all', kind('country'), ['get', 'poland']], paint: { 'fill-color': c.poland } },
      { id: 'coastline', type: 'line', source: 'countries', filter: kind('coast'), paint: { 'line-color': c.coast, 'line-width': 0.8 } },
      { id: 'borders', type: 'line', source: 'countries', filter: kind('border'), paint: { 'line-color': c.border, 'line-width': 1, 'line-dasharray': [3, 2] } },
      {
        id: 'poland-outline',
        type: 'line',
        source: 'countries',
        filter: ['all', kind('country'), ['get', 'poland']],
        layout: { 'line-join': 'round' },
        paint: { 'line-color': c.outline, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 1.5, 10, 3] },
      },
    ],
  };
}

function main() {
  const { data, box } = buildData();
  mkdirSync(OUT_DIR, { recursive: true });
  const outputs: [string, 'dark' | 'light'][] = [
    ['offline-style-dark.json', 'dark'],
    ['offline-style-light.json', 'light'],
    ['offline-style.json', 'dark'],
  ];
  for (const [name, variant] of outputs) {
    const json = JSON.stringify(style(variant, data, box));
    const errors = validateStyleMin(JSON.parse(json));
    if (errors.length > 0) throw new Error(`build-map-style: ${name} is not a valid style: ${errors.map((e) => e.message).join('; ')}`);
    if (/"(glyphs|sprite)"|https?:\/\//.test(json.replace(/naturalearthdata\.com/g, ''))) {
      throw new Error(`build-map-style: ${name} refers to the network`);
    }
    const bytes = Buffer.byteLength(json);
    if (bytes > MAX_BYTES) throw new Error(`build-map-style: ${name} is ${bytes} bytes, over ${MAX_BYTES}`);
    writeFileSync(path.join(OUT_DIR, name), json);
    const gz = gzipSync(json, { level: 9 }).length;
    console.log(`public/map/${name}: ${(bytes / 1024).toFixed(1)} KiB, gzip ${(gz / 1024).toFixed(1)} KiB`);
  }
  const countries = data.features.filter((f) => f.properties.kind === 'country').length;
  console.log(`box ${box.join(', ')} (Poland ±${MARGIN_DEG}°), ${countries} countries`);
}

main();
