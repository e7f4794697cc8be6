import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MISSING_IN_CI, SKIPPED_LINE, findChromium } from './chromium.cjs';

// docs/adr/0079: the browser suites find Chromium through CHROMIUM_PATH, then /usr/bin/chromium;
// without one they are skipped with one line for the whole run, and under CI=true they fail.
// GRAJ_TEST_SYSTEM_CHROMIUM hides /usr/bin/chromium for these tests only.
const ROOT = path.resolve(__dirname, '..');
const real = findChromium()!;
const missing = path.join(os.tmpdir(), 'graj-no-chromium-here');

function withEnv<T>(env: Record<string, string | undefined>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** A nested jest run of one e2e suite, as a machine without Chromium would do it. */
function jestWithoutChromium(extraEnv: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: missing, GRAJ_TEST_SYSTEM_CHROMIUM: missing };
  delete env.CI;
  Object.assign(env, extraEnv);
  const run = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), 'e2e/auth.e2e.ts', '--selectProjects', 'e2e', '--colors=false'], {
    cwd: ROOT, env, encoding: 'utf8', timeout: 120_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('finding Chromium for the browser suites', () => {
  it('takes CHROMIUM_PATH first, then the system one, skipping what is missing or not executable', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graj-chromium-'));
    const notExecutable = path.join(dir, 'chromium');
    writeFileSync(notExecutable, '#!/bin/sh\n');
    chmodSync(notExecutable, 0o644);
    expect(withEnv({ CHROMIUM_PATH: real, GRAJ_TEST_SYSTEM_CHROMIUM: missing }, findChromium)).toBe(real);
    expect(withEnv({ CHROMIUM_PATH: missing, GRAJ_TEST_SYSTEM_CHROMIUM: real }, findChromium)).toBe(real);
    expect(withEnv({ CHROMIUM_PATH: undefined, GRAJ_TEST_SYSTEM_CHROMIUM: real }, findChromium)).toBe(real);
    expect(withEnv({ CHROMIUM_PATH: notExecutable, GRAJ_TEST_SYSTEM_CHROMIUM: missing }, findChromium)).toBeNull();
    expect(withEnv({ CHROMIUM_PATH: dir, GRAJ_TEST_SYSTEM_CHROMIUM: missing }, findChromium)).toBeNull();
    expect(withEnv({ CHROMIUM_PATH: missing, GRAJ_TEST_SYSTEM_CHROMIUM: missing }, findChromium)).toBeNull();
  });

  it('without one, skips the suites and says so in one line, and the run passes', () => {
    const { status, out } = jestWithoutChromium({});
    expect(out.split(SKIPPED_LINE).length - 1).toBe(1);
    expect(out).toMatch(/Tests:\s+\d+ skipped, \d+ total/);
    expect(out).not.toContain('server did not start');
    expect(status).toBe(0);
  }, 120_000);

  it('under CI=true, fails instead of skipping', () => {
    const { status, out } = jestWithoutChromium({ CI: 'true' });
    expect(out).toContain(MISSING_IN_CI);
    expect(out).not.toContain(SKIPPED_LINE);
    expect(status).not.toBe(0);
  }, 120_000);
});

describe('habits of the browser suites', () => {
  it('never hand page.waitForFunction an async predicate (its Promise counts as truthy at once; use waitInPage)', () => {
    const offenders = readdirSync(__dirname)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /waitForFunction\(\s*async\b/.test(readFileSync(path.join(__dirname, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
