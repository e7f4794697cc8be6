// `npm run restore -- <file> [--force]`: see scripts/backup-lib.ts and README "Backups".
import { DataDirLockedError } from '../server/src/lib/data-dir-lock';
import { BackupError, restore, targetFromEnv } from './backup-lib';

// Restored database files are the server's alone (see server/src/lib/data-dir.ts).
process.umask(0o077);
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? '';
restore(targetFromEnv(), file, args.includes('--force')).then(
  ({ engine, users }) => console.log(`Restored ${file} into the ${engine} database (${users} users).`),
  (err) => {
    console.error(err instanceof BackupError || err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
