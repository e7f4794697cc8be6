const { SKIPPED_LINE, browserRequired, findChromium, isBrowserSuite } = require('../e2e/chromium.cjs');

// Prints one plain closing line ("tests: N passed, N failed") after jest's own summary, and, when the
// run had browser suites but no Chromium to drive them, the one line saying they were skipped and
// how to install the browser (docs/adr/0079).
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const extra = skipped ? `, ${skipped} skipped` : '';
    const browserSuites = results.testResults.some((r) => isBrowserSuite(r.testFilePath));
    if (browserSuites && !findChromium() && !browserRequired()) process.stdout.write(`\n${SKIPPED_LINE}`);
    // A suite that could not run (a setup error) fails the run without failing a test: say so.
    const broken = results.numRuntimeErrorTestSuites ? `, ${results.numRuntimeErrorTestSuites} suites failed to run` : '';
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${extra}${broken}\n`);
  }
}
module.exports = SummaryReporter;
