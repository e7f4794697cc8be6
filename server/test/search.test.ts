import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { MAP_MARKERS_UP_TO, mapCellWidth, SEARCH_PAGE_SIZE } from '@contract/events';
import { distanceKm } from '@contract/towns';
import { GameIndex } from '../src/search/game-index';
import { createEvent } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let client: TestClient;
let ownerId: string;

// A seeded generator, so a failure can be reproduced.
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

const center = { latitude: 52.2297, longitude: 21.0122 };
const points: { id: string; latitude: number; longitude: number; isPrivate: boolean; past: boolean }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const s = await signUp(t);
  client = s.client;
  ownerId = s.user._id;
  const rand = rng(42);
  const values = [];
  for (let i = 0; i < 400; i++) {
    const latitude = center.latitude + (rand() - 0.5) * 1.6;
    const longitude = center.longitude + (rand() - 0.5) * 2.6;
    const isPrivate = rand() < 0.1;
    const past = rand() < 0.1;
    values.push(sql`(${ownerId}, ${`Gra ${i}`}, 'football', '2030-01-01', '18:00',
      ${past ? sql`now() - interval '3 hours'` : sql`now() + interval '1 day'`},
      ${past ? sql`now() - interval '1 hour'` : sql`now() + interval '1 day 90 minutes'`},
      90, 'Warszawa', 'Testowa', '1', '00-001', 'field', 'beginner', ${isPrivate}, ${latitude}, ${longitude})`);
    points.push({ id: '', latitude, longitude, isPrivate, past });
  }
  // Thirty games on one pitch (the same distance from any centre), a mix of types, so ordering and
  // paging have ties to break.
  for (let i = 0; i < 30; i++) {
    const latitude = 52.25;
    const longitude = 21.05;
    values.push(sql`(${ownerId}, ${`Orlik ${i}`}, ${i % 3 === 0 ? 'basketball' : 'football'}, '2030-01-01', '18:00',
      now() + interval '1 day', now() + interval '1 day 90 minutes',
      90, 'Warszawa', 'Testowa', '1', '00-001', 'field', 'beginner', false, ${latitude}, ${longitude})`);
    points.push({ id: '', latitude, longitude, isPrivate: false, past: false });
  }
  const res = await t.database.db.execute(sql`INSERT INTO events (owner_id, event_name, game_type, start_date, start_hour,
      start_at, end_at, duration, city, street, address_number, postal_code, field_type, level, is_private, latitude, longitude)
    VALUES ${sql.join(values, sql`, `)} RETURNING id`);
  res.rows.forEach((r, i) => (points[i].id = (r as { id: string }).id));
});
afterAll(() => t.close());

async function searchAll(body: Record<string, unknown>) {
  const ids: string[] = [];
  const distances: number[] = [];
  let total: number;
  for (let page = 1; ; page++) {
    const res = await client.post('/football-events/search', { ...body, page, limit: 25 });
    expect(res.statusCode).toBe(200);
    total = res.json().total;
    for (const e of res.json().events) {
      ids.push(e._id);
      distances.push(e.distance);
    }
    if (res.json().events.length < 25) break;
  }
  return { ids, distances, total };
}

