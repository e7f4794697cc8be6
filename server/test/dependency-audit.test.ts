import { interpretAudit } from '../../scripts/audit-report';

/** scripts/audit.ts's verdicts on the shapes npm audit --json answers with (npm 10/11). */

const clean = {
  auditReportVersion: 2,
  vulnerabilities: {},
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 }, dependencies: { prod: 412, total: 1200 } },
};

const withAdvisories = {
  auditReportVersion: 2,
  vulnerabilities: {
    'some-lib': {
      name: 'some-lib', severity: 'critical', isDirect: true,
      via: [{ source: 1, name: 'some-lib', title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-xxxx', severity: 'critical' }],
      fixAvailable: { name: 'some-lib', version: '2.0.1', isSemVerMajor: true },
    },
    'uses-it': { name: 'uses-it', severity: 'high', via: ['some-lib'], fixAvailable: true },
    'minor-lib': { name: 'minor-lib', severity: 'moderate', via: [{ title: 'ReDoS' }], fixAvailable: false },
  },
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 1, total: 3 }, dependencies: { prod: 412 } },
};

describe('dependency audit verdicts', () => {
  it('passes with one line when nothing high or critical is found', () => {
    expect(interpretAudit(JSON.stringify(clean))).toEqual({
      outcome: 'ok',
      lines: ['Dependency audit: no high or critical advisories in 412 production dependencies'],
    });
    const moderate = { ...withAdvisories, vulnerabilities: { 'minor-lib': withAdvisories.vulnerabilities['minor-lib'] } };
    expect(interpretAudit(JSON.stringify(moderate)).outcome).toBe('ok');
  });

  it('fails on high and critical, naming each package, its advisory and the fix', () => {
    const v = interpretAudit(JSON.stringify(withAdvisories));
    expect(v.outcome).toBe('vulnerable');
    expect(v.lines[0]).toBe('Dependency audit: 2 production dependencies have high or critical advisories (1 moderate, 1 high, 1 critical)');
    expect(v.lines).toContain('  critical some-lib: Prototype pollution https://github.com/advisories/GHSA-xxxx (fix: some-lib@2.0.1)');
    expect(v.lines).toContain('  high uses-it: via some-lib (fix: npm audit fix)');
    expect(v.lines.join('\n')).not.toContain('minor-lib');
  });

  it('says in one line, without failing, that the advisory service could not be asked', () => {
    // What this machine's registry answers (it allows only GET and HEAD on the advisory endpoint).
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      method: 'POST', statusCode: 405, body: '', error: { summary: '', detail: '' },
    };
    expect(interpretAudit(JSON.stringify(refused))).toEqual({
      outcome: 'unreachable',
      lines: ['Dependency audit: NOT CHECKED — the advisory service could not be reached (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)'],
    });
    const offline = { error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org', detail: '' } };
    expect(interpretAudit(JSON.stringify(offline)).lines).toEqual([
      'Dependency audit: NOT CHECKED — the advisory service could not be reached (request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org)',
    ]);
    const nothing = interpretAudit('', 'npm error code ETIMEDOUT\nnpm error network timeout');
    expect(nothing.outcome).toBe('unreachable');
    expect(nothing.lines).toHaveLength(1);
    expect(nothing.lines[0]).toMatch(/^Dependency audit: NOT CHECKED — .*ETIMEDOUT/);
  });
});
