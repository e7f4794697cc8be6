// `npm run backup -- <file>` / `npm run restore -- <file> [--force]` (ADR 0066): a consistent copy of
// the database — the embedded PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set.
import '../server/src/db/private-files.mjs';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readSync, closeSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { lockDataDir } from '../server/src/lib/data-dir-lock';

/** A clear refusal or failure: the CLI prints the message alone and exits 1. */
export class BackupError extends Error {}

export interface Target {
  /** PostgreSQL URL; without it, the PGlite database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

/** What the server would open, read the same way as server/src/config.ts (without its side effects). */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): Target {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR || './data') };
}

const PGLITE_OPTIONS = { extensions: { cube, earthdistance } };
const GZIP = Buffer.from([0x1f, 0x8b]);
const PG_CUSTOM = Buffer.from('PGDMP');

function head(file: string, n: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const read = readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

function kindOf(file: string): 'pglite' | 'postgres' | 'unknown' {
  const h = head(file, 5);
  if (h.subarray(0, 2).equals(GZIP)) return 'pglite';
  if (h.equals(PG_CUSTOM)) return 'postgres';
  return 'unknown';
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => (err += String(d)));
    child.once('error', (e) => reject(new BackupError(`${cmd}: ${e.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim()}`))));
  });
}

/** Writes `data` next to `file` and renames it into place, so a failed backup never leaves half a file under the name. */
function writeAtomically(file: string, data: Buffer): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * pg_restore of a custom-format dump into `url`, in one transaction. pg_restore empties search_path
 * while it creates tables, and earthdistance's `ll_to_earth` (our events' generated `earth` column)
 * calls `earth()` unqualified, so a plain pg_restore fails with `type "earth" does not exist` (a known
 * limitation of the extension before PostgreSQL 16). The dump is therefore turned into SQL by
 * pg_restore, its search_path reset points at `public` (where the extensions live; every object in
 * the dump is schema-qualified anyway), and psql runs it, stopping at the first error.
 */
function pgRestore(file: string, url: string, clean: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const toSql = spawn('pg_restore', ['--no-owner', '--no-acl', ...(clean ? ['--clean', '--if-exists'] : []), '-f', '-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', url, '-f', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    toSql.stderr!.on('data', (d) => (err += String(d)));
    psql.stderr!.on('data', (d) => (err += String(d)));
    const emptyPath = "SELECT pg_catalog.set_config('search_path', '', false);";
    let rest = '';
    toSql.stdout!.setEncoding('utf8');
    toSql.stdout!.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      const ok = psql.stdin!.write(lines.map((l) => (l === emptyPath ? "SELECT pg_catalog.set_config('search_path', 'public, pg_catalog', false);" : l)).join('\n') + '\n');
      if (!ok) {
        toSql.stdout!.pause();
        psql.stdin!.once('drain', () => toSql.stdout!.resume());
      }
    });
    toSql.stdout!.on('end', () => psql.stdin!.end(rest));
    psql.stdin!.on('error', () => undefined);
    toSql.once('error', (e) => reject(new BackupError(`pg_restore: ${e.message}`)));
    psql.once('error', (e) => reject(new BackupError(`psql: ${e.message}`)));
    const exitOf = (c: ChildProcess) => new Promise<number | null>((r) => c.once('exit', (code) => r(code)));
    void Promise.all([exitOf(toSql), exitOf(psql)]).then(([a, b]) => {
      if (a === 0 && b === 0) resolve();
      else reject(new BackupError(`restore failed (pg_restore exit ${a}, psql exit ${b}): ${err.trim()}`));
    });
  });
}

/** PostgreSQL databases of ours have the drizzle migrations table; "empty" means no table of the app's schema. */
async function pgTableCount(url: string): Promise<number> {
  const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
  try {
    const res = await pool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`);
    return res.rows[0].n as number;
  } finally {
    await pool.end();
  }
}

export async function backup(target: Target, file: string): Promise<{ engine: string; bytes: number }> {
  if (!file) throw new BackupError('Usage: npm run backup -- <file>');
  if (target.databaseUrl) {
    const tmp = `${file}.partial`;
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // -Fc: compressed custom format, one consistent snapshot (pg_dump runs in one repeatable-read transaction).
    await run('pg_dump', ['-Fc', '--no-owner', '--no-acl', '-f', tmp, '-d', target.databaseUrl]);
    renameSync(tmp, file);
    return { engine: 'postgres', bytes: readFileSync(file).length };
  }
  const pgliteDir = path.join(target.dataDir, 'pglite');
  // Refuses beside a running server (its lock line names the PID): a copy of a folder another
  // process is writing is not consistent, and opening it a second time corrupts it (issue 19).
  const lock = lockDataDir(target.dataDir);
  try {
    if (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0) throw new BackupError(`No database in ${pgliteDir}: nothing to back up.`);
    const db = await PGlite.create(pgliteDir, PGLITE_OPTIONS);
    try {
      await db.query('CHECKPOINT');
      const tarball = await db.dumpDataDir('gzip');
      const data = Buffer.from(await tarball.arrayBuffer());
      writeAtomically(file, data);
      return { engine: 'pglite', bytes: data.length };
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

export async function restore(target: Target, file: string, force: boolean): Promise<{ engine: string; users: number }> {
  if (!file) throw new BackupError('Usage: npm run restore -- <file> [--force]');
  if (!existsSync(file)) throw new BackupError(`No backup file ${file}.`);
  const kind = kindOf(file);
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== engine) {
    const what = kind === 'unknown' ? 'not a backup made by `npm run backup`' : `a ${kind === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL (pg_dump)'} backup`;
    throw new BackupError(`${file} is ${what}; this target is ${engine === 'pglite' ? `the PGlite database in ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)'}.`);
  }
  if (target.databaseUrl) {
    const tables = await pgTableCount(target.databaseUrl);
    if (tables > 0 && !force) throw new BackupError(`The database in DATABASE_URL is not empty (${tables} tables); restore into an empty database or add --force to replace its contents.`);
    await pgRestore(file, target.databaseUrl, tables > 0);
    const pool = new Pool({ connectionString: target.databaseUrl, max: 1 });
    try {
      return { engine, users: (await pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number };
    } finally {
      await pool.end();
    }
  }
  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(target.dataDir);
  try {
    const pgliteDir = path.join(target.dataDir, 'pglite');
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
      if (!force) throw new BackupError(`${pgliteDir} already holds a database; restore into an empty DATA_DIR or add --force to replace it.`);
      rmSync(pgliteDir, { recursive: true, force: true });
    }
    mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
    const blob = new Blob([readFileSync(file)]);
    let db: PGlite;
    try {
      db = await PGlite.create(pgliteDir, { ...PGLITE_OPTIONS, loadDataDir: blob });
    } catch (err) {
      rmSync(pgliteDir, { recursive: true, force: true });
      throw new BackupError(`${file} could not be restored: ${(err as Error).message}`);
    }
    try {
      const users = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
      await db.query('CHECKPOINT');
      return { engine, users };
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}
