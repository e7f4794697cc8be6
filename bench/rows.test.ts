import type { LoadResult } from './lib/http-load';
import type { Probe } from './lib/server-process';
import { frontEndTarget, mapViews, toRows, type BenchReport, type EngineReport } from './run';

const probe: Probe = { loopDelayP50Ms: 10, loopDelayP99Ms: 20, loopDelayMaxMs: 30, rssMb: 500, heapUsedMb: 100 };
const load = (p99Ms: number, over: Partial<LoadResult> = {}) => ({
  requestsPerSec: 1000, p50Ms: p99Ms / 2, p99Ms, errors: 0, non2xx: 0, requests: 10_000, ...over, probe,
});
/** What autocannon reports when every request timed out: no latencies at all, which must never read as fast. */
const timedOut = () => load(0, { requestsPerSec: 0, p50Ms: 0, requests: 0, errors: 100 });

function engine(http: EngineReport['http']): EngineReport {
  return {
    engine: 'postgres', seedSec: 1, sqlMs: {}, indexLoaded: { sec: 1, games: 1, heapMb: 1 },
    nearby: { players: 1, runs: 1, p50Ms: 1, p99Ms: 1, matchedAvg: 1, usesIndex: true },
    http, idle: probe, end: probe, realtime: [], realtimeTwoProcesses: [],
  };
}

function report(main: EngineReport['http'], biggest: EngineReport['http']): BenchReport {
  return {
    options: {
      users: 10_000, events: 100_000, durationSec: 10, warmupSec: 2, connections: 50, sockets: 0, roomSize: 20,
      deliveriesPerSec: [], lighthouse: false, frontend: false, engines: ['postgres'], growth: [1_000_000], write: false,
    },
    engines: [engine(main)],
    pages: [],
    lighthouse: [],
    growth: [{ events: 1_000_000, users: 100_000, seedSec: 100, indexLoaded: { sec: 60, games: 1, heapMb: 1 }, http: biggest }],
  };
}

const row = (rows: ReturnType<typeof toRows>, start: string) => rows.find((r) => r.figure.startsWith(start))!.value;

describe('benchmark rows', () => {
  it('call a target met only on loads whose every request was answered', () => {
    const rows = toRows(report({ ceiling: load(40), searchMix: load(40), mapMix: load(45) }, { ceiling: load(40), searchMix: load(50), mapMix: load(55) }));
    expect(row(rows, 'Search, uncached')).toMatch(/— met$/);
    expect(row(rows, 'Map list, uncached')).toMatch(/— met$/);
    expect(row(rows, 'Cost growth, uncached search')).toMatch(/1\.25× .* — met$/);
    expect(row(rows, 'Cost growth, uncached map list')).toMatch(/1\.22× .* — met$/);
  });

  it('report a load of timeouts as failed, not as zero milliseconds within the target', () => {
    const rows = toRows(report({ ceiling: timedOut(), searchMix: timedOut(), mapMix: load(45, { non2xx: 3 }) }, { ceiling: load(40), searchMix: timedOut(), mapMix: load(60) }));
    for (const start of ['Search, uncached', 'Map list, uncached', 'Ceiling', 'Cost growth, uncached search']) {
      expect(row(rows, start)).toContain('FAILED');
      expect(row(rows, start)).not.toMatch(/— met/);
    }
    expect(row(rows, 'Cost growth, uncached search')).toContain('1,000,000 games: 0 answered, 100 errors or timeouts');
    expect(row(rows, 'Map list, uncached')).toContain('3 refused');
    // A refused request at the main size spoils the comparison too.
    expect(row(rows, 'Cost growth, uncached map list')).toContain('FAILED (100,000 games: 10,000 answered, 0 errors or timeouts, 3 refused)');
  });

  it('asks for map views as the map does: bounds on the 0.1° grid, the zoom only where bubbles answer', () => {
    const views = mapViews(2000).map((q) => new URLSearchParams(q));
    expect(new Set(views.map((v) => v.toString())).size).toBeGreaterThan(500);
    for (const v of views) {
      for (const k of ['minLat', 'maxLat', 'minLon', 'maxLon']) expect(Number(v.get(k)) * 10).toBeCloseTo(Math.round(Number(v.get(k)) * 10), 9);
      expect(Number(v.get('maxLat')) - Number(v.get('minLat'))).toBeGreaterThanOrEqual(0.4);
    }
    const zooms = views.map((v) => v.get('zoom'));
    expect(new Set(zooms)).toEqual(new Set([null, '6', '7', '8', '9', '10']));
  });

  it('judges every page weight against its budget, the public pages also on loading no map code', () => {
    expect(frontEndTarget({ path: '/dashboard', jsKb: 419.9, loadsMapCode: true })).toMatch(/— met$/);
    expect(frontEndTarget({ path: '/dashboard', jsKb: 420.2, loadsMapCode: true })).toMatch(/— missed$/);
    expect(frontEndTarget({ path: '/', jsKb: 119.5, loadsMapCode: false })).toMatch(/— met$/);
    expect(frontEndTarget({ path: '/login', jsKb: 121.1, loadsMapCode: false })).toMatch(/— missed$/);
    expect(frontEndTarget({ path: '/login', jsKb: 100, loadsMapCode: true })).toMatch(/— missed$/);
  });
});
