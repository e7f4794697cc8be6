import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './harness';

// axe-core itself, injected through the DevTools protocol (page.evaluate is not bound by the page's
// Content-Security-Policy, a <script> tag would be): @axe-core/playwright needs the full
// `playwright` package, the suites drive playwright-core (docs/adr/0095).
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Everything WCAG 2.x A/AA asks, plus axe's best practices (landmarks, headings, one main). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The moderate and minor findings of every audited view, one JSON line each (gitignored artifacts). */
export const MODERATE_REPORT = path.join(ARTIFACTS, 'a11y-moderate.jsonl');
/** The serious and critical ones, the same way, to read after a failed run. */
export const SERIOUS_REPORT = path.join(ARTIFACTS, 'a11y-serious.jsonl');

/**
 * Runs axe on the page as it is now. Answers the serious and critical violations (what must be
 * none) and writes the others to MODERATE_REPORT under `view`.
 */
export async function audit(page: Page, view: string): Promise<Finding[]> {
  await page.evaluate(`if (!window.axe) { ${AXE_SOURCE} }`);
  const findings = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
  }, TAGS);
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  const other = findings.filter((f) => !blocking.includes(f));
  mkdirSync(ARTIFACTS, { recursive: true });
  if (other.length) appendFileSync(MODERATE_REPORT, `${JSON.stringify({ view, findings: other })}\n`);
  if (blocking.length) appendFileSync(SERIOUS_REPORT, `${JSON.stringify({ view, findings: blocking })}\n`);
  return blocking;
}

/** Fails with the view's serious and critical violations spelled out. */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  const blocking = await audit(page, view);
  expect({ view, violations: blocking }).toEqual({ view, violations: [] });
}
