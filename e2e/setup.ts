import { browserRequired, findChromium, MISSING_IN_CI } from './chromium.cjs';

// setupFilesAfterEnv of the e2e project (docs/adr/0079). Every e2e suite drives Chromium: without
// one they are skipped, and the summary reporter says so in one line for the whole run; under
// CI=true they fail instead.
if (!findChromium()) {
  if (browserRequired()) throw new Error(MISSING_IN_CI);
  const g = globalThis as unknown as Record<'describe' | 'it' | 'test', unknown>;
  const skipDescribe = Object.assign((name: string, fn: () => void) => describe.skip(name, fn), {
    skip: describe.skip, only: describe.skip, each: describe.skip.each,
  });
  const skipTest = Object.assign((name: string, fn?: jest.ProvidesCallback, timeout?: number) => it.skip(name, fn, timeout), {
    skip: it.skip, only: it.skip, each: it.skip.each, todo: it.todo, concurrent: it.skip,
  });
  g.describe = skipDescribe;
  g.it = skipTest;
  g.test = skipTest;
}
