import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import webpush from 'web-push';
import { openDatabase, type Database } from '../server/src/db/database';
import { GAME_TYPES, SEARCH_PAGE_SIZE } from '@contract/events';
import { mapQuery } from '../src/features/map/clusterWindow';
import { totalBound } from '../server/src/repositories/events';
import { SearchIndex } from '../server/src/search/search-index';
import { lighthouseScores, measurePageWeights, type LighthouseScores, type PageWeight } from './lib/frontend';
import { httpLoad, type LoadResult } from './lib/http-load';
import { prepareIdentities } from './lib/prepare';
import { realtimeLoad, type RealtimeResult } from './lib/realtime-load';
import { fmt, markdownTable, writeResults, type Row } from './lib/report';
import { startBenchServer, type Probe } from './lib/server-process';
import { loadPlaces, rng, weightedPicker } from './seed-data';
import { benchNearby, type NearbyReport } from './nearby';
import { seed } from './seed';

export interface BenchOptions {
  users: number;
  events: number;
  durationSec: number;
  /** Seconds of each HTTP load run first and not counted. */
  warmupSec: number;
  connections: number;
  sockets: number;
  roomSize: number;
  deliveriesPerSec: number[];
  lighthouse: boolean;
  frontend: boolean;
  engines: ('pglite' | 'postgres')[];
  /** People with a saved location for the new-games-nearby matching row (docs/adr/0086); 100,000 by default. */
  nearbyPlayers?: number;
  /** Further sizes (games; players are a tenth) at which PostgreSQL runs the uncached search and map again. */
  growth: number[];
  /**
   * Only the uncached headline loads named here ('search', 'map'; the ceiling always runs with
   * them) and nothing else: no cached rows, real time or front end. Empty: everything.
   */
  only?: ('search' | 'map')[];
  postgresUrl?: string;
  redisUrl?: string;
  write: boolean;
  log: (line: string) => void;
}

const WARSAW = { latitude: 52.2297, longitude: 21.0122 };
/** Issue 15's budget for the signed-in start, issue 6's for the public pages (which must not load the map). */
export function frontEndTarget(p: Pick<PageWeight, 'path' | 'jsKb' | 'loadsMapCode'>): string {
  if (p.path === '/dashboard') return `≤ 420 KB gzipped JS — ${p.jsKb <= 420 ? 'met' : 'missed'}`;
  return `≤ 120 KB gzipped JS, no map code — ${p.jsKb <= 120 && !p.loadsMapCode ? 'met' : 'missed'}`;
}

/** The server runs as in production (no response-schema checks); PUBLIC_URL is set per process. */
// Production requires SMTP_URL; the bench sends no mail, so it names the discard port of loopback.
const VAPID = webpush.generateVAPIDKeys();
const PRODUCTION = {
  NODE_ENV: 'production', COOKIE_SECRET: randomBytes(32).toString('hex'), SMTP_URL: 'smtp://127.0.0.1:9',
  VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey,
};

