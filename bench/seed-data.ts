import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GAME_TYPES, LEVELS, FIELD_TYPES } from '@contract/events';
import type { TownsFile } from '@contract/towns';
import { utcToWarsaw } from '@contract/time';

/** A seeded generator, so the same arguments give the same data. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export interface Place {
  city: string;
  region: string;
  latitude: number;
  longitude: number;
  weight: number;
}

/** Towns with a weight that favours cities (population^0.8), for picking where games happen. */
export function loadPlaces(): Place[] {
  const file = JSON.parse(readFileSync(path.resolve(__dirname, '../public/towns-pl.json'), 'utf8')) as TownsFile;
  const places: Place[] = [];
  for (const [region, rows] of Object.entries(file.voivodeships)) {
    for (const [city, latitude, longitude, population] of rows) {
      places.push({ city, region, latitude, longitude, weight: Math.pow(Math.max(population, 200), 0.8) });
    }
  }
  return places;
}

export function weightedPicker<T extends { weight: number }>(items: T[], rand: () => number) {
  const cumulative: number[] = [];
  let sum = 0;
  for (const it of items) cumulative.push((sum += it.weight));
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}

const STREETS = ['Sportowa', 'Szkolna', 'Parkowa', 'Leśna', 'Polna', 'Ogrodowa', 'Lipowa', 'Kwiatowa', 'Słoneczna', 'Orlika'];
const NAMES = ['Gierka', 'Mecz', 'Sparing', 'Trening', 'Turniej', 'Granie', 'Spotkanie'];

/** One game's column values, in the order of EVENT_COLUMNS. */
export function eventRow(ownerId: string, place: Place, rand: () => number, now: number) {
  // Cities spread their games over ~5 km, villages keep them close.
  const spread = place.weight > 5000 ? 0.045 : 0.01;
  const latitude = place.latitude + (rand() - 0.5) * spread * 2;
  const longitude = place.longitude + (rand() - 0.5) * spread * 3;
  const gameType = rand() < 0.55 ? 'football' : GAME_TYPES[Math.floor(rand() * GAME_TYPES.length)];
  // Most games are ahead (the next 30 days); some are over already.
  const startAt = now + Math.floor((rand() * 32 - 2) * 24) * 3600_000 + 17 * 3600_000;
  const duration = [60, 90, 90, 120][Math.floor(rand() * 4)];
  const { date, hour } = utcToWarsaw(startAt);
  const price = rand() < 0.4 ? 0 : Math.round(rand() * 30);
  return [
    ownerId, `${NAMES[Math.floor(rand() * NAMES.length)]} ${place.city}`, gameType, date, hour,
    new Date(startAt), new Date(startAt + duration * 60_000), duration, place.city,
    STREETS[Math.floor(rand() * STREETS.length)], String(1 + Math.floor(rand() * 120)), '00-001', place.region,
    FIELD_TYPES[Math.floor(rand() * FIELD_TYPES.length)], Math.floor(rand() * 10), LEVELS[Math.floor(rand() * LEVELS.length)],
    price, price ? 'Na miejscu' : null, rand() < 0.03, startAt + duration * 60_000 < now ? 'completed' : 'upcoming',
    latitude, longitude,
  ];
}

export const EVENT_COLUMNS = [
  'owner_id', 'event_name', 'game_type', 'start_date', 'start_hour', 'start_at', 'end_at', 'duration', 'city', 'street',
  'address_number', 'postal_code', 'region', 'field_type', 'player_count', 'level', 'price', 'payment_method',
  'is_private', 'status', 'latitude', 'longitude',
];
