import { browserRequired, findChromium } from '../e2e/chromium.cjs';
import { TEST_ENGINE } from '../server/test/engine';
import { runBench } from './run';

/**
 * The pages are weighed in Chromium: without one (and not under CI=true, where that fails) the
 * rest of the harness still runs and the summary says the browser part was skipped (docs/adr/0079).
 */
const weighPages = TEST_ENGINE === 'pglite' && (findChromium() !== null || browserRequired());

// The benchmark at toy sizes, so its harness cannot rot. It asserts what must hold at any size
// (nothing lost, no errors, no map code on the light pages) and never a time.
describe('benchmark harness', () => {
  it('seeds, loads the server over loopback, counts real-time messages and weighs the pages (in Chromium, when there is one)', async () => {
    const { report, rows } = await runBench({
      users: 60, events: 400, durationSec: 1, warmupSec: 0, connections: 4, sockets: 40, roomSize: 20, deliveriesPerSec: [60],
      lighthouse: false, frontend: weighPages, engines: [TEST_ENGINE], nearbyPlayers: 300,
      // On PostgreSQL, the cost-growth section at one more (toy) size.
      growth: TEST_ENGINE === 'postgres' ? [200] : [],
      postgresUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, write: false, log: () => undefined,
    });
    const engine = report.engines[0];
    // New games nearby: the matching statement ran (at toy size the planner may well scan the small table).
    expect(engine.nearby.runs).toBeGreaterThan(0);
    expect(rows.some((r) => r.figure.startsWith('New games near you'))).toBe(true);
    for (const load of Object.values(engine.http)) {
      expect(load.requests).toBeGreaterThan(0);
      expect(load.errors + load.non2xx).toBe(0);
    }
    for (const rt of [...engine.realtime, ...engine.realtimeTwoProcesses]) {
      expect(rt.sent).toBeGreaterThan(0);
      expect(rt.lost).toBe(0);
      expect(rt.duplicated).toBe(0);
    }
    if (TEST_ENGINE === 'postgres' && process.env.REDIS_URL) expect(engine.realtimeTwoProcesses.length).toBe(1);
    // The headline rows run with the cache off; the cost-growth rows compare the sizes.
    expect(Object.keys(engine.http)).toEqual(expect.arrayContaining(['ceiling', 'searchMix', 'mapMix', 'search5', 'search50', 'map']));
    if (TEST_ENGINE === 'postgres') {
      expect(report.growth.map((g) => g.events)).toEqual([200]);
      for (const load of Object.values(report.growth[0].http)) expect(load.errors + load.non2xx).toBe(0);
      expect(rows.filter((r) => r.figure.startsWith('Cost growth'))).toHaveLength(2);
    }
    if (weighPages) {
      expect(report.pages.map((p) => p.path)).toEqual(['/', '/login', '/dashboard']);
      for (const p of report.pages) {
        expect(p.files).toBeGreaterThan(0);
        expect(p.jsKb).toBeGreaterThan(0);
        expect(p.jsSentKb).toBeGreaterThan(0);
      }
      for (const p of report.pages.filter((p) => p.path !== '/dashboard')) expect(p.loadsMapCode).toBe(false);
    }
    expect(rows.length).toBeGreaterThan(8);
  }, 240_000);
});
