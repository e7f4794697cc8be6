import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VOIVODESHIPS, type TownsFile } from '../../../contract/towns';
import { MAX_REVERSE_KM, distanceKm, findTowns, geocodeCity, loadTowns, reverseGeocode } from './towns';

/** Small seeded generator, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('public/towns-pl.json', () => {
  const file = JSON.parse(readFileSync(path.resolve(__dirname, '../../../public/towns-pl.json'), 'utf8')) as TownsFile;
  const rows = Object.values(file.voivodeships).flat();

  it('holds the 16 voivodeships under their Polish names and credits GeoNames', () => {
    expect(Object.keys(file.voivodeships)).toEqual([...VOIVODESHIPS]);
    expect(file.source).toMatch(/GeoNames/);
    expect(rows.length).toBeGreaterThan(2000);
  });

  it('uses Polish names and leaves city districts out', () => {
    const names = new Set(rows.map((r) => r[0]));
    for (const name of ['Warszawa', 'Kraków', 'Łódź', 'Wrocław', 'Bielsko-Biała']) expect(names).toContain(name);
    for (const name of ['Warsaw', 'Bielsko-Biala', 'Mokotów', 'Śródmieście']) expect(names).not.toContain(name);
  });

  it('sorts each voivodeship by population and rounds coordinates to 4 decimals', () => {
    for (const list of Object.values(file.voivodeships)) {
      for (let i = 1; i < list.length; i++) expect(list[i - 1][3]).toBeGreaterThanOrEqual(list[i][3]);
    }
    for (const [, lat, lon] of rows) {
      expect(Math.round(lat * 1e4) / 1e4).toBe(lat);
      expect(Math.round(lon * 1e4) / 1e4).toBe(lon);
    }
  });
});

describe('findTowns', () => {
  it("finds Warszawa in mazowieckie for 'Wars'", () => {
    const groups = findTowns('Wars', 10);
    expect(groups[0].region).toBe('mazowieckie');
    expect(groups[0].towns[0]).toMatchObject({ name: 'Warszawa', region: 'mazowieckie' });
  });

  it("finds Kraków for 'kra', and Łódź with or without diacritics", () => {
    expect(findTowns('kra', 10)[0].towns[0].name).toBe('Kraków');
    expect(findTowns('KRAKOW', 10)[0].towns[0].name).toBe('Kraków');
    expect(findTowns('łód', 10)[0].towns[0].name).toBe('Łódź');
    expect(findTowns('lod', 10)[0].towns[0].name).toBe('Łódź');
    expect(findTowns('zielona gora', 10)[0].towns[0]).toMatchObject({ name: 'Zielona Góra', region: 'lubuskie' });
  });

  it('groups towns by voivodeship, each voivodeship once', () => {
    const groups = findTowns('Nowy', 50);
    const regions = groups.map((g) => g.region);
    expect(new Set(regions).size).toBe(regions.length);
    expect(regions.length).toBeGreaterThan(1);
    for (const group of groups) {
      for (const town of group.towns) {
        expect(town.region).toBe(group.region);
        expect(town.name.startsWith('Nowy')).toBe(true);
      }
    }
    expect(groups.flatMap((g) => g.towns).length).toBeLessThanOrEqual(50);
  });

  it('suggests nothing below 2 characters and honours the limit', () => {
    expect(findTowns('W', 10)).toEqual([]);
    expect(findTowns('', 10)).toEqual([]);
    expect(findTowns('Po', 5).flatMap((g) => g.towns)).toHaveLength(5);
  });
});

describe('geocodeCity', () => {
  it('places Warszawa at about 52.23, 21.01', () => {
    const result = geocodeCity('Warszawa');
    expect(result).toMatchObject({ City: 'Warszawa', region: 'mazowieckie' });
    if (!result || 'ambiguous' in result) throw new Error('expected a town');
    expect(result.latitude).toBeCloseTo(52.23, 1);
    expect(result.longitude).toBeCloseTo(21.01, 1);
    expect(geocodeCity('warszawa', 'mazowieckie')).toEqual(result);
  });

  it('calls a name found in two voivodeships ambiguous, and resolves it with a region', () => {
    // Olsztyn: the capital of warmińsko-mazurskie and a village near Częstochowa
    expect(geocodeCity('Olsztyn')).toEqual({ ambiguous: true, regions: ['warmińsko-mazurskie', 'śląskie'] });
    expect(geocodeCity('Olsztyn', 'warmińsko-mazurskie')).toMatchObject({ City: 'Olsztyn', region: 'warmińsko-mazurskie' });
    expect(geocodeCity('olsztyn', 'Śląskie')).toMatchObject({ City: 'Olsztyn', region: 'śląskie' });
    expect(geocodeCity('Olsztyn', 'podlaskie')).toBeNull();
  });

  it('returns null for a city not in the data', () => {
    expect(geocodeCity('Berlin')).toBeNull();
  });
});

describe('reverseGeocode', () => {
  it('finds Kraków at (50.0614, 19.9366)', () => {
    expect(reverseGeocode(50.0614, 19.9366)).toMatchObject({ City: 'Kraków', region: 'małopolskie', Country: 'Poland' });
  });

  it('names the city, not its district, inside Warsaw', () => {
    // Mokotów
    expect(reverseGeocode(52.1934, 21.0349)).toMatchObject({ City: 'Warszawa', region: 'mazowieckie' });
  });

  it('returns null far out at sea, or for invalid coordinates', () => {
    expect(reverseGeocode(56.5, 17.5)).toBeNull(); // the Baltic between Gotland and Latvia
    expect(reverseGeocode(0, 0)).toBeNull();
    expect(reverseGeocode(Number.NaN, 20)).toBeNull();
    expect(reverseGeocode(95, 20)).toBeNull();
  });

  it('agrees with a brute-force nearest search on 200 random points in and around Poland', () => {
    const { towns } = loadTowns().index;
    const random = mulberry32(20240601);
    let outside = 0;
    for (let i = 0; i < 200; i++) {
      const point = { latitude: 49 + random() * 5.85, longitude: 14.1 + random() * 10.05 };
      let best = towns[0];
      let bestKm = Infinity;
      for (const town of towns) {
        const km = distanceKm(point, town);
        if (km < bestKm) [best, bestKm] = [town, km];
      }
      const found = reverseGeocode(point.latitude, point.longitude);
      if (bestKm > MAX_REVERSE_KM) {
        expect(found).toBeNull();
        outside++;
        continue;
      }
      expect(found).not.toBeNull();
      expect(found!.distanceKm).toBeCloseTo(bestKm, 6);
      // equal distances can only differ in which of the tied towns is named
      if (found!.City !== best.name) expect(distanceKm(point, found!)).toBeCloseTo(bestKm, 6);
      else expect(found).toMatchObject({ region: best.region, latitude: best.latitude, longitude: best.longitude });
    }
    // the box's corners lie abroad, so both answers are exercised
    expect(outside).toBeGreaterThan(0);
    expect(outside).toBeLessThan(40);
  });
});
