/**
 * Real server processes for tests that need more than one (the two-process chat suite, the fault
 * suite): spawn, wait until ready, a person with a cookie jar, a throwaway Redis, databases on the
 * local PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { Pool } from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { lastMail } from './outbox';

export const ROOT = path.resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Spawns a command in the repository with the given environment, collecting its output. */
export function run(cmd: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** Waits until GET url answers 200 (or the process exits). */
export async function waitReady(url: string, proc: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`exited early: ${proc.output()}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`not ready: ${proc.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const NODE = process.execPath;
export const SERVER_ARGS = ['--import', 'tsx', 'server/src/server.ts'];
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A throwaway redis-server of the test's own on a free port (never the shared one). */
export async function startRedis(port?: number): Promise<{ port: number; url: string; proc: Proc; stop(): Promise<void> }> {
  const p = port ?? (await freePort());
  const proc = run('redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {});
  for (let i = 0; !(await portOpen(p)); i++) {
    if (proc.child.exitCode !== null || i > 100) throw new Error(`redis-server did not start: ${proc.output()}`);
    await sleep(50);
  }
  return {
    port: p,
    url: `redis://127.0.0.1:${p}`,
    proc,
    stop: async () => {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await proc.exited;
    },
  };
}

/** The admin URL of the shared PostgreSQL (trust); tests create and drop their own databases on it. */
export const PG_ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A person with a cookie jar, talking to whichever server process it is pointed at. */
export class Person {
  cookies = new Map<string, string>();
  id = '';
  constructor(
    readonly nick: string,
    readonly dataDir: string,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of any route, read by tests
  async call(base: string, method: string, url: string, body?: object): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      this.cookies.set(k.trim(), v);
    }
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : null };
  }

  get email() {
    return `${this.nick}@example.com`;
  }

  async signUp(base: string): Promise<void> {
    await this.call(base, 'GET', '/api/v1/health');
    const reg = await this.call(base, 'POST', '/api/v1/auth/register', {
      nickName: this.nick, name: 'Jan', surname: 'Nowak', email: this.email, password: 'Haslo123!', passwordConfirm: 'Haslo123!', age: '1995-04-12',
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
    await this.call(base, 'GET', new URL(lastMail(this.dataDir, this.email).link).pathname);
    await this.logIn(base);
  }

  async logIn(base: string): Promise<void> {
    const login = await this.call(base, 'POST', '/api/v1/auth/login', { email: this.email, password: 'Haslo123!' });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
    this.id = login.json._id;
  }

  socket(base: string): Promise<Socket> {
    const s = connect(base, { transports: ['websocket'], extraHeaders: { cookie: `sid=${this.cookies.get('sid')}` }, reconnection: false });
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }
}

/** The next `event` on a socket, or a rejection after ms. */
export function next<T>(socket: Socket, event: string, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (p: T) => {
      clearTimeout(timer);
      resolve(p);
    });
  });
}

/** Starts a server process and waits until it is ready. */
export async function startServer(env: Record<string, string>): Promise<{ url: string; proc: Proc; port: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = run(NODE, SERVER_ARGS, {
    NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, SMTP_URL: '', REDIS_URL: '', DATABASE_URL: '',
    COOKIE_SECRET: 'fault-test-secret-fault-test-secret-0123456', ...env,
  });
  await waitReady(`${url}/api/v1/health/ready`, proc);
  return { url, proc, port };
}

/** Two processes of one cluster, started and registered for clean-up. */
export async function startTwo(c: Cluster): Promise<[Awaited<ReturnType<typeof startServer>>, Awaited<ReturnType<typeof startServer>>]> {
  const a = await startServer(c.env());
  const b = await startServer(c.env());
  c.procs.push(a.proc, b.proc);
  return [a, b];
}

/** The organiser makes a game through one process, the player joins and is accepted through another: its group room. */
export async function acceptedInto(
  owner: Person, ownerBase: string, player: Person, playerBase: string, game: object,
): Promise<{ eventId: string; roomId: string }> {
  const event = (await owner.call(ownerBase, 'POST', '/api/v1/football-events', game)).json.event;
  const join = await player.call(playerBase, 'POST', `/api/v1/status/events/${event._id}/join`);
  if (join.status !== 201) throw new Error(`join: ${join.status}`);
  const accept = await owner.call(ownerBase, 'PATCH', `/api/v1/status/events/${event._id}/users/${player.id}/status`, { status: 'accepted' });
  if (accept.status !== 200) throw new Error(`accept: ${accept.status}`);
  return { eventId: event._id, roomId: `group_${event._id}` };
}

export interface Cluster {
  /** The environment two processes share: one database, the throwaway Redis, one DATA_DIR (the outbox). */
  env(): Record<string, string>;
  dataDir: string;
  admin: Pool;
  redis: Awaited<ReturnType<typeof startRedis>>;
  /** Processes and sockets ended after the suite. */
  procs: Proc[];
  sockets: Socket[];
}

/**
 * A database on the local PostgreSQL and a Redis of the suite's own, made before its tests and
 * removed after them, with the processes and sockets the suite registers.
 */
export function clusterResources(label: string): Cluster {
  const dbName = `graj_fault_${label}_${randomBytes(4).toString('hex')}`;
  const prefix = `graj-${label}:${randomBytes(3).toString('hex')}:`;
  const c = { dataDir: mkdtempSync(path.join(os.tmpdir(), `graj-fault-${label}-`)), procs: [], sockets: [] } as unknown as Cluster;
  c.env = () => ({ DATABASE_URL: databaseUrl(dbName), REDIS_URL: c.redis.url, REDIS_PREFIX: prefix, DATA_DIR: c.dataDir });
  beforeAll(async () => {
    c.admin = new Pool({ connectionString: PG_ADMIN_URL, max: 1 });
    await c.admin.query(`CREATE DATABASE ${dbName}`);
    c.redis = await startRedis();
  });
  afterAll(async () => {
    c.sockets.forEach((s) => s.close());
    for (const p of c.procs) if (p.child.exitCode === null && !p.child.signalCode) p.child.kill('SIGTERM');
    await Promise.all(c.procs.map((p) => p.exited));
    await c.redis?.stop();
    await c.admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await c.admin?.end();
    rmSync(c.dataDir, { recursive: true, force: true });
  });
  return c;
}

/** Sends a chat message over a socket and waits for the server's acknowledgement. */
export const sendChat = (s: Socket, roomId: string, message: string): Promise<{ ok: boolean }> => s.timeout(5000).emitWithAck('sendMessage', { roomId, message });
