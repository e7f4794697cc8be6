import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@contract/constants';
import { build, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/database';
import { createTestDatabase, TEST_ENGINE } from './engine';
import { lastMail as readOutbox } from './outbox';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'graj-test-')),
      COOKIE_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      // Suites write fixtures straight into the database; they read it back without the search cache
      // (search.test.ts turns it on for its own checks).
      SEARCH_CACHE_MS: '0',
      SEARCH_INDEX_SYNC_MS: '0',
      ...(TEST_ENGINE === 'postgres' && process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `graj-test:${randomBytes(4).toString('hex')}:` }
        : {}),
    },
    overrides,
  );
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** One migrated database per suite, an app built on it; close both in afterAll. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: Pick<BuildOptions, 'distDir' | 'onRoute' | 'logStream' | 'push'> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  // Tests drive the event clock by hand (tickEventClock), so it never races them.
  const app = await build({
    config,
    database,
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    onRoute: opts.onRoute,
    eventClock: false,
    push: opts.push,
    distDir: opts.distDir ?? path.join(config.DATA_DIR, 'no-dist'),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A browser stand-in for inject(): keeps cookies and sends the XSRF header like the SPA does. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** Each client has its own address unless told, so per-address limits do not couple tests. */
    readonly ip = randomIp(),
  ) {}

  async request(opts: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.refreshCookies();
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.xsrf !== false && this.cookies.has(XSRF_COOKIE)) headers[XSRF_HEADER] = this.cookies.get(XSRF_COOKIE)!;
    const url = String(opts.url).startsWith('/api') || String(opts.url).startsWith('http') ? opts.url : `${API_PREFIX}${opts.url}`;
    const res = await this.app.inject({ ...opts, url, headers, remoteAddress: this.ip } as InjectOptions);
    this.store(res);
    return res;
  }

  get = (url: string) => this.request({ method: 'GET', url });
  post = (url: string, payload?: object) => this.request({ method: 'POST', url, payload: payload ?? {} });
  patch = (url: string, payload?: object) => this.request({ method: 'PATCH', url, payload: payload ?? {} });
  put = (url: string, payload?: object) => this.request({ method: 'PUT', url, payload: payload ?? {} });
  delete = (url: string, payload?: object) => this.request({ method: 'DELETE', url, ...(payload ? { payload } : {}) });

  private async refreshCookies() {
    const res = await this.app.inject({ method: 'GET', url: `${API_PREFIX}/health`, remoteAddress: this.ip });
    this.store(res);
  }

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2] || 1}`;
}

let counter = 0;
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${counter}`;
  return {
    nickName: `gracz${tag}`,
    name: 'Jan',
    surname: 'Kowalski',
    email: `gracz${tag}@example.com`,
    password: 'Haslo123!',
    passwordConfirm: 'Haslo123!',
    phoneNumber: '600100200',
    age: '1995-04-12',
    ...overrides,
  };
}

/** The newest mail the app wrote to its outbox for an address. */
export function lastMail(config: Config, to: string) {
  return readOutbox(config.DATA_DIR, to);
}

/** Registers, verifies by the mailed link and logs in; returns the signed-in client and the user. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}, ip?: string) {
  const client = new TestClient(t.app, ip);
  const body = newUser(overrides);
  const reg = await client.post('/auth/register', body);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const link = new URL(lastMail(t.config, body.email).link);
  await client.request({ method: 'GET', url: link.pathname });
  const login = await client.post('/auth/login', { email: body.email, password: body.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { client, body, user: login.json() as { _id: string; nickName: string } };
}

/** A push channel that records what it would send (the real one comes with web push; docs/adr/0085). */
export class RecordingPush {
  readonly subscribed = new Set<string>();
  readonly sent: { userId: string; title: string; body: string; url: string; tag: string }[] = [];
  async isSubscribed(userId: string): Promise<boolean> {
    return this.subscribed.has(userId);
  }
  async send(userId: string, message: { title: string; body: string; url: string; tag: string }): Promise<void> {
    this.sent.push({ userId, ...message });
  }
  to(userId: string) {
    return this.sent.filter((m) => m.userId === userId);
  }
}
