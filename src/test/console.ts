/**
 * Client tests stay quiet (docs/adr/0079): a console.error or console.warn that a test did not
 * announce fails it, so noise (an MSW request without a handler, a React act() warning, a failed
 * prop type) cannot creep back. A test that means to cause one says so first, and the test fails
 * too if it never came:
 *
 *   const logged = expectConsole('error', /Nie udało się wczytać/);
 *   ...                               // the code under test logs it
 *   expect(logged.calls).toHaveLength(1);   // optional: what exactly was logged
 */
type Level = 'error' | 'warn';

interface Expectation {
  level: Level;
  pattern: RegExp;
  calls: unknown[][];
}

let expectations: Expectation[] = [];
let unexpected: Array<{ level: Level; args: unknown[] }> = [];
const original = { error: console.error, warn: console.warn };

function text(args: unknown[]): string {
  return args.map(describeArg).join(' ');
}

function describeArg(a: unknown): string {
  if (typeof a === 'string') return a;
  // Errors from another realm (jsdom's virtual console) are not `instanceof Error` here.
  if (a && typeof a === 'object' && 'message' in a) return `${(a as Error).name ?? 'Error'}: ${String((a as Error).message)}`;
  return safeJson(a);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function record(level: Level, args: unknown[]) {
  const line = text(args);
  const expected = expectations.find((e) => e.level === level && e.pattern.test(line));
  if (expected) expected.calls.push(args);
  else unexpected.push({ level, args });
}

/** Announces a console message the current test causes on purpose; its calls are kept for assertions. */
export function expectConsole(level: Level, pattern: RegExp): { calls: unknown[][] } {
  const expectation: Expectation = { level, pattern, calls: [] };
  expectations.push(expectation);
  return expectation;
}

/** What the current test logged without announcing it, and what it announced but never logged; then forgets both. */
export function takeConsoleProblems(): string[] {
  const problems = [
    ...unexpected.map(({ level, args }) => `unexpected console.${level}: ${text(args).slice(0, 2000)}`),
    ...expectations.filter((e) => e.calls.length === 0).map((e) => `expected a console.${e.level} matching ${e.pattern}, none came`),
  ];
  expectations = [];
  unexpected = [];
  return problems;
}

function check(): void {
  const problems = takeConsoleProblems();
  if (problems.length) throw new Error(`${problems.join('\n\n')}\n\n(see src/test/console.ts: expectConsole)`);
}

/**
 * Catches console.error and console.warn for the whole file; each test is judged after it ends, and
 * what is logged after the last test (in afterAll cleanups) fails the file.
 */
export function installConsoleGuard(): void {
  console.error = (...args: unknown[]) => record('error', args);
  console.warn = (...args: unknown[]) => record('warn', args);
  afterEach(check);
  afterAll(() => {
    try {
      check();
    } finally {
      console.error = original.error;
      console.warn = original.warn;
    }
  });
}
