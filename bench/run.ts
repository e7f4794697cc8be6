import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { openDatabase, type Database } from '../server/src/db/database';
import { searchByRadius } from '../server/src/repositories/events';
import { lighthouseScores, measurePageWeights, type LighthouseScores, type PageWeight } from './lib/frontend';
import { httpLoad, type LoadResult } from './lib/http-load';
import { prepareIdentities } from './lib/prepare';
import { realtimeLoad, type RealtimeResult } from './lib/realtime-load';
import { fmt, markdownTable, writeResults, type Row } from './lib/report';
import { startBenchServer, type Probe } from './lib/server-process';
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
  postgresUrl?: string;
  redisUrl?: string;
  write: boolean;
  log: (line: string) => void;
}

const WARSAW = { latitude: 52.2297, longitude: 21.0122 };
/** The server runs as in production (no response-schema checks); PUBLIC_URL is set per process. */
// Production requires SMTP_URL; the bench sends no mail, so it names the discard port of loopback.
const PRODUCTION = { NODE_ENV: 'production', COOKIE_SECRET: randomBytes(32).toString('hex'), SMTP_URL: 'smtp://127.0.0.1:9' };

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
 * Search bodies around Warsaw, each a different centre within ~15 km: no two requests share an
 * answer, so the result cache never helps and every request reaches the database.
 */
function scatteredCentres(n: number, distance: number) {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296);
  return Array.from({ length: n }, () => ({
    latitude: Number((WARSAW.latitude + (rand() - 0.5) * 0.27).toFixed(6)),
    longitude: Number((WARSAW.longitude + (rand() - 0.5) * 0.44).toFixed(6)),
    distance,
  }));
}

async function medianSearchMs(database: Database, km: number, runs = 100): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await searchByRadius(database.pool, { ...WARSAW, radiusKm: km, limit: 50, offset: 0 });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

export interface EngineReport {
  engine: 'pglite' | 'postgres';
  sqlMs: Record<string, number>;
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
}

