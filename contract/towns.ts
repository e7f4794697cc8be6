/**
 * Towns of Poland per voivodeship (public/towns-pl.json, built by scripts/build-towns.ts from
 * GeoNames data) and the pure logic the SPA and the server share over them: name
 * normalisation, prefix suggestions grouped by voivodeship, exact-name geocoding and distances.
 * No I/O here: callers pass the parsed JSON in.
 */

/** The 16 voivodeships in their official (TERYT) order, which is also Polish alphabetical order. */
export const VOIVODESHIPS = [
  'dolnośląskie',
  'kujawsko-pomorskie',
  'lubelskie',
  'lubuskie',
  'łódzkie',
  'małopolskie',
  'mazowieckie',
  'opolskie',
  'podkarpackie',
  'podlaskie',
  'pomorskie',
  'śląskie',
  'świętokrzyskie',
  'warmińsko-mazurskie',
  'wielkopolskie',
  'zachodniopomorskie',
] as const;
export type Voivodeship = (typeof VOIVODESHIPS)[number];

/** Suggestions start from this many characters (spec: Find event). */
export const MIN_TOWN_PREFIX = 2;
export const DEFAULT_TOWN_LIMIT = 20;
export const TOWNS_COUNTRY = 'Poland';

/** One row of the file: name, latitude, longitude, population. */
export type TownRow = [name: string, latitude: number, longitude: number, population: number];

/** public/towns-pl.json; rows within a voivodeship are sorted by population, largest first. */
export interface TownsFile {
  source: string;
  voivodeships: Record<string, TownRow[]>;
}

