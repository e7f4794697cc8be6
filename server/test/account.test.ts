import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@contract/messages';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'graj-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await buildTestApp({}, { distDir: dist });
});
afterAll(() => t.close());

describe('health and routing', () => {
  it('reports the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404 and unknown pages with the SPA', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ msg: MSG.notFound });
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/find-event' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });

  it('serves the SPA at the root without caching it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends a Content-Security-Policy and sets the XSRF cookie for a new visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('never leaks internals in an error body', async () => {
    const client = new TestClient(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/auth/login',
      payload: '{"email": broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: MSG.invalidData });
  });
});

describe('signed-in data', () => {
  it('answers 401 without a session', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
    expect((await client.get('/user-stats/current')).json()).toEqual({ msg: MSG.unauthorized });
  });

  it('ends a session that was idle too long', async () => {
    const { client, user } = await signUp(t);
    await t.database.pool.query("UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE user_id = $1", [user._id]);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
  });

  it('ends a session past its absolute expiry', async () => {
    const { client, user } = await signUp(t);
    await t.database.pool.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user._id]);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
  });
});

describe('cookie consent', () => {
  it('has none at first, keeps what was posted, and ignores a forged cookie', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/cookies/decrypt')).json()).toEqual({ cookiesAccepted: null });
    const prefs = { necessary: true, functional: true, analytics: false, marketing: false, social: true };
    const set = await client.post('/cookies/set-cookies', prefs);
    expect(set.statusCode).toBe(200);
    expect(set.cookies.find((c) => c.name === 'cookie_consent')?.httpOnly).toBe(true);
    expect((await client.get('/cookies/decrypt')).json()).toEqual({ cookiesAccepted: prefs });

    client.cookies.set('cookie_consent', `${client.cookies.get('cookie_consent')!.slice(0, -2)}xx`);
    expect((await client.get('/cookies/decrypt')).json()).toEqual({ cookiesAccepted: null });
  });

  it('refuses a malformed preference', async () => {
    const res = await new TestClient(t.app).post('/cookies/set-cookies', { necessary: true, functional: 'tak' });
    expect(res.statusCode).toBe(400);
  });
});