async function runEngine(engine: 'pglite' | 'postgres', o: BenchOptions, report: BenchReport): Promise<EngineReport> {
  o.log(`[${engine}] seeding ${o.users} players and ${o.events} games`);
  const db = await openEngine(engine, o);
  try {
    const { users } = await seed(db.database.pool, { users: o.users, events: o.events, messagesPerRoom: 3 });
    const ids = await prepareIdentities(db.database.pool, users, Math.min(o.sockets, users.length), o.roomSize);
    const sqlMs = { '5': await medianSearchMs(db.database, 5), '50': await medianSearchMs(db.database, 50) };
    await db.database.close();

    o.log(`[${engine}] starting the server`);
    const server = await startBenchServer({ ...db.env, ...PRODUCTION, REDIS_URL: '' });
    const out: EngineReport = { engine, sqlMs, http: {}, idle: await server.report(), end: undefined as unknown as Probe, realtime: [], realtimeTwoProcesses: [] };
    try {
      // The pages first, while the server is idle: the loads below leave it busy for a while
      // (2,000 sockets closing), which Lighthouse's CPU-bound figures would count against the page.
      if (report.pages.length === 0 && o.frontend) {
        o.log('front end: page weights');
        report.pages = await measurePageWeights(server.url, ids.tokens[1], ['/', '/login', '/dashboard']);
        if (o.lighthouse) {
          o.log('front end: Lighthouse');
          report.lighthouse = await lighthouseScores(server.url, ['/', '/login']);
        }
      }
      // As a browser sends them: the session and XSRF cookies, and gzip accepted.
      const headers = { cookie: `sid=${ids.tokens[0]}; XSRF-TOKEN=bench`, 'x-xsrf-token': 'bench', 'accept-encoding': 'gzip, deflate, br' };
      const api = `${server.url}/api/v1`;
      const load = { headers, connections: o.connections, durationSec: o.durationSec, warmupSec: o.warmupSec };
      const search = `${api}/football-events/search`;
      const loads: [string, Parameters<typeof httpLoad>[0]][] = [
        ['ceiling', { ...load, url: `${api}/users/current-user` }],
        ['search5', { ...load, url: search, method: 'POST', body: { ...WARSAW, distance: 5 } }],
        ['search50', { ...load, url: search, method: 'POST', body: { ...WARSAW, distance: 50 } }],
        ['search50miss', { ...load, url: search, method: 'POST', bodies: scatteredCentres(20_000, 50) }],
        ['map', { ...load, url: `${api}/football-events?minLat=${WARSAW.latitude - 0.23}&maxLat=${WARSAW.latitude + 0.23}&minLon=${WARSAW.longitude - 0.25}&maxLon=${WARSAW.longitude + 0.25}` }],
      ];
      for (const [name, load] of loads) {
        o.log(`[${engine}] HTTP load: ${name}`);
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

export function toRows(r: BenchReport): Row[] {
  const rows: Row[] = [];
  const size = `${r.options.events.toLocaleString('en')} games, ${r.options.users.toLocaleString('en')} players`;
  for (const e of r.engines) {
    const cond = `${e.engine}, ${r.options.connections} connections, ${r.options.durationSec} s, ${size}`;
    const ceiling = e.http.ceiling;
    for (const km of ['5', '50']) {
      const s = e.http[`search${km}`];
      rows.push({
        figure: `Search ${km} km (${e.engine})`,
        value: `${fmt(s.requestsPerSec, 0)} req/s, p50 ${fmt(s.p50Ms)} ms, p99 ${fmt(s.p99Ms)} ms, ${fmt((100 * s.requestsPerSec) / ceiling.requestsPerSec, 0)}% of ceiling`,
        target: km === '50' ? (e.engine === 'postgres' ? 'p99 ≤ 50 ms, ≥ 40% of ceiling' : 'loop delay p99 ≤ 50 ms') : undefined,
        conditions: `${cond}; errors ${s.errors + s.non2xx}`,
      });
      rows.push({
        figure: `Search ${km} km, SQL vs API (${e.engine})`,
        value: `SQL median ${fmt(e.sqlMs[km], 2)} ms; API p50 overhead ${fmt(s.p50Ms - e.sqlMs[km])} ms`,
        conditions: 'median of 100 repository calls, no load',
      });
      rows.push({ figure: `Event-loop delay p99 under search ${km} km (${e.engine})`, value: `${fmt(s.probe.loopDelayP99Ms)} ms (max ${fmt(s.probe.loopDelayMaxMs)})`, target: km === '50' && e.engine === 'pglite' ? '≤ 50 ms' : undefined, conditions: cond });
    }
    const miss = e.http.search50miss;
    if (miss) {
      rows.push({
        figure: `Search 50 km, a different centre every request (${e.engine})`,
        value: `${fmt(miss.requestsPerSec, 0)} req/s, p50 ${fmt(miss.p50Ms)} ms, p99 ${fmt(miss.p99Ms)} ms, ${fmt((100 * miss.requestsPerSec) / ceiling.requestsPerSec, 0)}% of ceiling; loop delay p99 ${fmt(miss.probe.loopDelayP99Ms)} ms`,
        conditions: `${cond}; 20,000 centres within ~15 km of Warsaw, none answered from the cache; errors ${miss.errors + miss.non2xx}`,
      });
    }
    rows.push({ figure: `Ceiling: GET /users/current-user (${e.engine})`, value: `${fmt(ceiling.requestsPerSec, 0)} req/s, p50 ${fmt(ceiling.p50Ms)} ms, p99 ${fmt(ceiling.p99Ms)} ms`, conditions: cond });
    const m = e.http.map;
    rows.push({ figure: `Map list, Warsaw view ±0.2° (${e.engine})`, value: `${fmt(m.requestsPerSec, 0)} req/s, p50 ${fmt(m.p50Ms)} ms, p99 ${fmt(m.p99Ms)} ms`, conditions: cond });
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
  for (const p of r.pages) {
    rows.push({
      figure: `Front end ${p.path}`,
      value: `JS ${fmt(p.jsKb)} KB, CSS ${fmt(p.cssKb)} KB gzipped${p.loadsMapCode ? ', loads the map' : ', no map code'} (sent as brotli: JS ${fmt(p.jsSentKb)} KB, CSS ${fmt(p.cssSentKb)} KB)`,
      target: p.path === '/dashboard' ? undefined : '≤ 120 KB gzipped JS, no map code',
      conditions: `the ${p.files} scripts and stylesheets chromium loaded for the page, each at its gzip -9 size`,
    });
  }
  for (const l of r.lighthouse) {
    rows.push({ figure: `Lighthouse ${l.path}`, value: `performance ${l.performance}, accessibility ${l.accessibility}, best practices ${l.bestPractices}`, target: 'performance ≥ 95, accessibility ≥ 95', conditions: `Lighthouse default (mobile, throttled), Debian's chromium; median of ${l.runs.length} runs (performance ${l.runs.join(', ')})${l.failures.length ? `; runs Lighthouse could not complete: ${l.failures.join(', ')}` : ''}` });
  }
  return rows;
}

export async function runBench(o: BenchOptions): Promise<{ report: BenchReport; rows: Row[] }> {
  const { log: _log, postgresUrl: _p, redisUrl: _r, ...options } = o;
  const report: BenchReport = { options, engines: [], pages: [], lighthouse: [] };
  for (const engine of o.engines) report.engines.push(await runEngine(engine, o, report));
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
    roomSize: flag('room-size', 20),
    deliveriesPerSec: [flag('rate', 1000), flag('stress-rate', 4000)],
    lighthouse: !process.argv.includes('--no-lighthouse'),
    frontend: true,
    engines: process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
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