interface EngineDb {
  database: Database;
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function openEngine(engine: 'pglite' | 'postgres', o: BenchOptions): Promise<EngineDb> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graj-bench-'));
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    return { database, env: { DATA_DIR: dir, DATABASE_URL: '' }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `graj_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: o.postgresUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(o.postgresUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), timeoutMs: 0 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graj-bench-'));
  return {
    database,
    env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What people really send: each search from a different place (a town picked by its population,
 * anywhere within ~3 km of its centre), a radius from 1 to 50 km, a game type on a third of them,
 * and the page of 25 that Znajdź Wydarzenie asks for. No two bodies are the same.
 */
export function searchMix(n: number, seedValue = 12345) {
  const rand = rng(seedValue);
  const pick = weightedPicker(loadPlaces().map((p) => ({ ...p, weight: p.weight ** 1.25 })), rand);
  return Array.from({ length: n }, () => {
    const town = pick();
    return {
      latitude: Number((town.latitude + (rand() - 0.5) * 0.054).toFixed(6)),
      longitude: Number((town.longitude + (rand() - 0.5) * 0.088).toFixed(6)),
      distance: 1 + Math.floor(rand() * 50),
      limit: SEARCH_PAGE_SIZE,
      ...(rand() < 1 / 3 ? { gameType: GAME_TYPES[Math.floor(rand() * GAME_TYPES.length)] } : {}),
    };
  });
}

/**
 * Map views as people pan and zoom: zoom 6–14, centred near a town picked by population (at zoom
 * 6–8 anywhere over Poland), a 1280×800 px screen, and the query the map sends for it (the client's
 * own `mapQuery`: the view ±0.2°, widened to the 0.1° grid, and at zoom 10 and below the zoom too,
 * where the answer is then bubbles, ADR 81).
 */
export function mapViews(n: number, seedValue = 54321) {
  const rand = rng(seedValue);
  const pick = weightedPicker(loadPlaces().map((p) => ({ ...p, weight: p.weight ** 1.25 })), rand);
  return Array.from({ length: n }, () => {
    const zoom = 6 + Math.floor(rand() * 9);
    const town = pick();
    const wide = zoom <= 8;
    const lat = wide ? 49.5 + rand() * 5 : town.latitude + (rand() - 0.5) * 0.1;
    const lon = wide ? 14.5 + rand() * 9.5 : town.longitude + (rand() - 0.5) * 0.16;
    const halfLon = (1280 / 256) * (360 / 2 ** zoom) / 2;
    const halfLat = (800 / 256) * (360 / 2 ** zoom) * Math.cos((lat * Math.PI) / 180) / 2;
    const query = mapQuery({ west: lon - halfLon, south: lat - halfLat, east: lon + halfLon, north: lat + halfLat }, zoom);
    return new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  });
}

/** The search index's first load of the seeded games: what a process pays once at start (ADR 96). */
async function indexLoad(database: Database): Promise<{ index: SearchIndex; sec: number; games: number; heapMb: number }> {
  // A buffer's memory is given back after the collection that found it dead, by a sweeper of its
  // own: without the pause, what an earlier engine's index freed could count against this one.
  const used = async () => {
    for (let i = 0; i < 2; i++) {
      global.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const before = await used();
  const started = performance.now();
  const index = new SearchIndex(database.pool, 250);
  const games = (await index.current()).size;
  const sec = (performance.now() - started) / 1000;
  return { index, sec, games, heapMb: (await used() - before) / 2 ** 20 };
}

/** A search page of 50 without HTTP: the index's walk, from a different place near Warsaw every call. */
async function medianSearchMs(index: SearchIndex, km: number, runs = 100): Promise<number> {
  const times: number[] = [];
  const page = { limit: 50, offset: 0 };
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const at = { latitude: WARSAW.latitude + (i % 10) * 0.05 - 0.25, longitude: WARSAW.longitude + Math.floor(i / 10) * 0.05 - 0.25 };
    const found = (await index.current()).nearest({ ...at, radiusM: km * 1000, ...page, bound: totalBound(page), now: Date.now() });
    times.push(performance.now() - t);
    if (found.total === 0 && km === 50) throw new Error('the bench searched where no game is');
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

export interface EngineReport {
  engine: 'pglite' | 'postgres';
  seedSec: number;
  sqlMs: Record<string, number>;
  indexLoaded: { sec: number; games: number; heapMb: number };
  nearby: NearbyReport;
  http: Record<string, LoadResult & { probe: Probe }>;
  idle: Probe;
  end: Probe;
  realtime: RealtimeResult[];
  realtimeTwoProcesses: RealtimeResult[];
}

export interface BenchReport {
  options: Omit<BenchOptions, 'log' | 'postgresUrl' | 'redisUrl'>;
  engines: EngineReport[];
  pages: PageWeight[];
  lighthouse: LighthouseScores[];
  growth: GrowthPoint[];
}

/** As a browser sends them: the session and XSRF cookies, and gzip accepted. */
/** The signed-in pages Lighthouse measures: the map, search, chat and settings. */
const SIGNED_IN_PAGES = ['/dashboard', '/dashboard/find-event', '/dashboard/chat', '/dashboard/settings-event'];

function browserHeaders(token: string) {
  return { cookie: `sid=${token}; XSRF-TOKEN=bench`, 'x-xsrf-token': 'bench', 'accept-encoding': 'gzip, deflate, br' };
}

type Server = Awaited<ReturnType<typeof startBenchServer>>;

/** The ceiling route, the search mix and the map views, on a server started with SEARCH_CACHE_MS=0. */
async function uncachedLoads(server: Server, token: string, o: BenchOptions, label: string) {
  const api = `${server.url}/api/v1`;
  const load = { headers: browserHeaders(token), connections: o.connections, durationSec: o.durationSec, warmupSec: o.warmupSec };
  const wanted = (name: 'search' | 'map') => !o.only?.length || o.only.includes(name);
  const loads: [string, Parameters<typeof httpLoad>[0]][] = [['ceiling', { ...load, url: `${api}/users/current-user` }]];
  if (wanted('search')) loads.push(['searchMix', { ...load, url: `${api}/football-events/search`, method: 'POST', bodies: searchMix(50_000) }]);
  if (wanted('map')) loads.push(['mapMix', { ...load, url: `${api}/football-events`, paths: mapViews(50_000).map((q) => `/api/v1/football-events?${q}`) }]);
  const out: Record<string, LoadResult & { probe: Probe }> = {};
  for (const [name, l] of loads) {
    o.log(`[${label}] HTTP load: ${name} (no cache)`);
    await server.reset();
    const result = await httpLoad(l);
    out[name] = { ...result, probe: await server.report() };
  }
  return out;
}

export interface GrowthPoint {
  events: number;
  users: number;
  seedSec: number;
  indexLoaded: { sec: number; games: number; heapMb: number };
  http: Record<string, LoadResult & { probe: Probe }>;
}

/** PostgreSQL at a further size: seed (timed), then the uncached loads only. */
async function runGrowthPoint(events: number, o: BenchOptions): Promise<GrowthPoint> {
  const users = Math.max(100, Math.round(events / 10));
  o.log(`[postgres ${events}] seeding ${users} players and ${events} games`);
  const db = await openEngine('postgres', o);
  try {
    const started = performance.now();
    const seeded = await seed(db.database.pool, { users, events, messagesPerRoom: 3 });
    const seedSec = (performance.now() - started) / 1000;
    const ids = await prepareIdentities(db.database.pool, seeded.users, 1, o.roomSize);
    const { index: _loaded, ...indexLoaded } = await indexLoad(db.database);
    await db.database.close();
    const server = await startBenchServer({ ...db.env, ...PRODUCTION, REDIS_URL: '', SEARCH_CACHE_MS: '0' });
    try {
      return { events, users, seedSec, indexLoaded, http: await uncachedLoads(server, ids.tokens[0], o, `postgres ${events}`) };
    } finally {
      await server.stop();
    }
  } finally {
    await db.database.close().catch(() => undefined);
    await db.drop();
  }
}

async function runEngine(engine: 'pglite' | 'postgres', o: BenchOptions, report: BenchReport): Promise<EngineReport> {
  o.log(`[${engine}] seeding ${o.users} players and ${o.events} games`);
  const db = await openEngine(engine, o);
  try {
    const seedStarted = performance.now();
    const { users } = await seed(db.database.pool, { users: o.users, events: o.events, messagesPerRoom: 3 });
    const seedSec = (performance.now() - seedStarted) / 1000;
    const ids = await prepareIdentities(db.database.pool, users, Math.min(o.sockets, users.length), o.roomSize);
    const load = await indexLoad(db.database);
    const sqlMs = { '5': await medianSearchMs(load.index, 5), '50': await medianSearchMs(load.index, 50) };
    const indexLoaded = { sec: load.sec, games: load.games, heapMb: load.heapMb };
    o.log(`[${engine}] new games nearby: ${o.nearbyPlayers ?? 100_000} players with a saved location`);
    const anyGame = await db.database.pool.query('SELECT id, owner_id FROM events LIMIT 1');
    const nearby = await benchNearby(db.database, {
      players: o.nearbyPlayers ?? 100_000, runs: 200, gameId: anyGame.rows[0].id as string, ownerId: anyGame.rows[0].owner_id as string,
    });
    await db.database.close();

    o.log(`[${engine}] starting the server without the result cache`);
    const out: EngineReport = { engine, seedSec, sqlMs, indexLoaded, nearby, http: {}, idle: undefined as unknown as Probe, end: undefined as unknown as Probe, realtime: [], realtimeTwoProcesses: [] };
    // The headline: the ceiling, then search and map as people send them, the cache out of play.
    const bare = await startBenchServer({ ...db.env, ...PRODUCTION, REDIS_URL: '', SEARCH_CACHE_MS: '0' });
    try {
      out.idle = await bare.report();
      Object.assign(out.http, await uncachedLoads(bare, ids.tokens[0], o, engine));
    } finally {
      await bare.stop();
    }
    if (o.only?.length) return out;

    o.log(`[${engine}] starting the server`);
    const server = await startBenchServer({ ...db.env, ...PRODUCTION, REDIS_URL: '' });
    try {
      // The pages first, while the server is idle: the loads below leave it busy for a while
      // (2,000 sockets closing), which Lighthouse's CPU-bound figures would count against the page.
      if (report.pages.length === 0 && o.frontend) {
        o.log('front end: page weights');
        report.pages = await measurePageWeights(server.url, ids.tokens[1], ['/', '/login', '/dashboard']);
        if (o.lighthouse) {
          o.log('front end: Lighthouse');
          report.lighthouse = [
            ...(await lighthouseScores(server.url, ['/', '/login'])),
            // Signed in as a seeded player (issues 15 and 18): where people spend their time.
            ...(await lighthouseScores(server.url, SIGNED_IN_PAGES, 3, ids.tokens[1])).map((l) => ({ ...l, signedIn: true })),
          ];
        }
      }
      const headers = browserHeaders(ids.tokens[0]);
      const api = `${server.url}/api/v1`;
      const load = { headers, connections: o.connections, durationSec: o.durationSec, warmupSec: o.warmupSec };
      const search = `${api}/football-events/search`;
      // Below the headline: the same request from every client, mostly answered by the shared cache.
      const loads: [string, Parameters<typeof httpLoad>[0]][] = [
        ['search5', { ...load, url: search, method: 'POST', body: { ...WARSAW, distance: 5 } }],
        ['search50', { ...load, url: search, method: 'POST', body: { ...WARSAW, distance: 50 } }],
        ['map', { ...load, url: `${api}/football-events?minLat=${WARSAW.latitude - 0.23}&maxLat=${WARSAW.latitude + 0.23}&minLon=${WARSAW.longitude - 0.25}&maxLon=${WARSAW.longitude + 0.25}` }],
      ];
      for (const [name, load] of loads) {
        o.log(`[${engine}] HTTP load: ${name} (cached)`);
        await server.reset();
        const result = await httpLoad(load);
        out.http[name] = { ...result, probe: await server.report() };
      }
      for (const rate of o.deliveriesPerSec) {
        o.log(`[${engine}] real time: ${ids.rooms.length * o.roomSize} sockets, ${rate} deliveries/s`);
        out.realtime.push(await realtimeLoad([server.url], ids, { roomSize: o.roomSize, deliveriesPerSec: rate, durationSec: o.durationSec }));
      }
      out.end = await server.report();
    } finally {
      await server.stop();
    }

    if (engine === 'postgres' && o.redisUrl) {
      o.log('[postgres] real time on two processes sharing Redis');
      const prefix = `graj-bench-${randomBytes(3).toString('hex')}:`;
      const a = await startBenchServer({ ...db.env, ...PRODUCTION, REDIS_URL: o.redisUrl, REDIS_PREFIX: prefix });
      const b = await startBenchServer({ ...db.env, ...PRODUCTION, REDIS_URL: o.redisUrl, REDIS_PREFIX: prefix });
      try {
        for (const rate of o.deliveriesPerSec) {
          out.realtimeTwoProcesses.push(await realtimeLoad([a.url, b.url], ids, { roomSize: o.roomSize, deliveriesPerSec: rate, durationSec: o.durationSec }));
        }
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
    return out;
  } finally {
    await db.database.close().catch(() => undefined);
    await db.drop();
  }
}

/** A load counts only when every request was answered: a run of timeouts is a failure, never a fast figure. */
export function answeredAll(x: LoadResult): boolean {
  return x.requests > 0 && x.errors + x.non2xx === 0;
}

function failedText(loads: [string, LoadResult][]): string {
  return `FAILED (${loads.map(([what, x]) => `${what}: ${x.requests.toLocaleString('en')} answered, ${x.errors} errors or timeouts, ${x.non2xx} refused`).join('; ')})`;
}

function verdict(ok: boolean, x: LoadResult): string {
  return answeredAll(x) ? (ok ? 'met' : 'missed') : failedText([['this load', x]]);
}

/** For rows without a target: nothing when every request was answered, else the failure. */
function unanswered(x: LoadResult): string {
  return answeredAll(x) ? '' : ` — ${failedText([['this load', x]])}`;
}

export function toRows(r: BenchReport): Row[] {
  const rows: Row[] = [];
  const size = `${r.options.events.toLocaleString('en')} games, ${r.options.users.toLocaleString('en')} players`;
  for (const e of r.engines) {
    const cond = `${e.engine}, ${r.options.connections} connections, ${r.options.durationSec} s, ${size}`;
    const ceiling = e.http.ceiling;
    const pct = (x: LoadResult) => (100 * x.requestsPerSec) / ceiling.requestsPerSec;
    const sm = e.http.searchMix;
    if (sm) {
      const smOk = e.engine === 'postgres' ? sm.p99Ms <= 50 && pct(sm) >= 40 : sm.p99Ms <= 100 && sm.probe.loopDelayP99Ms <= 50;
      rows.push({
        figure: `Search, uncached: a different place, radius and type every request (${e.engine})`,
        value: `${fmt(sm.requestsPerSec, 0)} req/s, p50 ${fmt(sm.p50Ms)} ms, p99 ${fmt(sm.p99Ms)} ms, ${fmt(pct(sm), 0)}% of ceiling; loop delay p99 ${fmt(sm.probe.loopDelayP99Ms)} ms — ${verdict(smOk, sm)}`,
        target: e.engine === 'postgres' ? 'p99 ≤ 50 ms, ≥ 40% of ceiling' : 'p99 ≤ 100 ms, loop delay p99 ≤ 50 ms',
        conditions: `${cond}; server with SEARCH_CACHE_MS=0; 50,000 bodies: centres near towns picked by population, radius 1–50 km, a game type on a third, limit ${SEARCH_PAGE_SIZE} (Znajdź Wydarzenie's page); errors ${sm.errors + sm.non2xx}`,
      });
    }
    const mm = e.http.mapMix;
    if (mm) {
      const mmOk = mm.p99Ms <= (e.engine === 'postgres' ? 50 : 100);
      rows.push({
        figure: `Map list, uncached: a different view every request (${e.engine})`,
        value: `${fmt(mm.requestsPerSec, 0)} req/s, p50 ${fmt(mm.p50Ms)} ms, p99 ${fmt(mm.p99Ms)} ms, ${fmt(pct(mm), 0)}% of ceiling; loop delay p99 ${fmt(mm.probe.loopDelayP99Ms)} ms — ${verdict(mmOk, mm)}`,
        target: e.engine === 'postgres' ? 'p99 ≤ 50 ms' : 'p99 ≤ 100 ms',
        conditions: `${cond}; server with SEARCH_CACHE_MS=0; 50,000 views: zoom 6–14 over Poland (near towns by population from zoom 9), 1280×800 px, each asked as the map asks (the client's mapQuery: the view ±0.2° widened to the 0.1° grid), zoom ≤ 10 answered with bubbles (counts per cell) when the view holds over 300 games, else up to 1,000 markers; errors ${mm.errors + mm.non2xx}`,
      });
    }
    rows.push({ figure: `Ceiling: GET /users/current-user (${e.engine})`, value: `${fmt(ceiling.requestsPerSec, 0)} req/s, p50 ${fmt(ceiling.p50Ms)} ms, p99 ${fmt(ceiling.p99Ms)} ms${unanswered(ceiling)}`, conditions: `${cond}; the same server as the two rows above` });
    const nb = e.nearby;
    rows.push({
      figure: `New games near you: the one matching statement of a new game (${e.engine})`,
      value: `p50 ${fmt(nb.p50Ms)} ms, p99 ${fmt(nb.p99Ms)} ms, ${fmt(nb.matchedAvg, 0)} people matched on average; GiST index ${nb.usesIndex ? 'used' : 'NOT used'}`,
      target: 'one indexed statement per new game, never a loop over people',
      conditions: `${e.engine}, ${nb.players.toLocaleString('en')} players with a saved location by town population (±10 km), a third with their own radius 5–50 km, a sixth with game types; ${nb.runs} new games in towns picked the same way, each matched and stored in a transaction rolled back`,
    });
    rows.push({ figure: `Seeding (${e.engine})`, value: `${fmt(e.seedSec)} s`, conditions: `${size}, participations and chat history, then VACUUM ANALYZE` });
    rows.push({
      figure: `Search index, first load (${e.engine})`,
      value: `${e.indexLoaded.games.toLocaleString('en')} games in ${fmt(e.indexLoaded.sec, 2)} s, memory +${fmt(e.indexLoaded.heapMb, 0)} MB`,
      conditions: `${size}; what each server process reads once at start and keeps (JS heap and buffers, after a GC when the bench runs with --expose-gc) (ADR 96)`,
    });
    if (!e.http.search5) continue;
    for (const km of ['5', '50']) {
      const s = e.http[`search${km}`];
      rows.push({
        figure: `Search ${km} km around Warsaw, cached: the same request from every client (${e.engine})`,
        value: `${fmt(s.requestsPerSec, 0)} req/s, p50 ${fmt(s.p50Ms)} ms, p99 ${fmt(s.p99Ms)} ms, ${fmt(pct(s), 0)}% of ceiling; loop delay p99 ${fmt(s.probe.loopDelayP99Ms)} ms${unanswered(s)}`,
        conditions: `${cond}; SEARCH_CACHE_MS 2 s (the default); errors ${s.errors + s.non2xx}`,
      });
      rows.push({
        figure: `Search ${km} km around Warsaw without HTTP: the index's walk (${e.engine})`,
        value: `median ${fmt(e.sqlMs[km], 2)} ms`,
        conditions: 'median of 100 calls (page of 50) from 100 places on a 0.05° grid around Warsaw, no load',
      });
    }
    const m = e.http.map;
    rows.push({ figure: `Map list, Warsaw view ±0.2°, cached: the same request from every client (${e.engine})`, value: `${fmt(m.requestsPerSec, 0)} req/s, p50 ${fmt(m.p50Ms)} ms, p99 ${fmt(m.p99Ms)} ms${unanswered(m)}`, conditions: `${cond}; SEARCH_CACHE_MS 2 s (the default)` });
    for (const [label, list] of [['one process', e.realtime], ['two processes + Redis', e.realtimeTwoProcesses]] as const) {
      for (const rt of list) {
        rows.push({
          figure: `Real time, ${label} (${e.engine})`,
          value: `${fmt(rt.deliveredPerSec, 0)} delivered/s, p50 ${fmt(rt.p50Ms)} ms, p99 ${fmt(rt.p99Ms)} ms; lost ${rt.lost}, duplicated ${rt.duplicated}, refused ${rt.refused}`,
          target: label === 'one process' ? 'p99 ≤ 100 ms at 1,000/s; none lost or duplicated' : 'none lost or duplicated',
          conditions: `${rt.sockets} sockets, rooms of ${rt.roomSize}, ${rt.sent} sends in ${r.options.durationSec} s`,
        });
      }
    }
    rows.push({ figure: `Server RSS (${e.engine})`, value: `idle ${fmt(e.idle.rssMb, 0)} MB, after the load ${fmt(e.end.rssMb, 0)} MB`, conditions: cond });
  }
  const pg = r.engines.find((e) => e.engine === 'postgres');
  if (pg && r.growth.length) {
    const points = [...r.growth, { events: r.options.events, users: r.options.users, seedSec: pg.seedSec, indexLoaded: pg.indexLoaded, http: pg.http }]
      .sort((a, b) => a.events - b.events);
    const main = points.find((p) => p.events === r.options.events)!;
    const biggest = points[points.length - 1];
    for (const [key, label] of [['searchMix', 'search'], ['mapMix', 'map list']] as const) {
      if (!points.every((p) => p.http[key])) continue;
      const ratio = biggest.http[key].p99Ms / main.http[key].p99Ms;
      const failed = points.filter((p) => !answeredAll(p.http[key]));
      rows.push({
        figure: `Cost growth, uncached ${label} (postgres)`,
        value: points.map((p) => `${p.events.toLocaleString('en')} games: p50 ${fmt(p.http[key].p50Ms)} / p99 ${fmt(p.http[key].p99Ms)} ms, ${fmt(p.http[key].requestsPerSec, 0)} req/s`).join('; ')
          + (biggest !== main ? `; p99 at ${biggest.events.toLocaleString('en')} is ${fmt(ratio, 2)}× the ${main.events.toLocaleString('en')} figure` : '')
          + (failed.length ? ` — ${failedText(failed.map((p) => [`${p.events.toLocaleString('en')} games`, p.http[key]]))}` : biggest !== main ? ` — ${ratio <= 1.5 ? 'met' : 'missed'}` : ''),
        target: `within 1.5× of the ${main.events.toLocaleString('en')}-game figure`,
        conditions: `postgres, ${r.options.connections} connections, ${r.options.durationSec} s each, players a tenth of the games, no cache, the same request mixes as above`,
      });
    }
    rows.push({
      figure: 'Search index by size (postgres)',
      value: points.map((p) => `${p.events.toLocaleString('en')} games: ${p.indexLoaded.games.toLocaleString('en')} listed, loaded in ${fmt(p.indexLoaded.sec, 1)} s, memory +${fmt(p.indexLoaded.heapMb, 0)} MB`).join('; '),
      conditions: 'what each server process reads at start and keeps (ADR 96), measured in the bench process',
    });
    rows.push({
      figure: 'Seeding time (postgres)',
      value: points.map((p) => `${p.events.toLocaleString('en')} games / ${p.users.toLocaleString('en')} players: ${fmt(p.seedSec)} s`).join('; '),
      conditions: 'bench/seed.ts into a fresh database, participations and chat history, then VACUUM ANALYZE; the machine shared',
    });
  }
  for (const p of r.pages) {
    rows.push({
      figure: `Front end ${p.path}`,
      value: `JS ${fmt(p.jsKb)} KB, CSS ${fmt(p.cssKb)} KB gzipped${p.loadsMapCode ? ', loads the map' : ', no map code'} (sent as brotli: JS ${fmt(p.jsSentKb)} KB, CSS ${fmt(p.cssSentKb)} KB)`,
      target: frontEndTarget(p),
      conditions: `the ${p.files} scripts and stylesheets chromium loaded for the page, each at its gzip -9 size`,
    });
    if (p.path === '/dashboard') {
      rows.push({
        figure: 'Front end /dashboard, largest files',
        value: p.largest.map((c) => `${c.file} ${fmt(c.kb)} KB`).join(', '),
        conditions: 'the ten largest scripts and stylesheets chromium loaded for the signed-in page, gzipped',
      });
    }
  }
  for (const l of r.lighthouse) {
    rows.push({ figure: `Lighthouse ${l.path}${l.signedIn ? ' (signed in)' : ''}`, value: `performance ${l.performance}, accessibility ${l.accessibility}, best practices ${l.bestPractices}`, target: l.signedIn ? 'performance ≥ 90, accessibility ≥ 95' : 'performance ≥ 95, accessibility ≥ 95', conditions: `Lighthouse default (mobile, throttled), Debian's chromium; median of ${l.runs.length} runs (performance ${l.runs.join(', ')})${l.failures.length ? `; runs Lighthouse could not complete: ${l.failures.join(', ')}` : ''}` });
  }
  return rows;
}

