import { gunzipSync } from 'node:zlib';
import { gzipOfPieces } from '../lib/gzip-pieces';
import { chordOf, EARTH_RADIUS_M, GameIndex, round5, type IndexedGame, type ViewQuery } from './game-index';

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

/**
 * The map's answer as markers, after checking that its gzip pieces inflate to a JSON array whose
 * every marker is its game's, as the map shows it (`games`: what the index was given).
 */
async function markersIn(index: GameIndex, v: ViewQuery, games: IndexedGame[]) {
  const answer = index.inView(v);
  const markers = JSON.parse(String(gunzipSync(gzipOfPieces(await answer.pieces)))) as { _id: string; geolocation: { coordinates: number[] } }[];
  expect(markers).toHaveLength(answer.count);
  const byId = new Map(games.map((g) => [g.id, g]));
  for (const m of markers) {
    const g = byId.get(m._id)!;
    expect(m).toEqual({
      _id: g.id, eventName: g.eventName, gameType: g.gameType, startDateTime: g.startAt.toISOString(), duration: g.duration, price: g.price,
      playerCount: g.playerCount, geolocation: { type: 'Point', coordinates: [round5(g.longitude), round5(g.latitude)] },
    });
  }
  return markers;
}

const insideView = (games: IndexedGame[], view: Omit<ViewQuery, 'limit'>) =>
  games
    .filter((g) => g.endAt.getTime() > view.now && g.latitude >= view.minLat && g.latitude <= view.maxLat && g.longitude >= view.minLon && g.longitude <= view.maxLon)
    .map((g) => ({ id: g.id, d: chord((view.minLat + view.maxLat) / 2, (view.minLon + view.maxLon) / 2, g.latitude, g.longitude) }))
    .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1))
    .map((g) => g.id);

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

  it('answers as the brute force does in a dense city, on the fine grid and where it gives way to the coarse one', async () => {
    const rand = rng(99);
    // 20,000 games in about 6 km × 6 km of Warsaw (thousands per coarse cell), a few on one pitch,
    // some over. A rare type: 100 games within a kilometre of the centre, the rest in other towns,
    // so its fine walk finds the first hundred and then cannot reach more within its rings.
    const dense: IndexedGame[] = makeGames(20_000, 5).map((g, i) => {
      const rare = i % 200 === 0;
      const spread = rare ? 0.015 : 1;
      return {
        ...g,
        latitude: i % 29 === 0 && !rare ? 52.2297 : 52.2297 + (rand() - 0.5) * 0.06 * spread,
        longitude: i % 29 === 0 && !rare ? 21.0122 : 21.0122 + (rand() - 0.5) * 0.09 * spread,
        gameType: rare ? 'chess' : g.gameType,
      };
    });
    const far = makeGames(300, 6).map((g, i) => ({ ...g, gameType: i % 2 && i % 4 !== 0 ? 'chess' : g.gameType }));
    let all = [...dense, ...far];
    const city = new GameIndex();
    for (const g of all) city.upsert(g);
    const compare = () => {
      for (const [lat, lon, km, gameType] of [
        [52.2297, 21.0122, 50, undefined], [52.2297, 21.0122, 1, undefined], [52.2412, 20.9903, 5, 'volleyball'],
        [52.2201, 21.0300, 3, 'football'], [52.2297, 21.0122, 50, 'chess'], [52.25, 21.05, 25, 'basketball'],
      ] as const) {
        const want = bruteNearest(all, lat, lon, km, gameType);
        for (const [limit, offset] of [[25, 0], [25, 75], [50, 100]]) {
          const bound = Math.max(100, offset + limit);
          const got = city.nearest({ latitude: lat, longitude: lon, radiusM: km * 1000, gameType, limit, offset, bound, now: NOW });
          expect(got.ids).toEqual(want.slice(offset, offset + limit));
          expect(got.total).toBe(Math.min(want.length, bound));
        }
      }
    };
    compare();
    // The rare type's fine walk gives way to the coarse one: only the centre's hundred are near.
    expect(bruteNearest(all, 52.2297, 21.0122, 50, 'chess').length).toBe(dense.filter((g) => g.gameType === 'chess' && g.endAt.getTime() > NOW).length);
    // Games removed, moved a few hundred metres, given another type, and new ones in freed slots:
    // every grid and every type's layer must follow.
    const changed = new Map<string, IndexedGame>();
    all.forEach((g, i) => {
      if (i % 5 === 0) return city.remove(g.id);
      if (i % 5 === 1) changed.set(g.id, { ...g, latitude: g.latitude + 0.004, longitude: g.longitude - 0.006 });
      if (i % 5 === 2) changed.set(g.id, { ...g, gameType: g.gameType === 'chess' ? 'football' : 'chess' });
    });
    for (const g of changed.values()) city.upsert(g);
    const fresh = makeGames(2000, 8).map((g) => ({ ...g, latitude: 52.2297 + (g.latitude - 52.23) / 20, longitude: 21.0122 + (g.longitude - 21.01) / 20 }));
    for (const g of fresh) city.upsert(g);
    all = [...all.filter((_, i) => i % 5 !== 0).map((g) => changed.get(g.id) ?? g), ...fresh];
    expect(city.size).toBe(new Set(all.map((g) => g.id)).size);
    compare();
    const view = { minLat: 52.2, maxLat: 52.26, minLon: 20.97, maxLon: 21.06, now: NOW };
    const inside = insideView(all, view);
    expect(inside.length).toBeGreaterThan(5000);
    for (const limit of [100, 1000]) expect((await markersIn(city, { ...view, limit }, all)).map((m) => m._id).sort()).toEqual(inside.slice(0, limit).sort());
  });

  it('answers the map with the games inside the view nearest its centre, at most the limit', async () => {
    const view = { minLat: 51.9, maxLat: 52.6, minLon: 20.5, maxLon: 21.6, now: NOW };
    const inside = insideView(games, view);
    expect(inside.length).toBeGreaterThan(200);
    // In no particular order: the set is what counts.
    const all = await markersIn(index, { ...view, limit: 5000 }, games);
    expect(all.map((m) => m._id).sort()).toEqual([...inside].sort());
    for (const limit of [1, 100, 333]) {
      const some = await markersIn(index, { ...view, limit }, games);
      expect(some.map((m) => m._id).sort()).toEqual(inside.slice(0, limit).sort());
      expect(some[0].geolocation.coordinates.every((c) => Math.abs(c * 1e5 - Math.round(c * 1e5)) < 1e-6)).toBe(true);
    }
  });

  it('sends whole cells as blocks compressed once, made again when a game in them changes or ends', async () => {
    const mine = makeGames(3000, 21);
    const map = new GameIndex();
    for (const g of mine) map.upsert(g);
    const view = { minLat: 51.9, maxLat: 52.6, minLon: 20.5, maxLon: 21.6, limit: 1000, now: NOW };
    const first = map.inView(view);
    const again = map.inView({ ...view, minLat: 51.91 });
    // Kept blocks are the same objects in both answers: nothing compressed twice.
    const [firstPieces, againPieces] = [await first.pieces, await again.pieces];
    const kept = againPieces.filter((p) => firstPieces.includes(p) && p.length > 1);
    expect(kept.length).toBeGreaterThan(10);

    // A new game, a moved one, a removed one and time passing: every answer stays the brute force's.
    const added = { ...mine[4], id: 'ffffffff-0000-4000-8000-000000000001', latitude: 52.2, longitude: 21 };
    const moved = mine.find((g) => g.latitude > 52 && g.latitude < 52.5 && g.longitude > 20.6 && g.longitude < 21.5 && g.endAt.getTime() > NOW)!;
    const gone = mine.filter((g) => g.latitude > 52 && g.latitude < 52.5 && g.longitude > 20.6 && g.longitude < 21.5 && g !== moved)[3];
    const ending = mine.filter((g) => g.latitude > 52 && g.latitude < 52.5 && g.longitude > 20.6 && g.longitude < 21.5 && g !== moved && g !== gone)[5];
    map.upsert(added);
    map.upsert({ ...moved, latitude: 50, longitude: 19 });
    map.remove(gone.id);
    map.upsert({ ...ending, endAt: new Date(NOW + 60_000) });
    const now = [...mine.filter((g) => g !== gone && g !== moved && g !== ending), added, { ...moved, latitude: 50, longitude: 19 }, { ...ending, endAt: new Date(NOW + 60_000) }];
    for (const at of [NOW, NOW + 120_000]) {
      const ids = (await markersIn(map, { ...view, now: at }, now)).map((m) => m._id).sort();
      expect(ids).toEqual(insideView(now, { ...view, now: at }).slice(0, 1000).sort());
      expect(ids.includes(ending.id)).toBe(at === NOW);
    }
    expect((await markersIn(map, view, now)).map((m) => m._id)).toContain(added.id);
    expect((await markersIn(map, view, now)).map((m) => m._id)).not.toContain(gone.id);
  });

  it('sends the fine cells an answer takes whole inside a cut cell as kept blocks, made again when a game in them changes', async () => {
    // 4,000 games on ~5 × 7 km: the 1,000 nearest the centre are a few hundred metres around it,
    // inside cells the limit cuts, and each fine cell (~550 m) there holds dozens of them.
    const rand = rng(41);
    const dense = makeGames(4000, 41).map((g) => ({ ...g, latitude: 52.23 + (rand() - 0.5) * 0.05, longitude: 21.01 + (rand() - 0.5) * 0.1 }));
    const map = new GameIndex();
    for (const g of dense) map.upsert(g);
    const view = { minLat: 52.0, maxLat: 52.46, minLon: 20.8, maxLon: 21.22, limit: 1000, now: NOW };
    const want = () => insideView(current, view).slice(0, 1000).sort();
    let current = dense;
    const first = await map.inView(view).pieces;
    const again = await map.inView(view).pieces;
    const kept = again.filter((p) => first.includes(p) && p.length > 1);
    expect(kept.length).toBeGreaterThan(5);
    // Kept blocks hold most of the answer: only the edge of the 1,000 is compressed for it.
    const keptBytes = kept.reduce((n, p) => n + p.length, 0);
    expect(keptBytes).toBeGreaterThan(again.reduce((n, p) => n + p.length, 0) / 2);
    expect((await markersIn(map, view, current)).map((m) => m._id).sort()).toEqual(want());

    // Change games inside the kept blocks: renamed, moved a little, removed, ended, one added.
    const near = insideView(current, view).slice(0, 300).map((id) => current.find((g) => g.id === id)!);
    const renamed = { ...near[10], eventName: 'Nowa nazwa' };
    const nudged = { ...near[40], latitude: near[40].latitude + 0.0005 };
    const ended = { ...near[70], endAt: new Date(NOW + 60_000) };
    const gone = near[100];
    const added = { ...near[130], id: 'ffffffff-0000-4000-8000-000000000002', eventName: 'Dodana' };
    for (const g of [renamed, nudged, ended, added]) map.upsert(g);
    map.remove(gone.id);
    const changed = new Map([renamed, nudged, ended].map((g) => [g.id, g]));
    current = [...current.filter((g) => g !== gone).map((g) => changed.get(g.id) ?? g), added];
    const ids = (await markersIn(map, view, current)).map((m) => m._id).sort();
    expect(ids).toEqual(want());
    expect(ids).toContain(added.id);
    expect(ids).not.toContain(gone.id);
    const later = { ...view, now: NOW + 120_000 };
    const idsLater = (await markersIn(map, later, current)).map((m) => m._id).sort();
    expect(idsLater).toEqual(insideView(current, later).slice(0, 1000).sort());
    expect(idsLater).not.toContain(ended.id);

    // Packing renumbers every game: no block made before it may be sent after it.
    map.pack();
    expect((await markersIn(map, later, current)).map((m) => m._id).sort()).toEqual(idsLater);
  });

  it('counts the bubbles of every zoom as games come, move and go, as a brute-force grouping does', () => {
    const mine = makeGames(2000, 31);
    const map = new GameIndex();
    for (const g of mine) map.upsert(g);
    const brute = (all: IndexedGame[], zoom: number, v: { minLat: number; maxLat: number; minLon: number; maxLon: number }) => {
      const w = 90 / 2 ** zoom;
      const h = w * 0.6;
      const cells = new Map<string, { count: number; lat: number; lon: number }>();
      for (const g of all) {
        const [cx, cy] = [Math.floor(g.longitude / w), Math.floor(g.latitude / h)];
        if (cx < Math.floor(v.minLon / w) || cx > Math.floor(v.maxLon / w) || cy < Math.floor(v.minLat / h) || cy > Math.floor(v.maxLat / h)) continue;
        const c = cells.get(`${zoom}:${cx}:${cy}`) ?? { count: 0, lat: 0, lon: 0 };
        cells.set(`${zoom}:${cx}:${cy}`, { count: c.count + 1, lat: c.lat + g.latitude, lon: c.lon + g.longitude });
      }
      return [...cells].map(([id, c]) => ({ id, count: c.count, latitude: c.lat / c.count, longitude: c.lon / c.count })).sort((a, b) => (a.id < b.id ? -1 : 1));
    };
    const check = (all: IndexedGame[]) => {
      // A view of a region (cells looked up) and of the whole world (the cells there are, read).
      for (const v of [{ minLat: 51, maxLat: 53.5, minLon: 19, maxLon: 23 }, { minLat: -90, maxLat: 90, minLon: -180, maxLon: 180 }]) {
        for (const zoom of [6, 8, 10]) {
          const got = map.clusters({ ...v, zoom }).sort((a, b) => (a.id < b.id ? -1 : 1));
          const want = brute(all, zoom, v);
          expect(got.map((c) => [c.id, c.count])).toEqual(want.map((c) => [c.id, c.count]));
          got.forEach((c, i) => {
            expect(c.latitude).toBeCloseTo(want[i].latitude, 4);
            expect(c.longitude).toBeCloseTo(want[i].longitude, 4);
          });
        }
      }
    };
    check(mine);
    const moved = { ...mine[10], latitude: 52.5, longitude: 20.1 };
    map.upsert(moved);
    for (const g of mine.slice(100, 400)) map.remove(g.id);
    check([...mine.slice(0, 10), moved, ...mine.slice(11, 100), ...mine.slice(400)]);
  });

  it('forgets removed games, moves updated ones, and reuses their slots', () => {
    const small = new GameIndex();
    const [a, b] = makeGames(3, 3).slice(1);
    small.upsert(a);
    small.upsert(b);
    small.upsert({ ...a, latitude: 10, longitude: 10 });
    expect(small.size).toBe(2);
    expect(small.nearest({ latitude: 10, longitude: 10, radiusM: 1000, limit: 5, offset: 0, bound: 100, now: NOW }).ids).toEqual([a.id]);
    // A new game type moves it to that type's games: searches by type find it under the new one only.
    const near10 = (gameType: string) => small.nearest({ latitude: 10, longitude: 10, radiusM: 1000, gameType, limit: 5, offset: 0, bound: 100, now: NOW }).ids;
    small.upsert({ ...a, latitude: 10, longitude: 10, gameType: 'tennis' });
    small.upsert({ ...b, latitude: 10, longitude: 10.001, gameType: 'cards' });
    expect([near10('tennis'), near10('cards'), near10(a.gameType)]).toEqual([[a.id], [b.id], []]);
    small.upsert({ ...b, latitude: 10, longitude: 10.001, gameType: 'tennis' });
    expect([near10('tennis'), near10('cards')]).toEqual([[a.id, b.id], []]);
    small.upsert(b);
    small.upsert({ ...a, latitude: 10, longitude: 10 });
    small.remove(a.id);
    small.remove(a.id);
    expect(small.has(a.id)).toBe(false);
    expect(small.nearest({ latitude: 10, longitude: 10, radiusM: 1000, limit: 5, offset: 0, bound: 100, now: NOW }).ids).toEqual([]);
    for (const g of makeGames(3000, 11)) small.upsert(g);
    expect(small.size).toBe(3001);
  });

  it('packs its games by place with the same answers, and takes changes after it as before', async () => {
    let mine = makeGames(4000, 41);
    const packed = new GameIndex();
    for (const g of mine) packed.upsert(g);
    // Slots freed before the pack: it numbers only the games there are.
    for (const g of mine.slice(0, 300)) packed.remove(g.id);
    mine = mine.slice(300);
    const places = [[52.23, 21.01, 3], [50.06, 19.94, 40], [51.5, 18.5, 200]] as const;
    const view = { minLat: 51.9, maxLat: 52.6, minLon: 20.5, maxLon: 21.6, limit: 300, now: NOW };
    const answers = () => ({
      pages: places.flatMap(([lat, lon, km]) => ['', 'football'].map((type) =>
        packed.nearest({ latitude: lat, longitude: lon, radiusM: km * 1000, gameType: type || undefined, limit: 25, offset: 25, bound: 100, now: NOW }))),
      view: packed.inView(view),
    });
    const before = answers();
    packed.pack();
    const after = answers();
    expect(after.pages).toEqual(before.pages);
    expect(packed.size).toBe(mine.length);
    expect(after.view.count).toBe(before.view.count);
    expect((await markersIn(packed, view, mine)).map((m) => m._id).sort()).toEqual(insideView(mine, view).slice(0, 300).sort());
    // Changes after the pack, to every game: half removed, half moved, and new ones taking new slots.
    const fresh = makeGames(500, 43);
    for (const g of fresh) packed.upsert(g);
    for (const g of mine.filter((_, i) => i % 2 === 0)) packed.remove(g.id);
    const moved = mine.filter((_, i) => i % 2 === 1).map((g) => ({ ...g, latitude: g.latitude + 0.01 }));
    for (const g of moved) packed.upsert(g);
    const now = [...moved, ...fresh];
    expect(packed.size).toBe(now.length);
    for (const [lat, lon, km] of places) {
      const page = packed.nearest({ latitude: lat, longitude: lon, radiusM: km * 1000, limit: 25, offset: 0, bound: 100, now: NOW });
      expect(page.ids).toEqual(bruteNearest(now, lat, lon, km).slice(0, 25));
    }
    expect((await markersIn(packed, view, now)).map((m) => m._id).sort()).toEqual(insideView(now, view).slice(0, 300).sort());
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
