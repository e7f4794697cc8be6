import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database files (whose WAL carries password hashes and private chats), the
 * mail outbox (links with tokens) and the development secrets: only the server's own user may read
 * or write any of it (issue 14). New files: the umask makes them 0600 and folders 0700, whoever
 * creates them (PGlite in its worker thread, nodemailer, the lock file); files left by an older
 * version with wider modes are narrowed at start.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  narrow(dataDir, 0);
}

function narrow(p: string, depth: number): void {
  const stat = lstatSync(p);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(p, stat.mode & 0o700);
  if (stat.isDirectory() && depth < 8) for (const name of readdirSync(p)) narrow(path.join(p, name), depth + 1);
}
