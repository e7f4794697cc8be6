// Reads what `npm audit --omit=dev --json` answered (see scripts/audit.ts and docs/adr/0048).

export type AuditOutcome =
  | { outcome: 'ok'; lines: string[] }
  | { outcome: 'vulnerable'; lines: string[] }
  | { outcome: 'unreachable'; lines: string[] };

/** Severities that fail the run. */
export const FAILING = ['high', 'critical'] as const;

interface Vulnerability {
  name?: string;
  severity?: string;
  via?: (string | { title?: string; url?: string; severity?: string })[];
  fixAvailable?: boolean | { name?: string; version?: string };
}

interface AuditJson {
  vulnerabilities?: Record<string, Vulnerability>;
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: { prod?: number; total?: number } };
  error?: { code?: string; summary?: string; detail?: string };
  message?: string;
  code?: string;
  statusCode?: number;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * Turns npm audit's JSON into one verdict: the advisory service answered and nothing high or
 * critical is in the production dependencies (ok), it found some (vulnerable: one line each), or it
 * could not be asked (unreachable: one line saying so — not a pass and not a failure).
 */
export function interpretAudit(stdout: string, stderr = ''): AuditOutcome {
  let report: AuditJson;
  try {
    report = JSON.parse(stdout) as AuditJson;
  } catch {
    const why = oneLine(stderr.split('\n').filter((l) => /error|ERR/i.test(l)).join(' ') || stderr || 'no answer');
    return { outcome: 'unreachable', lines: [`Dependency audit: NOT CHECKED — npm audit gave no report (${why})`] };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!report.vulnerabilities || !counts) {
    const why = oneLine(report.error?.summary || report.message || report.error?.code || report.code || 'no report');
    return { outcome: 'unreachable', lines: [`Dependency audit: NOT CHECKED — the advisory service could not be reached (${why})`] };
  }
  const failing = Object.entries(report.vulnerabilities).filter(([, v]) => (FAILING as readonly string[]).includes(v.severity ?? ''));
  const summary = Object.entries(counts)
    .filter(([k, n]) => k !== 'total' && n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const prod = report.metadata?.dependencies?.prod;
  if (!failing.length) {
    return {
      outcome: 'ok',
      lines: [`Dependency audit: no high or critical advisories in ${prod ?? 'the'} production dependencies${summary ? ` (${summary})` : ''}`],
    };
  }
  return {
    outcome: 'vulnerable',
    lines: [
      `Dependency audit: ${failing.length} production ${failing.length === 1 ? 'dependency has' : 'dependencies have'} high or critical advisories (${summary})`,
      ...failing.map(([name, v]) => {
        const titles = (v.via ?? []).map((x) => (typeof x === 'string' ? `via ${x}` : `${x.title ?? ''} ${x.url ?? ''}`.trim()));
        const fix = v.fixAvailable === true ? 'fix: npm audit fix' : v.fixAvailable ? `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}` : 'no fix yet';
        return `  ${v.severity} ${name}: ${oneLine(titles.join('; '))} (${fix})`;
      }),
    ],
  };
}
