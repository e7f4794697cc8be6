/**
 * The Firebase Auth emulator for the Google sign-in tests. firebase-tools is ~500 MB with an
 * optional native build, so it is not in package.json: it is installed on first use into
 * .cache/firebase-tools (gitignored) without optional dependencies, and started on free ports.
 *   npx tsx scripts/firebase-emulator.ts install
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const CACHE = path.join(ROOT, '.cache', 'firebase-tools');
const BIN = path.join(CACHE, 'node_modules', '.bin', 'firebase');
export const EMULATOR_PROJECT = 'demo-graj-razem';

export function ensureFirebaseTools(): string {
  if (existsSync(BIN)) return BIN;
  console.log('Installing firebase-tools 15 into .cache/firebase-tools for the Auth emulator (once)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['install', '--prefix', CACHE, '--omit=optional', '--no-save', '--no-audit', '--no-fund', 'firebase-tools@15'], {
    stdio: 'inherit',
  });
  if (res.status !== 0 || !existsSync(BIN)) throw new Error('Could not install firebase-tools for the Auth emulator');
  return BIN;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

/** Starts the Auth emulator alone (no UI) on free ports; about ten seconds. */
export async function startAuthEmulator(): Promise<AuthEmulator> {
  const bin = ensureFirebaseTools();
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'graj-fbemu-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child: ChildProcess = spawn(bin, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_AUTH_EMULATOR_HOST: '' },
  });
  const logs: string[] = [];
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Auth emulator exited: ${logs.join('')}`);
    try {
      if ((await fetch(`http://${host}/`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`Auth emulator did not start: ${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    host,
    projectId: EMULATOR_PROJECT,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/** A Google-provider ID token for a new or known person, signed in through the emulator's REST API. */
export async function emulatorGoogleToken(
  emulatorHost: string,
  person: { sub: string; email: string; name?: string },
): Promise<string> {
  const idToken = JSON.stringify({ sub: person.sub, email: person.email, email_verified: true, name: person.name });
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  });
  const body = (await res.json()) as { idToken?: string };
  if (!res.ok || !body.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

if (require.main === module && process.argv[2] === 'install') ensureFirebaseTools();
