import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock file every process that opens a DATA_DIR (server, seed, bench, backup/restore) holds. */
export const LOCK_FILE = '.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly startedAt: string,
  ) {
    super(`DATA_DIR ${dir} is in use by process ${pid} (started ${startedAt}); stop it first or use another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dir: string;
  release(): void;
}

interface LockInfo {
  pid: number;
  startedAt: string;
  host: string;
}

/** Locks held by this process, by resolved directory (a second lock in the same process is refused too). */
const held = new Map<string, DataDirLock>();

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number' ? { pid: info.pid, startedAt: String(info.startedAt ?? '?'), host: String(info.host ?? '') } : null;
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock on `dir` for the life of the process: a file `dir/.lock` created with
 * O_EXCL holding this process's PID and start time. A lock left by a process that no longer runs
 * (kill -9, a crash, a reused PID of our own) is taken over; a live holder makes this throw
 * DataDirLockedError, whose message is the one line to print. The lock is released by `release()`
 * and, as a last resort, when the process exits.
 */
export function lockDataDir(dir: string): DataDirLock {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  const mine = held.get(resolved);
  if (mine) throw new DataDirLockedError(resolved, process.pid, 'earlier by this same process');
  mkdirSync(resolved, { recursive: true, mode: 0o700 });
  const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), host: os.hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(info));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const other = readLock(file);
      if (other === null) {
        // Being written right now by another opener, or garbage: give a writer a moment, then take it.
        let age: number;
        try {
          age = Date.now() - statSync(file).mtimeMs;
        } catch {
          continue;
        }
        if (age < 2000) throw new DataDirLockedError(resolved, 0, 'just now (lock being written)');
      } else if (other.pid !== process.pid && (other.host === '' || other.host === os.hostname()) && alive(other.pid)) {
        throw new DataDirLockedError(resolved, other.pid, other.startedAt);
      } else if (other.host !== '' && other.host !== os.hostname()) {
        throw new DataDirLockedError(resolved, other.pid, `${other.startedAt} on host ${other.host}`);
      }
      // Stale: its process is gone. Remove it and try again (O_EXCL decides between racing takers).
      try {
        unlinkSync(file);
      } catch {
        /* another taker removed it first */
      }
    }
  }
  const onExit = () => {
    if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', onExit);
  const lock: DataDirLock = {
    dir: resolved,
    release() {
      if (held.get(resolved) !== lock) return;
      held.delete(resolved);
      process.off('exit', onExit);
      onExit();
    },
  };
  held.set(resolved, lock);
  return lock;
}

/** Prefix of the short-lived folders that hold PGlite's Unix socket (in the OS temp dir). */
export const PGLITE_SOCKET_PREFIX = 'pgl-';
export const OWNER_FILE = 'owner.pid';

/**
 * Removes `pgl-*` socket folders in `tmp` left by a PGlite process that crashed or failed to start:
 * those whose owner PID no longer runs, and old ones without an owner file (written before owners
 * were recorded).
 */
export function cleanStalePgliteDirs(tmp = os.tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(tmp);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(PGLITE_SOCKET_PREFIX)) continue;
    const dir = path.join(tmp, name);
    try {
      const st = statSync(dir);
      if (!st.isDirectory() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) continue;
      let owner: number | null = null;
      try {
        owner = Number(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
      } catch {
        owner = null;
      }
      const stale = owner === null ? Date.now() - st.mtimeMs > 60_000 : owner !== process.pid && !alive(owner);
      if (stale) {
        rmSync(dir, { recursive: true, force: true });
        removed.push(dir);
      }
    } catch {
      /* vanished meanwhile */
    }
  }
  return removed;
}
