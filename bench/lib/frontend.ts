import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumPath, launchBrowser } from '../../e2e/harness';

export interface PageWeight {
  path: string;
  /** The scripts and stylesheets chromium loaded, each counted at its gzipped size (the target's unit). */
  jsKb: number;
  cssKb: number;
  /** What chromium actually transferred: the server sends brotli to browsers that take it. */
  jsSentKb: number;
  cssSentKb: number;
  files: number;
  loadsMapCode: boolean;
  /** The ten largest files the page loaded, gzipped. */
  largest: { file: string; kb: number }[];
}

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The performance score of every run; the figures above are the median run's. */
  runs: number[];
  /** Lighthouse's error code for each run it could not complete (not scored, run again). */
  failures: string[];
  /** Measured with a seeded person's session. */
  signedIn?: boolean;
}

const DIST = path.resolve(__dirname, '../../dist');

/** Files of the map's chunks (maplibre-gl, react-map-gl), from the build's manifest. */
function mapChunkFiles(): Set<string> {
  const manifestFile = path.join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error('No build manifest: run "npm run build" first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; src?: string; name?: string }>;
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (/maplibre|react-map-gl/i.test(key) || /maplibre|react-map-gl/i.test(chunk.name ?? '')) files.add(path.basename(chunk.file));
  }
  return files;
}

/** A built file's gzipped size: the `.gz` that scripts/compress-dist.ts wrote beside it, else gzipped here. */
function gzippedSize(urlPath: string): number {
  const file = path.join(DIST, urlPath);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * What a browser downloads for a page: every script and stylesheet that Debian's chromium loaded
 * (the first download and whatever the page fetched before the network went quiet), counted at
 * its gzipped size and at the bytes really transferred, and whether any of it is the map's code.
 */
export async function measurePageWeights(baseUrl: string, sessionToken: string, paths: string[]): Promise<PageWeight[]> {
  const mapFiles = mapChunkFiles();
  const browser = await launchBrowser();
  const out: PageWeight[] = [];
  try {
    for (const p of paths) {
      // A first visit, as a newcomer's: no service worker yet. Once one controls the page it answers
      // the later chunks from its cache, and Chromium reports those bodies at their decoded size.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (p.startsWith('/dashboard')) {
        await context.addCookies([{ name: 'sid', value: sessionToken, url: baseUrl }]);
      }
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      const bytes = { js: 0, css: 0, jsSent: 0, cssSent: 0 };
      const seen = new Set<string>();
      const chunks: { file: string; kb: number }[] = [];
      let loadsMapCode = false;
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        // MapLibre starts its worker from a blob of code its own file carries, counted with that file.
        if (!request.url().startsWith(baseUrl)) return;
        const urlPath = new URL(request.url()).pathname;
        if (seen.has(urlPath)) return;
        seen.add(urlPath);
        if (mapFiles.has(path.basename(urlPath))) loadsMapCode = true;
        const kind = type === 'script' ? 'js' : 'css';
        const size = gzippedSize(urlPath);
        bytes[kind] += size;
        chunks.push({ file: path.basename(urlPath), kb: size / 1024 });
        pending.push(
          request.sizes().then((s) => {
            bytes[kind === 'js' ? 'jsSent' : 'cssSent'] += s.responseBodySize;
          }),
        );
      });
      await page.goto(`${baseUrl}${p}`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      const kb = (n: number) => n / 1024;
      out.push({
        path: p,
        jsKb: kb(bytes.js),
        cssKb: kb(bytes.css),
        jsSentKb: kb(bytes.jsSent),
        cssSentKb: kb(bytes.cssSent),
        files: seen.size,
        loadsMapCode,
        largest: chunks.sort((a, b) => b.kb - a.kb).slice(0, 10),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Lighthouse (its default, mobile-throttled configuration) with Debian's chromium. Its scores vary
 * by a few points from run to run on a shared machine, so each page runs `runs` times and the run
 * with the median performance score is reported, as Lighthouse's own guidance on variability advises.
 */
/**
 * Lighthouse's default (mobile, throttled) scores of each page, median of `runs`. With `sessionToken`
 * the pages are measured signed in: every request carries the seeded person's session cookie.
 */
export async function lighthouseScores(baseUrl: string, paths: string[], runs = 3, sessionToken?: string): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const out: LighthouseScores[] = [];
  try {
    for (const p of paths) {
      const results: Omit<LighthouseScores, 'runs' | 'failures'>[] = [];
      const failures: string[] = [];
      // A run Lighthouse itself could not complete (its runtimeError, scored 0) is reported, not scored.
      while (results.length < runs && failures.length < runs) {
        const result = await lighthouse(`${baseUrl}${p}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(sessionToken ? { extraHeaders: { Cookie: `sid=${sessionToken}` } } : {}),
        });
        const { runtimeError } = result!.lhr;
        if (runtimeError) {
          failures.push(runtimeError.code);
          continue;
        }
        const c = result!.lhr.categories;
        results.push({
          path: p,
          performance: Math.round((c.performance.score ?? 0) * 100),
          accessibility: Math.round((c.accessibility.score ?? 0) * 100),
          bestPractices: Math.round((c['best-practices'].score ?? 0) * 100),
        });
      }
      if (results.length === 0) throw new Error(`Lighthouse could not measure ${p}: ${failures.join(', ')}`);
      const mid = median(results.map((r) => r.performance));
      out.push({ ...results.find((r) => r.performance === mid)!, runs: results.map((r) => r.performance), failures });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
