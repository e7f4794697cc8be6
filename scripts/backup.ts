// `npm run backup -- <file>`: see scripts/backup-lib.ts and README "Backups".
import { DataDirLockedError } from '../server/src/lib/data-dir-lock';
import { BackupError, backup, targetFromEnv } from './backup-lib';

process.umask(0o077);
const file = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '';
backup(targetFromEnv(), file).then(
  ({ engine, bytes }) => console.log(`Backup of the ${engine} database written to ${file} (${bytes} bytes).`),
  (err) => {
    console.error(err instanceof BackupError || err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
