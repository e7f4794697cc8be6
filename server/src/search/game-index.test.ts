import { chordOf, EARTH_RADIUS_M, GameIndex, type IndexedGame } from './game-index';

/** A small deterministic generator, so a failure is reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const TYPES = ['football', 'volleyball', 'basketball'];
const NOW = Date.parse('2030-06-01T12:00:00Z');

function chord(lat1: number, lon1: number, lat2: number, lon2: number) {
  const r = Math.PI / 180;
  const p = (la: number, lo: number) => [Math.cos(la * r) * Math.cos(lo * r), Math.cos(la * r) * Math.sin(lo * r), Math.sin(la * r)];
  const a = p(lat1, lon1);
  const b = p(lat2, lon2);
  return EARTH_RADIUS_M * Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function makeGames(n: number, seed: number): IndexedGame[] {
  const rand = rng(seed);
  const games: IndexedGame[] = [];
  for (let i = 0; i < n; i++) {
    // Clumps around a few towns, some games on one shared pitch (ties), some already over.
    const town = [[52.23, 21.01], [50.06, 19.94], [51.11, 17.03], [54.35, 18.65]][i % 4];
    const pitch = i % 17 === 0;
    const id = `00000000-0000-4000-8000-${String(Math.floor(rand() * 1e12)).padStart(12, '0')}`;
    games.push({
      id,
      latitude: pitch ? town[0] : town[0] + (rand() - 0.5) * 1.2,
      longitude: pitch ? town[1] : town[1] + (rand() - 0.5) * 1.8,
      gameType: TYPES[Math.floor(rand() * TYPES.length)],
      startAt: new Date(NOW + 3_600_000),
      endAt: new Date(i % 23 === 0 ? NOW - 1 : NOW + 7_200_000),
      eventName: `Gra ${i}`,
      duration: 90,
      price: 10,
      playerCount: 10,
      card: `{"_id":"${id}"`,
    });
  }
  return games;
}

function bruteNearest(games: IndexedGame[], lat: number, lon: number, km: number, gameType?: string) {
  return games
    .filter((g) => g.endAt.getTime() > NOW && (!gameType || g.gameType === gameType))
    .map((g) => ({ id: g.id, d: chord(lat, lon, g.latitude, g.longitude) }))
    .filter((g) => g.d <= chordOf(km * 1000))
    .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((g) => g.id);
}

describe('GameIndex', () => {
  const games = makeGames(6000, 7);
  const index = new GameIndex();
  for (const g of games) index.upsert(g);

  it.each([
    [52.23, 21.01, 50, undefined],
    [52.23, 21.01, 1, undefined],
    [52.4, 21.3, 20, 'volleyball'],
    [50.06, 19.94, 5, 'basketball'],
    [53.0, 16.0, 50, undefined],
    [54.35, 18.65, 30, 'football'],
  ])('pages nearest first exactly as a brute force does, with a bounded total (%f, %f, %i km, %s)', (lat, lon, km, gameType) => {
    const want = bruteNearest(games, lat, lon, km, gameType);
    for (const [limit, offset] of [[25, 0], [25, 25], [10, 90], [55, 55]]) {
      const bound = Math.max(100, offset + limit);
      const got = index.nearest({ latitude: lat, longitude: lon, radiusM: km * 1000, gameType, limit, offset, bound, now: NOW });
      expect(got.ids).toEqual(want.slice(offset, offset + limit));
      expect(got.total).toBe(Math.min(want.length, bound));
      expect(got.atLeast).toBe(want.length > bound);
    }
  });

  it('answers the map with the games inside the view nearest its centre, at most the limit', () => {
    const view = { minLat: 51.9, maxLat: 52.6, minLon: 20.5, maxLon: 21.6 };
    const midLat = (view.minLat + view.maxLat) / 2;
    const midLon = (view.minLon + view.maxLon) / 2;
    const inside = games
      .filter((g) => g.endAt.getTime() > NOW && g.latitude >= view.minLat && g.latitude <= view.maxLat && g.longitude >= view.minLon && g.longitude <= view.maxLon)
      .map((g) => ({ id: g.id, d: chord(midLat, midLon, g.latitude, g.longitude) }))
      .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
    expect(inside.length).toBeGreaterThan(200);
    // In no particular order: the set is what counts.
    const all = JSON.parse(String(Buffer.concat(index.inView({ ...view, limit: 5000, now: NOW })))) as { _id: string }[];
    expect(all.map((m) => m._id).sort()).toEqual(inside.map((g) => g.id).sort());
    for (const limit of [1, 100, 333]) {
      const some = JSON.parse(String(Buffer.concat(index.inView({ ...view, limit, now: NOW })))) as { _id: string; geolocation: { coordinates: number[] } }[];
      expect(some.map((m) => m._id).sort()).toEqual(inside.slice(0, limit).map((g) => g.id).sort());
      expect(some[0].geolocation.coordinates.every((c) => Math.abs(c * 1e5 - Math.round(c * 1e5)) < 1e-6)).toBe(true);
    }
  });

  it('forgets removed games, moves updated ones, and reuses their slots', () => {
    const small = new GameIndex();
    const [a, b] = makeGames(3, 3).slice(1);
    small.upsert(a);
    small.upsert(b);
    small.upsert({ ...a, latitude: 10, longitude: 10 });
    expect(small.size).toBe(2);
    expect(small.nearest({ latitude: 10, longitude: 10, radiusM: 1000, limit: 5, offset: 0, bound: 100, now: NOW }).ids).toEqual([a.id]);
    small.remove(a.id);
    small.remove(a.id);
    expect(small.has(a.id)).toBe(false);
    expect(small.nearest({ latitude: 10, longitude: 10, radiusM: 1000, limit: 5, offset: 0, bound: 100, now: NOW }).ids).toEqual([]);
    for (const g of makeGames(3000, 11)) small.upsert(g);
    expect(small.size).toBe(3001);
  });

  it('finds games across the antimeridian and near a pole, and an unknown type finds nothing', () => {
    const far = new GameIndex();
    const base = makeGames(2, 5)[1];
    far.upsert({ ...base, id: 'a', latitude: 0, longitude: 179.99 });
    far.upsert({ ...base, id: 'b', latitude: 0, longitude: -179.99 });
    far.upsert({ ...base, id: 'c', latitude: 89.99, longitude: 0 });
    far.upsert({ ...base, id: 'd', latitude: 89.99, longitude: 180 });
    expect(far.nearest({ latitude: 0, longitude: 179.999, radiusM: 5000, limit: 5, offset: 0, bound: 100, now: NOW }).ids).toEqual(['a', 'b']);
    expect(far.nearest({ latitude: 89.99, longitude: 90, radiusM: 5000, limit: 5, offset: 0, bound: 100, now: NOW }).ids.sort()).toEqual(['c', 'd']);
    expect(far.nearest({ latitude: 0, longitude: 179.99, radiusM: 5000, gameType: 'chess', limit: 5, offset: 0, bound: 100, now: NOW })).toEqual({
      ids: [], cards: [], distancesM: [], total: 0, atLeast: false,
    });
  });
});