describe('radius search', () => {
  it.each([5, 20, 50])('matches a brute-force distance check at %i km, nearest first, paged without gaps or repeats', async (km) => {
    const { ids, distances, total } = await searchAll({ ...center, distance: km });
    // earthdistance and haversine use slightly different earth radii: ignore points right at the edge.
    const edge = km * 0.005;
    const expected = points.filter((p) => !p.isPrivate && !p.past && distanceKm(center, p) <= km - edge).map((p) => p.id);
    const allowed = new Set(points.filter((p) => !p.isPrivate && !p.past && distanceKm(center, p) <= km + edge).map((p) => p.id));
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of expected) expect(ids).toContain(id);
    for (const id of ids) expect(allowed.has(id)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  // The brute force: every visible game, its distance computed row by row, sorted in full.
  async function bruteForce(c: { latitude: number; longitude: number }, km: number, gameType: string | null) {
    const radius = km * 1000;
    const chord = 2 * 6378168 * Math.sin(radius / (2 * 6378168));
    const res = await t.database.db.execute(sql`SELECT id FROM (
        SELECT id, earth <-> ll_to_earth(${c.latitude}::float8, ${c.longitude}::float8) AS d FROM events
        WHERE is_private = false AND status IN ('upcoming', 'live') AND end_at > now()
          AND (${gameType}::text IS NULL OR game_type = ${gameType}::text)) all_games
      WHERE d <= ${chord}::float8 ORDER BY d, id`);
    return res.rows.map((r) => (r as { id: string }).id);
  }

  it.each([
    [center, 50, null],
    [center, 5, null],
    [{ latitude: 52.25, longitude: 21.05 }, 1, null],
    [{ latitude: 52.25, longitude: 21.05 }, 30, 'basketball'],
    [{ latitude: 52.6, longitude: 20.5 }, 20, null],
    [{ latitude: 51.0, longitude: 17.0 }, 10, null],
  ] as const)('answers the first page exactly as a brute-force ordering does (%j, %i km, type %s)', async (c, km, gameType) => {
    const want = await bruteForce(c, km, gameType);
    // Znajdź Wydarzenie's page (25), and a smaller and a larger one.
    for (const limit of [10, SEARCH_PAGE_SIZE, 50]) {
      const res = await client.post('/football-events/search', { ...c, distance: km, limit, ...(gameType ? { gameType } : {}) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.events.map((e: { _id: string }) => e._id)).toEqual(want.slice(0, limit));
      // Exact up to the bound (100, or the page's end if further), "at least" beyond it.
      expect(body.total).toBe(Math.min(want.length, 100));
      expect(body.totalIsLowerBound).toBe(want.length > 100);
    }
    // 'Pokaż więcej': the second page of 25 continues the brute-force order.
    const second = await client.post('/football-events/search', { ...c, distance: km, page: 2, limit: SEARCH_PAGE_SIZE, ...(gameType ? { gameType } : {}) });
    expect(second.json().events.map((e: { _id: string }) => e._id)).toEqual(want.slice(SEARCH_PAGE_SIZE, 2 * SEARCH_PAGE_SIZE));
  });

  it('pages through games at the same distance without repeats or gaps, and counts exactly to the end of a far page', async () => {
    const pitch = { latitude: 52.25, longitude: 21.05 };
    const want = await bruteForce(pitch, 2, null);
    expect(want.length).toBeGreaterThanOrEqual(30);
    const got: string[] = [];
    for (let page = 1; got.length < want.length; page++) {
      const res = await client.post('/football-events/search', { ...pitch, distance: 2, page, limit: 7 });
      got.push(...res.json().events.map((e: { _id: string }) => e._id));
      expect(res.json().events.length).toBeGreaterThan(0);
    }
    expect(got).toEqual(want);
    const all = await bruteForce(center, 50, null);
    expect(all.length).toBeGreaterThan(110);
    const far = await client.post('/football-events/search', { ...center, distance: 50, page: 2, limit: 55 });
    expect(far.json().events.map((e: { _id: string }) => e._id)).toEqual(all.slice(55, 110));
    expect(far.json().total).toBe(110);
    expect(far.json().totalIsLowerBound).toBe(true);
  });

  it('searches around a city when only the city is known', async () => {
    const byCity = await searchAll({ City: 'Warszawa', region: 'mazowieckie', distance: 10 });
    const byPoint = await searchAll({ latitude: 52.2298, longitude: 21.0118, distance: 10 });
    expect(Math.abs(byCity.total - byPoint.total)).toBeLessThanOrEqual(2);
  });

  it('filters by game type', async () => {
    const event = await createEvent(client, { gameType: 'volleyball', eventName: 'Siatka nad Wisłą' });
    const res = await client.post('/football-events/search', { ...center, distance: 50, gameType: 'volleyball' });
    expect(res.json().events.map((e: { _id: string }) => e._id)).toEqual([event._id]);
  });

  it('refuses a distance outside 1–50 and an unknown or ambiguous city', async () => {
    expect((await client.post('/football-events/search', { ...center, distance: 0 })).statusCode).toBe(400);
    expect((await client.post('/football-events/search', { ...center, distance: 51 })).statusCode).toBe(400);
    expect((await client.post('/football-events/search', { City: 'Atlantyda', distance: 5 })).statusCode).toBe(400);
  });

  it('lists the map viewport with only visible games inside it', async () => {
    const box = { minLat: 52.1, maxLat: 52.3, minLon: 20.9, maxLon: 21.1 };
    const res = await client.get(`/football-events?minLat=${box.minLat}&maxLat=${box.maxLat}&minLon=${box.minLon}&maxLon=${box.maxLon}`);
    const got = new Set(res.json().events.map((e: { _id: string }) => e._id));
    const want = points.filter(
      (p) => !p.isPrivate && !p.past && p.latitude >= box.minLat && p.latitude <= box.maxLat && p.longitude >= box.minLon && p.longitude <= box.maxLon,
    );
    expect(want.length).toBeGreaterThan(0);
    for (const p of want) expect(got.has(p.id)).toBe(true);
    for (const e of res.json().events) {
      const [lon, lat] = e.geolocation.coordinates;
      expect(lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon).toBe(true);
    }
  });
});

describe('map clusters at low zoom', () => {
  // The brute force: every game search could show (not over yet), grouped into the zoom's grid cells in JS.
  async function cellsByBruteForce(zoom: number, box: { minLat: number; maxLat: number; minLon: number; maxLon: number }) {
    const res = await t.database.db.execute(
      sql`SELECT latitude, longitude FROM events WHERE is_private = false AND status IN ('upcoming', 'live') AND end_at > now()`,
    );
    const w = mapCellWidth(zoom);
    const cells = new Map<string, { count: number; lat: number; lon: number }>();
    for (const r of res.rows as { latitude: number; longitude: number }[]) {
      const cx = Math.floor(r.longitude / w);
      const cy = Math.floor(r.latitude / (w * 0.6));
      if (cx < Math.floor(box.minLon / w) || cx > Math.floor(box.maxLon / w) || cy < Math.floor(box.minLat / (w * 0.6)) || cy > Math.floor(box.maxLat / (w * 0.6))) continue;
      const c = cells.get(`${zoom}:${cx}:${cy}`) ?? { count: 0, lat: 0, lon: 0 };
      c.count++;
      c.lat += r.latitude;
      c.lon += r.longitude;
      cells.set(`${zoom}:${cx}:${cy}`, c);
    }
    return cells;
  }
  const wide = { minLat: 51, maxLat: 53.5, minLon: 19, maxLon: 23 };
  const mapAt = async (box: typeof wide, zoom: number) =>
    (await client.get(`/football-events?minLat=${box.minLat}&maxLat=${box.maxLat}&minLon=${box.minLon}&maxLon=${box.maxLon}&zoom=${zoom}`)).json();

  it.each([7, 8.6, 10])('answers counts per grid cell at zoom %d that match a brute-force grouping', async (zoom) => {
    const want = await cellsByBruteForce(Math.floor(zoom), wide);
    const body = await mapAt(wide, zoom);
    expect(body.events).toEqual([]);
    expect(body.clusters.length).toBe(want.size);
    for (const c of body.clusters) {
      const w = want.get(c.id)!;
      expect(c.count).toBe(w.count);
      expect(c.latitude).toBeCloseTo(w.lat / w.count, 4);
      expect(c.longitude).toBeCloseTo(w.lon / w.count, 4);
    }
  });

  it('keeps the counts in step as games are created, cancelled and made private', async () => {
    const zoom = 9;
    const before = await mapAt(wide, zoom);
    const sum = (body: { clusters: { count: number }[] }) => body.clusters.reduce((n: number, c: { count: number }) => n + c.count, 0);
    const event = await createEvent(client, { eventName: 'Nowa gra na mapie' });
    expect(sum(await mapAt(wide, zoom))).toBe(sum(before) + 1);
    await t.database.db.execute(sql`UPDATE events SET is_private = true WHERE id = ${event._id}`);
    expect(sum(await mapAt(wide, zoom))).toBe(sum(before));
    await t.database.db.execute(sql`UPDATE events SET is_private = false WHERE id = ${event._id}`);
    expect((await client.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
    const after = await mapAt(wide, zoom);
    expect(sum(after)).toBe(sum(before));
    expect(after.clusters.length).toBe((await cellsByBruteForce(zoom, wide)).size);
  });

  it('sends markers instead when the view holds only a few games, and markers above zoom 10', async () => {
    const small = { minLat: 52.24, maxLat: 52.26, minLon: 21.04, maxLon: 21.06 };
    const sparse = await mapAt(small, 8);
    expect(sparse.clusters).toEqual([]);
    expect(sparse.events.length).toBeGreaterThan(0);
    const near = await mapAt(wide, 11);
    expect(near.clusters).toEqual([]);
    expect(near.events.length).toBeGreaterThan(MAP_MARKERS_UP_TO);
  });
});

describe('search result cache', () => {
  let c: TestApp;
  let player: TestClient;
  let organiser: string;
  beforeAll(async () => {
    c = await buildTestApp({ SEARCH_CACHE_MS: 60_000 });
    const s = await signUp(c);
    player = s.client;
    organiser = s.user._id;
  });
  afterAll(() => c.close());

  const warsaw = { ...center, distance: 50 };
  const insertDirectly = (name: string) =>
    c.database.db.execute(sql`INSERT INTO events (owner_id, event_name, game_type, start_date, start_hour, start_at, end_at, duration,
      city, street, address_number, postal_code, field_type, level, latitude, longitude)
      VALUES (${organiser}, ${name}, 'football', '2030-01-01', '18:00', now() + interval '1 day', now() + interval '1 day 90 minutes', 90,
      'Warszawa', 'Testowa', '1', '00-001', 'field', 'beginner', ${center.latitude}, ${center.longitude})`);
  const search = async (body: Record<string, unknown>) => {
    const res = await player.post('/football-events/search', body);
    expect(res.statusCode).toBe(200);
    return res.json() as { events: { eventName: string }[]; total: number };
  };

  it('answers identical searches arriving together with one query', async () => {
    await insertDirectly('Gra dla wszystkich');
    const spy = jest.spyOn(GameIndex.prototype, 'nearest');
    const answers = await Promise.all(Array.from({ length: 5 }, () => search({ ...warsaw, distance: 30 })));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(answers[0].events.map((e) => e.eventName)).toContain('Gra dla wszystkich');
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('reuses an answer for a moment, but never hides a write made through the app', async () => {
    const before = await search(warsaw);
    await insertDirectly('Wpisana obok aplikacji');
    // Written behind the app's back: the cached answer stands until it expires.
    expect((await search(warsaw)).total).toBe(before.total);
    // A game created through the app clears the cache: both new games show at once.
    await createEvent(player, { eventName: 'Nowa przez aplikację' });
    const after = await search(warsaw);
    expect(after.total).toBe(before.total + 2);
    expect(after.events.map((e) => e.eventName)).toEqual(expect.arrayContaining(['Wpisana obok aplikacji', 'Nowa przez aplikację']));
    // Other parameters are other answers.
    expect((await search({ ...warsaw, gameType: 'volleyball' })).total).toBe(0);
  });

  it('sends the shared answer gzipped to clients that accept it, and plain to the rest', async () => {
    for (let i = 0; i < 10; i++) await insertDirectly(`Mecz ${i}`);
    const plain = await player.request({ method: 'GET', url: '/football-events?minLat=51.9&maxLat=52.5&minLon=20.5&maxLon=21.5' });
    const zipped = await player.request({
      method: 'GET', url: '/football-events?minLat=51.9&maxLat=52.5&minLon=20.5&maxLon=21.5', headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.json().events.length).toBeGreaterThan(0);
    // A search page of 10 full games is over 8 KB: gzipped on the compression thread (ADR 100).
    const body = { ...warsaw, distance: 50, limit: 10 };
    const page = await player.request({ method: 'POST', url: '/football-events/search', payload: body });
    const pageZipped = await player.request({ method: 'POST', url: '/football-events/search', payload: body, headers: { 'accept-encoding': 'gzip' } });
    expect(page.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(pageZipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(pageZipped.rawPayload).toString('utf8'))).toEqual(page.json());
  });
});