export interface Town {
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface TownGroup {
  region: string;
  towns: Town[];
}

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Field names follow the spec's Location entity. */
export interface GeocodedTown extends LatLon {
  City: string;
  region: string;
}

export interface AmbiguousTown {
  ambiguous: true;
  /** Voivodeships holding a town of that name, the one with the largest such town first. */
  regions: string[];
}

export type GeocodeResult = GeocodedTown | AmbiguousTown | null;

export interface ReverseGeocodedTown extends GeocodedTown {
  Country: typeof TOWNS_COUNTRY;
  distanceKm: number;
}

/** Flattened towns with their normalised names, built once per file. */
export interface TownIndex {
  source: string;
  towns: Town[];
  keys: string[];
}

/**
 * Lower case, Polish diacritics removed (ł has no Unicode decomposition, so it is mapped by
 * hand), hyphens as spaces, runs of spaces collapsed: 'Bielsko-Biała' and 'bielsko biala' meet.
 */
export function normalizeTownName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[-‐‑–—_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** English and other exonyms people may type or have stored (the spec's default 'Warsaw'). */
const TOWN_ALIASES = new Map<string, string>(Object.entries({
  warsaw: 'warszawa',
  warschau: 'warszawa',
  varsovie: 'warszawa',
  cracow: 'krakow',
  krakau: 'krakow',
  breslau: 'wroclaw',
  danzig: 'gdansk',
  posen: 'poznan',
  stettin: 'szczecin',
  kattowitz: 'katowice',
}));

const ENGLISH_VOIVODESHIPS = new Map<string, Voivodeship>(Object.entries({
  'lower silesian': 'dolnośląskie',
  'lower silesia': 'dolnośląskie',
  'kuyavian pomeranian': 'kujawsko-pomorskie',
  'kuyavia pomerania': 'kujawsko-pomorskie',
  lublin: 'lubelskie',
  lubusz: 'lubuskie',
  lodz: 'łódzkie',
  'lesser poland': 'małopolskie',
  masovian: 'mazowieckie',
  masovia: 'mazowieckie',
  mazovia: 'mazowieckie',
  opole: 'opolskie',
  subcarpathian: 'podkarpackie',
  subcarpathia: 'podkarpackie',
  podlachian: 'podlaskie',
  podlasie: 'podlaskie',
  pomeranian: 'pomorskie',
  pomerania: 'pomorskie',
  silesian: 'śląskie',
  silesia: 'śląskie',
  'holy cross': 'świętokrzyskie',
  'warmian masurian': 'warmińsko-mazurskie',
  'warmia masuria': 'warmińsko-mazurskie',
  'greater poland': 'wielkopolskie',
  'west pomeranian': 'zachodniopomorskie',
  'west pomerania': 'zachodniopomorskie',
} satisfies Record<string, Voivodeship>));

const VOIVODESHIP_BY_KEY = new Map<string, Voivodeship>(VOIVODESHIPS.map((v) => [normalizeTownName(v), v]));

/**
 * The Polish voivodeship name for 'mazowieckie', 'Mazowieckie', 'województwo mazowieckie',
 * 'Masovian Voivodeship' and the like (a reverse-geocoding service answers in English);
 * undefined when it names none.
 */
export function toVoivodeship(name: string | null | undefined): Voivodeship | undefined {
  if (!name) return undefined;
  const key = normalizeTownName(name)
    .replace(/^(wojewodztwo|woj\.?)\s+/, '')
    .replace(/\s+(voivodeship|province|region)$/, '');
  return VOIVODESHIP_BY_KEY.get(key) ?? ENGLISH_VOIVODESHIPS.get(key);
}

/** Largest first; ties broken by name and position so every run gives the same order. */
function compareTowns(a: Town, b: Town): number {
  if (a.population !== b.population) return b.population - a.population;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.latitude - b.latitude || a.longitude - b.longitude;
}

export function createTownIndex(file: TownsFile): TownIndex {
  const towns: Town[] = [];
  for (const [region, rows] of Object.entries(file.voivodeships)) {
    for (const [name, latitude, longitude, population] of rows) {
      towns.push({ name, region, latitude, longitude, population });
    }
  }
  towns.sort(compareTowns);
  return { source: file.source, towns, keys: towns.map((t) => normalizeTownName(t.name)) };
}

/**
 * Towns whose name starts with the prefix, ignoring case and diacritics ('lod' finds Łódź),
 * exact names first, then by population; at most `limit`, nothing below MIN_TOWN_PREFIX.
 */
export function matchTownPrefix(index: TownIndex, prefix: string, limit = DEFAULT_TOWN_LIMIT): Town[] {
  const key = normalizeTownName(prefix);
  if (key.length < MIN_TOWN_PREFIX || limit <= 0) return [];
  const exact: Town[] = [];
  const partial: Town[] = [];
  index.keys.forEach((k, i) => {
    if (k === key) exact.push(index.towns[i]);
    else if (k.startsWith(key)) partial.push(index.towns[i]);
  });
  return exact.concat(partial).slice(0, limit);
}

/** Groups in order of their best town (the input order), towns keeping that order within. */
export function groupTownsByRegion(towns: readonly Town[]): TownGroup[] {
  const groups = new Map<string, Town[]>();
  for (const town of towns) {
    const group = groups.get(town.region);
    if (group) group.push(town);
    else groups.set(town.region, [town]);
  }
  return [...groups].map(([region, list]) => ({ region, towns: list }));
}

/** The suggestion list of the find-event city input. */
export function suggestTowns(index: TownIndex, prefix: string, limit = DEFAULT_TOWN_LIMIT): TownGroup[] {
  return groupTownsByRegion(matchTownPrefix(index, prefix, limit));
}

/** Towns named exactly `name` (ignoring case, diacritics, hyphens; 'Warsaw' is Warszawa), largest first. */
export function findTownsByName(index: TownIndex, name: string): Town[] {
  let key = normalizeTownName(name);
  key = TOWN_ALIASES.get(key) ?? key;
  if (!key) return [];
  return index.towns.filter((_, i) => index.keys[i] === key);
}

function toGeocoded(town: Town): GeocodedTown {
  return { latitude: town.latitude, longitude: town.longitude, City: town.name, region: town.region };
}

/**
 * Forward geocoding for the radius search. With a region, the largest town of that name in
 * it (null if none there). Without one, the largest town of that name when all such towns lie
 * in one voivodeship, else `{ ambiguous: true, regions }` (spec: the user must pick a
 * suggestion). Null when no town has that name.
 */
export function geocodeTown(index: TownIndex, city: string, region?: string | null): GeocodeResult {
  const matches = findTownsByName(index, city);
  if (matches.length === 0) return null;
  if (region != null && region.trim() !== '') {
    const wanted = toVoivodeship(region);
    const inRegion = wanted && matches.find((t) => t.region === wanted);
    return inRegion ? toGeocoded(inRegion) : null;
  }
  const regions = [...new Set(matches.map((t) => t.region))];
  return regions.length === 1 ? toGeocoded(matches[0]) : { ambiguous: true, regions };
}

export function isAmbiguous(result: GeocodeResult): result is AmbiguousTown {
  return result !== null && 'ambiguous' in result;
}

/** Mean Earth radius in km, as geokdbush uses, so both distances agree. */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
