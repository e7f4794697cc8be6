import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE } from '../src/lib/data-dir-lock';
import { freePort, portOpen, run, waitReady } from '../test/processes';

const NODE = process.execPath;
const SERVER = ['--import', 'tsx', 'server/src/server.ts'];

describe('one process per DATA_DIR (issue 19 defect 1) and SIGTERM through npm (defect 6)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'graj-fault-datadir-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second server and `npm run seed` on the DATA_DIR of a running one; SIGTERM to `npm run serve` frees port and lock', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', HOST: '127.0.0.1', PORT: String(port) };
    const first = run('npm', ['run', 'serve'], env);
    await waitReady(`http://127.0.0.1:${port}/api/v1/health/ready`, first);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);

    const second = run(NODE, SERVER, { ...env, PORT: String(await freePort()) });
    const secondCode = await second.exited;
    const seed = run('npm', ['run', 'seed', '--', '--users', '5', '--events', '5'], env);
    const seedCode = await seed.exited;
    const line = /DATA_DIR .* is in use by process (\d+)/;
    expect(secondCode).not.toBe(0);
    expect(second.output()).toMatch(line);
    expect(seedCode).not.toBe(0);
    expect(seed.output()).toMatch(line);
    const holder = Number(second.output().match(line)![1]);
    console.log(`second opener: server exit ${secondCode}, seed exit ${seedCode}; both named PID ${holder} (npm PID ${first.child.pid})`);
    expect(await portOpen(port)).toBe(true);

    const t0 = Date.now();
    first.child.kill('SIGTERM');
    await first.exited;
    // The server itself (npm's child) must be gone too: port and lock released.
    for (let i = 0; i < 100 && ((await portOpen(port)) || existsSync(path.join(dir, LOCK_FILE))); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await portOpen(port)).toBe(false);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(() => process.kill(holder, 0)).toThrow();
    console.log(`SIGTERM to npm: port and DATA_DIR lock released after ${Date.now() - t0} ms`);

    // The folder opens again (nothing was corrupted by the refused openers).
    const again = run(NODE, SERVER, env);
    await waitReady(`http://127.0.0.1:${port}/api/v1/health/ready`, again);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('takes over the lock of a server killed with SIGKILL', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', HOST: '127.0.0.1', PORT: String(port) };
    const victim = run(NODE, SERVER, env);
    await waitReady(`http://127.0.0.1:${port}/api/v1/health/ready`, victim);
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const t0 = Date.now();
    const next = run(NODE, SERVER, env);
    await waitReady(`http://127.0.0.1:${port}/api/v1/health/ready`, next);
    console.log(`stale lock after kill -9: taken over, ready in ${Date.now() - t0} ms`);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });
});
