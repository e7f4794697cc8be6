import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { distanceKm } from '@contract/towns';
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
    for (const limit of [10, 50]) {
      const res = await client.post('/football-events/search', { ...c, distance: km, limit, ...(gameType ? { gameType } : {}) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.events.map((e: { _id: string }) => e._id)).toEqual(want.slice(0, limit));
      // Exact up to the bound (100, or the page's end if further), "at least" beyond it.
      expect(body.total).toBe(Math.min(want.length, 100));
      expect(body.totalIsLowerBound).toBe(want.length > 100);
    }
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
    const spy = jest.spyOn(c.database.pool, 'query');
    const answers = await Promise.all(Array.from({ length: 5 }, () => search({ ...warsaw, distance: 30 })));
    const searches = spy.mock.calls.filter(([q]) => (q as { name?: string })?.name === 'events_search_by_radius_knn');
    spy.mockRestore();
    expect(searches).toHaveLength(1);
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
  });
});
