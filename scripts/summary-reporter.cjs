// Prints one plain closing line ("tests: N passed, N failed") after jest's own summary.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const extra = skipped ? `, ${skipped} skipped` : '';
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${extra}\n`);
  }
}
module.exports = SummaryReporter;
