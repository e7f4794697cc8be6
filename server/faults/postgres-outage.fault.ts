/**
 * Issue 19 defect 3: a PostgreSQL outage answers 503 fast and heals without a restart. The server
 * runs on a PostgreSQL of this test's own (initdb into a temp folder, a free port; the shared server
 * is never touched):
 * - stopped (fast shutdown): reads, writes, logins and `/health/ready` answer 503 with Retry-After
 *   and the Polish message within 2 s; `/health/live` stays 200; started again on the same port,
 *   the same server answers 200 again by itself;
 * - frozen (SIGSTOP to every PostgreSQL process, the shape of a network partition): the same
 *   requests answer 503 within 2 s instead of hanging; SIGCONT, and the server recovers by itself.
 * Prints the figures for the README's fault table.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@contract/messages';
import { eventBody } from '../test/event-fixtures';
import { freePort, percentile, Person, portOpen, type Proc, sleep, startServer } from '../test/processes';

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? execFileSync('ls', [root]).toString().split('\n').filter(Boolean).sort() : [];
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : '';
})();
/** initdb refuses to run as root: when we are root, the cluster's processes run as the `postgres` user. */
const POSTGRES_USER: { uid?: number; gid?: number } = process.getuid?.() === 0
  ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
  : {};

const work = mkdtempSync(path.join(os.tmpdir(), 'graj-fault-pg-'));
const cluster = path.join(work, 'cluster');
const dataDir = path.join(work, 'data');
let postgres: ChildProcess | undefined;
let pgPort = 0;
const procs: Proc[] = [];

async function startPostgres(): Promise<void> {
  const args = ['-D', cluster, '-p', String(pgPort), '-k', work, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];
  postgres = spawn(path.join(PG_BIN, 'postgres'), args, { ...POSTGRES_USER, stdio: 'ignore' });
  for (let i = 0; !(await portOpen(pgPort)); i++) {
    if (postgres.exitCode !== null || i > 200) throw new Error('postgres did not start');
    await sleep(50);
  }
}

async function stopPostgres(): Promise<void> {
  const pg = postgres!;
  const exited = new Promise((r) => (pg.exitCode !== null ? r(null) : pg.once('exit', r)));
  pg.kill('SIGINT'); // fast shutdown: backends are ended, clients see their connections close
  await exited;
}

/** The postmaster and every backend (each backend is its own session leader, so a group signal misses them). */
function signalPostgres(signal: NodeJS.Signals): number {
  const postmaster = Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('pgrep', ['-P', String(postmaster)]).toString().split('\n').filter(Boolean).map(Number);
  for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  return children.length + 1;
}

beforeAll(async () => {
  if (!PG_BIN) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  if (POSTGRES_USER.uid !== undefined) chownSync(work, POSTGRES_USER.uid, POSTGRES_USER.gid!);
  execFileSync(path.join(PG_BIN, 'initdb'), ['-D', cluster, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C'], { ...POSTGRES_USER, stdio: 'ignore' });
  pgPort = await freePort();
  await startPostgres();
  execFileSync(path.join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'graj']);
});

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  if (postgres && postgres.exitCode === null) {
    signalPostgres('SIGCONT');
    await stopPostgres();
  }
  rmSync(work, { recursive: true, force: true });
});

interface Answer {
  name: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  msg?: string;
}