export async function runBench(o: BenchOptions): Promise<{ report: BenchReport; rows: Row[] }> {
  const { log: _log, postgresUrl: _p, redisUrl: _r, ...options } = o;
  const report: BenchReport = { options, engines: [], pages: [], lighthouse: [], growth: [] };
  for (const engine of o.engines) report.engines.push(await runEngine(engine, o, report));
  if (o.engines.includes('postgres')) for (const events of o.growth) report.growth.push(await runGrowthPoint(events, o));
  const rows = toRows(report);
  if (o.write) writeResults(rows, report);
  return { report, rows };
}

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

if (require.main === module) {
  runBench({
    users: flag('users', 10_000),
    events: flag('events', 100_000),
    durationSec: flag('duration', 10),
    warmupSec: flag('warmup', 2),
    connections: flag('connections', 50),
    sockets: flag('sockets', 2000),
    nearbyPlayers: flag('nearby-players', 100_000),
    roomSize: flag('room-size', 20),
    deliveriesPerSec: [flag('rate', 1000), flag('stress-rate', 4000)],
    lighthouse: !process.argv.includes('--no-lighthouse'),
    frontend: !process.argv.includes('--only'),
    // `--only search,map`: just those uncached rows and the ceiling, to measure a change quickly.
    only: (() => {
      const i = process.argv.indexOf('--only');
      return i > 0 ? process.argv[i + 1].split(',').filter((n): n is 'search' | 'map' => n === 'search' || n === 'map') : undefined;
    })(),
    engines: process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
    // `--growth 10000,1000000`: PostgreSQL again at these sizes (the main size is the middle row).
    growth: (() => {
      const i = process.argv.indexOf('--growth');
      return i > 0 ? process.argv[i + 1].split(',').map(Number).filter((n) => n > 0) : [];
    })(),
    postgresUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    write: true,
    log: (line) => console.log(line),
  })
    .then(({ rows }) => {
      console.log(`\n${markdownTable(rows)}\n\nWritten to bench/results/latest.json and latest.md`);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
