// Imported first by the PGlite worker: PGlite's file system layer (Emscripten's NODEFS) chmods
// every file it creates to the mode it keeps in memory (0666/0777), which would undo the process's
// umask. Its chmods keep the owner's bits only, so the database files stay private (issue 14).
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const OWNER_ONLY = 0o7700;
const own = (mode) => (typeof mode === 'number' ? mode & OWNER_ONLY : mode);
const { chmodSync, fchmodSync, mkdirSync, writeFileSync } = fs;
fs.chmodSync = (path, mode) => chmodSync(path, own(mode));
fs.fchmodSync = (fd, mode) => fchmodSync(fd, own(mode));
fs.mkdirSync = (path, options) => mkdirSync(path, typeof options === 'number' ? own(options) : options);
fs.writeFileSync = (file, data, options) =>
  writeFileSync(file, data, options && typeof options === 'object' && 'mode' in options ? { ...options, mode: own(options.mode) } : options);
syncBuiltinESMExports();
