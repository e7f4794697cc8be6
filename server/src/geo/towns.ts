/**
 * Towns of Poland for the server: suggestions, forward geocoding of a city for the radius
 * search and reverse geocoding of browser coordinates, all from public/towns-pl.json (built by
 * `npx tsx scripts/build-towns.ts`), so no third-party service is called. The matching rules
 * live in contract/towns.ts, shared with the SPA.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import {
  DEFAULT_TOWN_LIMIT,
  TOWNS_COUNTRY,
  createTownIndex,
  distanceKm,
  geocodeTown,
  suggestTowns,
  type GeocodeResult,
  type ReverseGeocodedTown,
  type TownGroup,
  type TownIndex,
  type TownsFile,
} from '../../../contract/towns';

export { distanceKm };

/** Farther than this from every town, a point is taken to be outside Poland. */
export const MAX_REVERSE_KM = 50;

export interface TownsData {
  index: TownIndex;
  /** Points are (longitude, latitude); item i is index.towns[i]. */
  tree: KDBush;
}

let loaded: TownsData | undefined;

/** The repo's file whether running from source (tsx, jest) or with the working directory at the root. */
function townsFilePath(): string {
  const candidates = [
    path.resolve(__dirname, '../../../public/towns-pl.json'),
    path.resolve(process.cwd(), 'public/towns-pl.json'),
    path.resolve(process.cwd(), 'dist/towns-pl.json'),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    throw new Error(`towns-pl.json not found (looked at ${candidates.join(', ')}); run npx tsx scripts/build-towns.ts`);
  }
  return found;
}

function parseTownsFile(text: string, file: string): TownsFile {
  const data = JSON.parse(text) as Partial<TownsFile>;
  if (typeof data.source !== 'string' || !data.voivodeships || typeof data.voivodeships !== 'object') {
    throw new Error(`${file} is not a towns file`);
  }
  return data as TownsFile;
}

export function buildTownsData(file: TownsFile): TownsData {
  const index = createTownIndex(file);
  const tree = new KDBush(index.towns.length);
  for (const town of index.towns) tree.add(town.longitude, town.latitude);
  tree.finish();
  return { index, tree };
}

/** Reads and indexes the file on first use; later calls return the same data. */
export function loadTowns(): TownsData {
  if (!loaded) {
    const file = townsFilePath();
    loaded = buildTownsData(parseTownsFile(readFileSync(file, 'utf8'), file));
  }
  return loaded;
}

/** Towns whose name starts with `prefix` (2+ characters; case and diacritics ignored), grouped by voivodeship. */
export function findTowns(prefix: string, limit: number = DEFAULT_TOWN_LIMIT): TownGroup[] {
  return suggestTowns(loadTowns().index, prefix, limit);
}

/**
 * The coordinates of a city: within `region` when given; without it, `{ ambiguous: true,
 * regions }` if the name exists in several voivodeships; null if unknown.
 */
export function geocodeCity(city: string, region?: string | null): GeocodeResult {
  return geocodeTown(loadTowns().index, city, region);
}

/**
 * The town nearest to a point, with the town's own coordinates and its distance from the
 * point; null for invalid coordinates or when no town lies within `maxDistanceKm` (the point
 * is then outside Poland; near the border it may still be just across it).
 */
export function reverseGeocode(
  latitude: number,
  longitude: number,
  maxDistanceKm: number = MAX_REVERSE_KM,
): ReverseGeocodedTown | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return null;
  }
  const { index, tree } = loadTowns();
  const [id] = around(tree, longitude, latitude, 1, maxDistanceKm);
  if (id === undefined) return null;
  const town = index.towns[id];
  return {
    City: town.name,
    region: town.region,
    Country: TOWNS_COUNTRY,
    latitude: town.latitude,
    longitude: town.longitude,
    distanceKm: distanceKm({ latitude, longitude }, town),
  };
}