it('PostgreSQL stopped or frozen: every request answers 503 within 2 s; back: the server recovers by itself', async () => {
  const server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/graj`, DATA_DIR: dataDir, DB_TIMEOUT_MS: '1500' });
  procs.push(server.proc);
  const base = server.url;
  const organiser = new Person('organizator', dataDir);
  await organiser.signUp(base);
  const player = new Person('zawodnik', dataDir);
  await player.signUp(base);
  const game = (await organiser.call(base, 'POST', '/api/v1/football-events', eventBody())).json.event;

  /** The requests a person makes: a read, a write, a login, and the load balancer's check. */
  async function probe(): Promise<Answer[]> {
    const timed = async (name: string, call: () => Promise<{ status: number; json: { msg?: string } | null; retryAfter?: string | null }>) => {
      const t0 = performance.now();
      const r = await call();
      return { name, status: r.status, ms: performance.now() - t0, retryAfter: r.retryAfter ?? null, msg: r.json?.msg };
    };
    const raw = async (url: string) => {
      const res = await fetch(`${base}${url}`);
      return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as { msg?: string } };
    };
    return Promise.all([
      timed('read', () => player.call(base, 'GET', `/api/v1/football-events/${game._id}`)),
      timed('write', () => player.call(base, 'POST', `/api/v1/status/events/${game._id}/join`)),
      timed('login', () => organiser.call(base, 'POST', '/api/v1/auth/login', { email: organiser.email, password: 'Haslo123!' })),
      timed('ready', () => raw('/api/v1/health/ready')),
    ]);
  }

  /** Probes until every request answers 503 fast, as people would keep trying; returns the answers. */
  async function duringOutage(label: string): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let round = 0; round < 3; round++) answers.push(...(await probe()));
    const live = await fetch(`${base}/api/v1/health/live`);
    expect(live.status).toBe(200);
    for (const a of answers) {
      expect({ label, name: a.name, status: a.status }).toEqual({ label, name: a.name, status: 503 });
      expect(a.ms).toBeLessThan(2000);
    }
    // Person-facing answers carry the Polish message; every answer says when to try again.
    for (const a of answers.filter((x) => x.name !== 'ready')) expect(a.msg).toBe(MSG.serviceUnavailable);
    const headers = await fetch(`${base}/api/v1/football-events/${game._id}`, { headers: { cookie: `sid=${player.cookies.get('sid')}` } });
    expect(headers.status).toBe(503);
    expect(Number(headers.headers.get('retry-after'))).toBeGreaterThan(0);
    const ms = answers.map((a) => a.ms);
    console.log(`PostgreSQL ${label}: ${answers.length} requests (read, write, login, /health/ready ×3) all 503 with Retry-After, p50 ${percentile(ms, 50).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; /health/live 200`);
    return answers;
  }

  /** After the database returns: seconds until reads answer 200 again, with no restart of the server. */
  async function recovery(label: string): Promise<void> {
    const t0 = Date.now();
    let status = 0;
    while (Date.now() - t0 < 30_000) {
      status = (await player.call(base, 'GET', `/api/v1/football-events/${game._id}`)).status;
      if (status === 200) break;
      await sleep(100);
    }
    expect(status).toBe(200);
    const seconds = (Date.now() - t0) / 1000;
    expect((await fetch(`${base}/api/v1/health/ready`)).status).toBe(200);
    // Writes work again too, and the process never restarted.
    expect((await organiser.call(base, 'POST', '/api/v1/auth/login', { email: organiser.email, password: 'Haslo123!' })).status).toBe(200);
    expect(server.proc.child.exitCode).toBeNull();
    console.log(`PostgreSQL back after ${label}: reads 200 again after ${seconds.toFixed(1)} s, /health/ready 200, no server restart`);
  }

  expect((await player.call(base, 'GET', `/api/v1/football-events/${game._id}`)).status).toBe(200);

  await stopPostgres();
  await duringOutage('stopped');
  await startPostgres();
  await recovery('a stop');

  const frozen = signalPostgres('SIGSTOP');
  console.log(`PostgreSQL frozen: SIGSTOP to the postmaster and its ${frozen - 1} processes`);
  try {
    await duringOutage('frozen (SIGSTOP)');
  } finally {
    signalPostgres('SIGCONT');
  }
  await recovery('a freeze');

  // Nothing half-done: the join that answered 503 left no row, the one after recovery works once.
  const join = await player.call(base, 'POST', `/api/v1/status/events/${game._id}/join`);
  expect(join.status).toBe(201);
  expect(server.proc.output()).not.toMatch(/unhandled promise rejection/i);
});
