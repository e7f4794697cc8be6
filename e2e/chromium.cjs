// Where the browser suites find Chromium, and what happens without one (docs/adr/0079). Plain
// CommonJS without dependencies: jest's reporter (scripts/summary-reporter.cjs) loads it untransformed.
const { accessSync, constants, statSync } = require('node:fs');

/** Debian's chromium, where `apt-get install -y chromium` puts it. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The system path to look at. GRAJ_TEST_SYSTEM_CHROMIUM exists only for the tests of this rule
 * (e2e/browser-rule.e2e.ts), to play a machine without /usr/bin/chromium without uninstalling it.
 */
function systemChromium() {
  return process.env.GRAJ_TEST_SYSTEM_CHROMIUM || SYSTEM_CHROMIUM;
}

function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, then /usr/bin/chromium: the first executable one, or null. */
function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, systemChromium()]) {
    if (candidate && isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** Under CI=true (what .ci/run sets) a missing browser is a failure, never a skip. */
function browserRequired() {
  return process.env.CI === 'true';
}

const INSTALL_HINT = 'set CHROMIUM_PATH or run: sudo apt-get install -y chromium';
const SKIPPED_LINE = `Browser suites skipped: no Chromium found (${INSTALL_HINT})`;
const MISSING_IN_CI = `No Chromium found and CI=true: the browser suites must run (${INSTALL_HINT})`;

/** Whether a test file needs a browser: the e2e suites and the benchmark (it weighs pages in chromium). */
function isBrowserSuite(testFilePath) {
  const file = String(testFilePath).replace(/\\/g, '/');
  return /\/e2e\/[^/]+\.e2e\.ts$/.test(file) || /\/bench\/bench\.test\.ts$/.test(file);
}

module.exports = { SYSTEM_CHROMIUM, SKIPPED_LINE, MISSING_IN_CI, findChromium, browserRequired, isBrowserSuite };
