/**
 * `npm run backup` / `npm run restore` round trips (issue 19 "Beyond the fixes"): rows written through
 * the API, backed up, restored into a fresh DATA_DIR (PGlite) or a fresh database (PostgreSQL, created
 * and dropped here on the shared server); every table's rows equal, and the restored copy serves.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { eventBody } from '../test/event-fixtures';
import { databaseUrl, NODE, PG_ADMIN_URL, Person, run, startServer } from '../test/processes';

const TABLES = ['users', 'user_stats', 'sessions', 'events', 'participations', 'chat_rooms', 'chat_members', 'chat_messages'];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'graj-fault-backup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Query = (sql: string) => Promise<{ rows: unknown[] }>;
async function dumpTables(query: Query): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of TABLES) out[t] = JSON.stringify((await query(`SELECT * FROM ${t} ORDER BY ${t}::text`)).rows);
  return out;
}
/** The rows of TABLES in a PGlite DATA_DIR, read by a child process (server/faults/dump-tables.ts). */
async function pgliteTables(dataDir: string) {
  const p = run(NODE, ['--import', 'tsx', 'server/faults/dump-tables.ts', dataDir, ...TABLES], {});
  let out = '';
  p.child.stdout!.on('data', (d) => (out += String(d)));
  expect(await p.exited).toBe(0);
  const parsed = JSON.parse(out) as Record<string, unknown[]>;
  return Object.fromEntries(Object.entries(parsed).map(([t, rows]) => [t, JSON.stringify(rows)]));
}
async function pgTables(url: string) {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    return await dumpTables((sql) => pool.query(sql));
  } finally {
    await pool.end();
  }
}

/** Two people, two games, one join and an acceptance (a group chat): rows in every table compared. */
async function writeSomeRows(base: string, dataDir: string): Promise<Person> {
  const tag = randomBytes(3).toString('hex');
  const owner = new Person(`kop${tag}`, dataDir);
  const player = new Person(`odt${tag}`, dataDir);
  await owner.signUp(base);
  await player.signUp(base);
  const first = (await owner.call(base, 'POST', '/api/v1/football-events', eventBody())).json.event;
  expect((await owner.call(base, 'POST', '/api/v1/football-events', eventBody({ eventName: 'Druga gierka' }))).status).toBe(201);
  expect((await player.call(base, 'POST', `/api/v1/status/events/${first._id}/join`)).status).toBe(201);
  expect((await owner.call(base, 'PATCH', `/api/v1/status/events/${first._id}/users/${player.id}/status`, { status: 'accepted' })).status).toBe(200);
  return owner;
}

async function npm(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const p = run('npm', ['run', '--silent', script, '--', ...args], env);
  const code = await p.exited;
  return { code, out: p.output() };
}

it('PGlite: refused beside a running server; backup, restore into a fresh DATA_DIR, rows equal, the copy serves', async () => {
  const dataDir = path.join(tmp, 'pglite-src');
  const server = await startServer({ DATA_DIR: dataDir });
  const owner = await writeSomeRows(server.url, dataDir);
  const file = path.join(tmp, 'graj.tar.gz');
  const refused = await npm('backup', [file], { DATA_DIR: dataDir, DATABASE_URL: '' });
  expect(refused.code).not.toBe(0);
  expect(refused.out).toMatch(/DATA_DIR .* is in use by process \d+/);
  server.proc.child.kill('SIGTERM');
  expect(await server.proc.exited).toBe(0);

  const t0 = Date.now();
  const made = await npm('backup', [file], { DATA_DIR: dataDir, DATABASE_URL: '' });
  expect(made.code).toBe(0);
  const backupMs = Date.now() - t0;
  const fresh = path.join(tmp, 'pglite-restored');
  const t1 = Date.now();
  const restored = await npm('restore', [file], { DATA_DIR: fresh, DATABASE_URL: '' });
  expect(restored.code).toBe(0);
  const restoreMs = Date.now() - t1;
  // A second restore onto the now non-empty folder is refused without --force.
  const again = await npm('restore', [file], { DATA_DIR: fresh, DATABASE_URL: '' });
  expect(again.code).not.toBe(0);
  expect(again.out).toMatch(/already holds a database; .* --force/);
  // --force replaces it.
  expect((await npm('restore', [file, '--force'], { DATA_DIR: fresh, DATABASE_URL: '' })).code).toBe(0);

  const [before, after] = [await pgliteTables(dataDir), await pgliteTables(fresh)];
  expect(after).toEqual(before);
  const rows = Object.values(before).reduce((n, json) => n + (JSON.parse(json) as unknown[]).length, 0);

  const copy = await startServer({ DATA_DIR: fresh });
  await owner.logIn(copy.url);
  expect((await owner.call(copy.url, 'GET', '/api/v1/football-events/my-events')).status).toBeLessThan(500);
  copy.proc.child.kill('SIGTERM');
  expect(await copy.proc.exited).toBe(0);
  console.log(`backup round trip (PGlite): ${rows} rows in ${TABLES.length} tables equal after restore; backup ${(backupMs / 1000).toFixed(1)} s, restore ${(restoreMs / 1000).toFixed(1)} s; refused beside a running server and onto a non-empty DATA_DIR, --force replaces`);
});

it('PostgreSQL: pg_dump -Fc while the server runs, pg_restore into a fresh database, rows equal', async () => {
  const admin = new Pool({ connectionString: PG_ADMIN_URL, max: 1 });
  const src = `graj_fault_bk_${randomBytes(4).toString('hex')}`;
  const dst = `${src}_copy`;
  await admin.query(`CREATE DATABASE ${src}`);
  await admin.query(`CREATE DATABASE ${dst}`);
  const dataDir = path.join(tmp, 'pg');
  try {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(src) });
    try {
      await writeSomeRows(server.url, dataDir);
      const file = path.join(tmp, 'graj.pgdump');
      const made = await npm('backup', [file], { DATABASE_URL: databaseUrl(src) });
      expect(made.code).toBe(0);
      const wrongKind = await npm('restore', [file], { DATA_DIR: path.join(tmp, 'pg-into-pglite'), DATABASE_URL: '' });
      expect(wrongKind.out).toMatch(/is a PostgreSQL \(pg_dump\) backup; this target is the PGlite database/);
      const intoLive = await npm('restore', [file], { DATABASE_URL: databaseUrl(src) });
      expect(intoLive.code).not.toBe(0);
      expect(intoLive.out).toMatch(/is not empty .* --force/);
      const restored = await npm('restore', [file], { DATABASE_URL: databaseUrl(dst) });
      expect(restored.code).toBe(0);
      // --force onto the now filled copy: pg_restore --clean in one transaction.
      expect((await npm('restore', [file, '--force'], { DATABASE_URL: databaseUrl(dst) })).code).toBe(0);
      const [before, after] = [await pgTables(databaseUrl(src)), await pgTables(databaseUrl(dst))];
      expect(after).toEqual(before);
      const rows = Object.values(before).reduce((n, json) => n + (JSON.parse(json) as unknown[]).length, 0);
      console.log(`backup round trip (PostgreSQL): ${rows} rows in ${TABLES.length} tables equal after pg_restore into a fresh database; restore onto a non-empty database refused without --force, replaced with it`);
    } finally {
      server.proc.child.kill('SIGTERM');
      await server.proc.exited;
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${src} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${dst} WITH (FORCE)`);
    await admin.end();
  }
});
