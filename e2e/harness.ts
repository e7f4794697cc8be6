import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium, MISSING_IN_CI, SKIPPED_LINE } from './chromium.cjs';

export const ARTIFACTS = path.resolve(__dirname, 'artifacts');
const ROOT = path.resolve(__dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

/** Starts the real server (built SPA, fresh embedded database) the way `npm start` does, on a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('Run "npm run build" before the e2e suite');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graj-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The Chromium the browser suites drive: CHROMIUM_PATH, then /usr/bin/chromium (docs/adr/0079). */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(process.env.CI === 'true' ? MISSING_IN_CI : SKIPPED_LINE);
  return found;
}

/** How every browser suite starts Chromium: headless, quiet, and never reaching past localhost. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // The tests never touch the internet: every name but localhost fails to resolve, so the map's
  // online style fails at once and the offline one shipped in public/ is what the tests see.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** `extraArgs`: e.g. `--lang=en-US`, to play a browser in another language. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Screenshots go to e2e/artifacts (gitignored) so a person can look at what the test saw. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * One server and one browser for a suite, started before its tests and stopped after them:
 * `const t = serverAndBrowser();` then `t.server.url`, `t.browser.newContext()`.
 */
export function serverAndBrowser(env: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const t = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    t.server = await startServer(env);
    t.browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await t.browser?.close();
    await t.server?.stop();
  });
  return t;
}

/**
 * Waits until `fn`, run in the page, resolves to something truthy, and returns it. For conditions
 * that must await (service worker registrations, IndexedDB): page.waitForFunction takes only a
 * synchronous predicate and treats the Promise an async one returns as truthy at once.
 */
export async function waitInPage<T>(page: Page, fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate(fn);
    if (value) return value;
    if (Date.now() > until) throw new Error(`waitInPage: no truthy answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
