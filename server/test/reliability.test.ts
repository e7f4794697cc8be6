import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { Redis } from 'ioredis';
import { MSG } from '@contract/messages';
import { build } from '../src/app';
import { isDatabaseUnavailable, type Database } from '../src/db/database';
import * as schema from '../src/db/schema';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src/lib/data-dir-lock';
import { RedisRateLimiter } from '../src/lib/rate-limiter';
import { TEST_ENGINE } from './engine';
import { buildTestApp, newUser, signUp, testConfig, type TestApp } from './helpers';

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('a query error that resets the connection (issue 14 finding 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('leaves the signed-in path and /health working: prepared statements do not survive into the new connection', async () => {
    const { client } = await signUp(t);
    expect((await client.get('/users/current-user')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      await expect(t.database.pool.query('select $1::text as v', ['a\u0000b'])).rejects.toThrow();
      const me = await client.get('/users/current-user');
      expect(me.statusCode).toBe(200);
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
    }
  });
});

describe('a connection lost while a transaction holds it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // PostgreSQL ends a session idle in a transaction past idle_in_transaction_session_timeout (6 s
  // here) or on pg_terminate_backend. node-postgres then emits 'error' on the client, which the pool
  // does not listen to while the client is checked out: without a listener of ours that error
  // was an uncaught exception and stopped the server. PGlite is one session and cannot be cut so.
  (TEST_ENGINE === 'postgres' ? it : it.skip)('fails only that transaction; the server keeps answering', async () => {
    const { client } = await signUp(t);
    const held = await t.database.pool.connect();
    await held.query('BEGIN');
    const { pid } = (await held.query('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number };
    const ended = new Promise((resolve) => held.once('end', resolve));
    await t.database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await ended;
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release(true);
    expect((await client.get('/users/current-user')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('separates liveness from readiness and reports each dependency', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    for (const url of ['/api/v1/health', '/api/v1/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'ok', database: 'ok', dependencies: { database: { state: 'ok' } } });
      expect(body.redis).toBe(t.config.REDIS_URL ? 'ok' : 'not configured');
    }
  });
});

describe('database outage', () => {
  let app: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    // A database that refuses every connection, as a stopped PostgreSQL does.
    const pool = new Pool({ host: '127.0.0.1', port: await closedPort(), user: 'postgres', connectionTimeoutMillis: 1000 });
    pool.on('error', () => undefined);
    const down: Database = { db: drizzle(pool, { schema }), pool, engine: 'postgres', ping: async () => false, close: () => pool.end() };
    app = await build({ config: testConfig({ REDIS_URL: undefined }), database: down, logger: false, eventClock: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 with the Polish message and Retry-After on reads, writes, logins and readiness; liveness stays 200', async () => {
    const csrf = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };
    const calls = [
      { method: 'POST' as const, url: '/api/v1/auth/register', headers: csrf, payload: newUser() },
      { method: 'POST' as const, url: '/api/v1/auth/login', headers: csrf, payload: { email: 'a@example.com', password: 'Haslo123!' } },
    ];
    for (const call of calls) {
      const res = await app.inject(call);
      expect({ url: call.url, status: res.statusCode, body: res.json() }).toEqual({ url: call.url, status: 503, body: { msg: MSG.serviceUnavailable } });
      expect(res.json()).toEqual({ msg: MSG.serviceUnavailable });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'unavailable' });
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });

  it('classifies connection errors and timeouts, not ordinary SQL errors, as unavailable', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code: '57014' } })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code: '23505' } })).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
  });
});

describe('rate limiter without Redis', () => {
  it('counts in the process at once when Redis is away, and says so once', async () => {
    const redis = new Redis({ host: '127.0.0.1', port: await closedPort(), lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const warnings: string[] = [];
    const limiter = new RedisRateLimiter(redis, 'x:', { warn: (_o, m) => warnings.push(m), info: () => undefined });
    expect(await limiter.hit('login:a', 60_000)).toMatchObject({ count: 1 });
    expect(await limiter.hit('login:a', 60_000)).toMatchObject({ count: 2 });
    expect(await limiter.count('login:a')).toMatchObject({ count: 2 });
    await limiter.reset('login:a');
    expect(await limiter.count('login:a')).toMatchObject({ count: 0 });
    expect(warnings).toHaveLength(1);
    redis.disconnect();
  });
});

describe('DATA_DIR lock', () => {
  it('refuses a second opener, naming the PID that holds it, and frees the folder on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graj-lock-'));
    const lock = lockDataDir(dir);
    const info = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(info.pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses while another live process holds it, and takes over the lock of a dead one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graj-lock-'));
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: child.pid, startedAt: 'then', host: os.hostname() }));
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`process ${child.pid}`);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});

describe('slow clients', () => {
  it('cuts a request whose body dribbles in slower than REQUEST_TIMEOUT_MS', async () => {
    const t = await buildTestApp({ REQUEST_TIMEOUT_MS: 1500 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += String(d)));
      const closed = new Promise<void>((r) => socket.once('close', () => r()));
      socket.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nCookie: XSRF-TOKEN=t\r\nX-XSRF-TOKEN: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      // One byte every 200 ms would take 200 s to finish the body.
      let sent = 0;
      const dribble = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
        sent += 1;
      }, 200);
      const started = Date.now();
      await closed;
      clearInterval(dribble);
      console.log(`slow body: cut after ${Date.now() - started} ms (REQUEST_TIMEOUT_MS 1500)`);
      expect(sent).toBeLessThan(999);
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await t.close();
    }
  });
});
