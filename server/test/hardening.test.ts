import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@contract/constants';
import { TEST_ENGINE } from './engine';
import { buildTestApp, newUser, signUp, type TestApp } from './helpers';

/** Issue 14 finding 7 (no-store, DATA_DIR modes) and 8 (CSP hosts, shipped build files, socket origin). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const csp = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe('Cache-Control: no-store on API answers', () => {
  it('is on signed-in answers, errors, unknown and oddly spelt API paths', async () => {
    const { client, user } = await signUp(t);
    const answers = [
      await client.get('/users/current-user'),
      await client.get('/user-stats/current'),
      await client.get(`/users/${user._id}`),
      await client.get('/users/00000000-0000-4000-8000-000000000000'),
      await client.get('/no-such-route'),
      await client.request({ method: 'GET', url: 'http://localhost/%61pi/v1/users/current-user' }),
      await client.post('/auth/login', { email: 'x@example.com', password: 'ZleHaslo1!' }),
      await client.request({ method: 'GET', url: '/chat/rooms' }),
    ];
    for (const res of answers) expect([res.statusCode, res.headers['cache-control']]).toEqual([res.statusCode, 'no-store']);
    expect(answers[0].json().user._id).toBe(user._id);
  });

  it('leaves the avatar picture cacheable by the browser only (it needs a session, ADR 78)', async () => {
    const { client, user } = await signUp(t);
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f3d2e' } }).png().toBuffer();
    const put = await client.request({ method: 'PUT', url: '/users/current-user/avatar', payload: png, headers: { 'content-type': 'image/png' } });
    expect(put.statusCode).toBe(200);
    expect(put.headers['cache-control']).toBe('no-store');
    const pic = await client.request({ method: 'GET', url: put.json().avatarUrl });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['cache-control']).toMatch(/^private/);
    const anon = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/users/${user._id}/avatar` });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['cache-control']).toBe('no-store');
  });
});

describe('Content-Security-Policy lists only the hosts in use', () => {
  it('without Google sign-in: the map origin and nothing else beyond the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/health` });
    const p = csp(res.headers);
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['connect-src']).toEqual(["'self'", 'ws://localhost:3000', 'https://tiles.openfreemap.org']);
    expect(p['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.openfreemap.org']);
    expect(p['frame-src']).toEqual(["'self'"]);
    for (const values of Object.values(p)) for (const v of values) expect(['https:', 'http:', 'ws:', 'wss:', '*']).not.toContain(v);
  });

  it('with Google sign-in and a custom map style: exactly those hosts added', async () => {
    const g = await buildTestApp({
      FIREBASE_PROJECT_ID: 'graj-demo',
      FIREBASE_API_KEY: 'key',
      mapOrigins: ['https://maps.example.com', 'https://tiles.example.com'],
    });
    try {
      const p = csp((await g.app.inject({ method: 'GET', url: `${API_PREFIX}/health` })).headers);
      expect(p['script-src']).toEqual(["'self'", 'https://apis.google.com']);
      expect(p['connect-src']).toEqual([
        "'self'", 'ws://localhost:3000', 'https://maps.example.com', 'https://tiles.example.com',
        'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com',
      ]);
      expect(p['frame-src']).toEqual(["'self'", 'https://graj-demo.firebaseapp.com', 'https://accounts.google.com']);
    } finally {
      await g.close();
    }
  });

  it('takes the map origins from the style variables and MAP_HOSTS', async () => {
    const { loadConfig } = await import('../src/config');
    const c = loadConfig({
      COOKIE_SECRET: 'x'.repeat(32),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'graj-config-')),
      VITE_MAP_STYLE_DARK: 'https://maps.example.com/dark.json',
      VITE_MAP_STYLE_LIGHT: 'https://maps.example.com/light.json',
      MAP_HOSTS: 'https://tiles.example.com, https://fonts.example.com:8443',
    });
    expect(c.mapOrigins).toEqual(['https://maps.example.com', 'https://tiles.example.com', 'https://fonts.example.com:8443']);
    expect(() => loadConfig({ COOKIE_SECRET: 'x'.repeat(32), MAP_HOSTS: 'https://ok.example, *' })).toThrow(/^Invalid configuration: MAP_HOSTS/);
  });
});

describe('the build is served without its private files', () => {
  it('never serves the manifest, dotfiles or source maps, however spelt', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'graj-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Graj Razem</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)\n//# sourceMappingURL=app-abc.js.map');
    writeFileSync(path.join(dist, 'assets', 'app-abc.js.map'), '{"SECRET_MAP":1}');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"SECRET_MANIFEST":1}');
    const s = await buildTestApp({}, { distDir: dist });
    try {
      const js = await s.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(js.statusCode).toBe(200);
      for (const url of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/.vite/manifest%2Ejson', '/assets/app-abc.js.map', '/assets/app-abc.js%2Emap', '/assets/APP-abc.js.MAP']) {
        const res = await s.app.inject({ method: 'GET', url });
        expect(res.body).not.toMatch(/SECRET_/);
      }
    } finally {
      await s.close();
    }
  });
});

describe('Socket.IO origin check', () => {
  async function originOutcome(trustProxy: boolean, headers: Record<string, string>): Promise<string> {
    const s = await buildTestApp({ TRUST_PROXY: trustProxy });
    const sockets: Socket[] = [];
    try {
      const { client } = await signUp(s);
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
      const socket = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: `sid=${client.cookies.get('sid')}`, ...headers } });
      sockets.push(socket);
      return await new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (e) => resolve(e.message));
      });
    } finally {
      sockets.forEach((x) => x.close());
      await s.close();
    }
  }

  it('ignores X-Forwarded-Host unless TRUST_PROXY is on', async () => {
    const forged = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };
    expect(await originOutcome(false, forged)).not.toBe('connected');
    expect(await originOutcome(true, forged)).toBe('connected');
    expect(await originOutcome(false, { origin: 'http://localhost:3000' })).toBe('connected');
  });
});

describe('DATA_DIR is private to the server', () => {
  async function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as AddressInfo;
        srv.close(() => resolve(port));
      });
    });
  }

  function walk(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? [p, ...walk(p)] : [p];
    });
  }

  // DATA_DIR belongs to the embedded engine's default set-up, so this runs once (the PGlite project).
  (TEST_ENGINE === 'pglite' ? it : it.skip)('the real server makes the folder 0700 and every file in it 0600, old ones included', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'graj-perm-')), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o777);
    writeFileSync(path.join(dataDir, 'left-by-an-old-version.txt'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'left-by-an-old-version.txt'), 0o666);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', COOKIE_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (d) => output.push(String(d)));
    child.stderr!.on('data', (d) => output.push(String(d)));
    try {
      let health: Response | null = null;
      for (let i = 0; i < 600 && !health; i++) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
        health = await fetch(`${base}${API_PREFIX}/health`).catch(() => null);
        if (!health) await new Promise((r) => setTimeout(r, 200));
      }
      if (!health) throw new Error(`server did not start: ${output.join('')}`);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1];
      const reg = await fetch(`${base}${API_PREFIX}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf },
        body: JSON.stringify(newUser()),
      });
      expect(reg.status).toBe(201);
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    const entries = [dataDir, ...walk(dataDir)];
    expect(entries.some((p) => p.includes(`${path.sep}outbox${path.sep}`) && p.endsWith('.eml'))).toBe(true);
    expect(entries.some((p) => p.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
    expect(entries.some((p) => p.endsWith('secrets.json'))).toBe(true);
    const open = entries.filter((p) => (statSync(p).mode & 0o077) !== 0).map((p) => `${p} ${(statSync(p).mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
  }, 120_000);
});
