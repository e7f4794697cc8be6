import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, launchBrowser } from '../../e2e/harness';

export interface PageWeight {
  path: string;
  jsKb: number;
  cssKb: number;
  loadsMapCode: boolean;
}

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
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

/**
 * What a browser really downloads for a page: the compressed bytes of every script and stylesheet,
 * read from the network events of Debian's chromium, and whether any of it is the map's code.
 */
export async function measurePageWeights(baseUrl: string, sessionToken: string, paths: string[]): Promise<PageWeight[]> {
  const mapFiles = mapChunkFiles();
  const browser = await launchBrowser();
  const out: PageWeight[] = [];
  try {
    for (const p of paths) {
      const context = await browser.newContext();
      if (p.startsWith('/dashboard')) {
        await context.addCookies([{ name: 'sid', value: sessionToken, url: baseUrl }]);
      }
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      let js = 0;
      let css = 0;
      let loadsMapCode = false;
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        if (mapFiles.has(path.basename(new URL(request.url()).pathname))) loadsMapCode = true;
        pending.push(
          request.sizes().then((s) => {
            if (type === 'script') js += s.responseBodySize;
            else css += s.responseBodySize;
          }),
        );
      });
      await page.goto(`${baseUrl}${p}`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      out.push({ path: p, jsKb: js / 1024, cssKb: css / 1024, loadsMapCode });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** Lighthouse (its default, mobile-throttled configuration) with Debian's chromium. */
export async function lighthouseScores(baseUrl: string, paths: string[]): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const out: LighthouseScores[] = [];
  try {
    for (const p of paths) {
      const result = await lighthouse(`${baseUrl}${p}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const c = result!.lhr.categories;
      out.push({
        path: p,
        performance: Math.round((c.performance.score ?? 0) * 100),
        accessibility: Math.round((c.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((c['best-practices'].score ?? 0) * 100),
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
