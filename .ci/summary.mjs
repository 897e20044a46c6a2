// Adds up the counts that each test step wrote (Vitest JSON reports and the browser runner's JSON)
// and prints the closing line CI reads: "N passed, M failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else {
    passed += report.passed;
    failed += report.failed;
    flaky += report.flaky ?? 0;
  }
  console.log(`${file}: ${report.numPassedTests ?? report.passed} passed, ${report.numFailedTests ?? report.failed} failed`);
}
if (flaky) console.log(`${flaky} browser flow(s) passed only on their retry: see FLAKY lines above`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
