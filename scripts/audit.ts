// `npm run audit:deps` (run by .ci/run before the tests): the production dependencies against the
// npm registry's advisories. High or critical fails; an unreachable advisory service is said in one
// line and does not fail (docs/adr/0048).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { interpretAudit } from './audit-report';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: path.resolve(__dirname, '..'),
  encoding: 'utf8',
  timeout: 120_000,
  env: { ...process.env, npm_config_fund: 'false', npm_config_update_notifier: 'false' },
});
const verdict = run.error
  ? interpretAudit('', `${run.error.message}`)
  : interpretAudit(run.stdout ?? '', run.stderr ?? '');
for (const line of verdict.lines) console.log(line);
process.exit(verdict.outcome === 'vulnerable' ? 1 : 0);
