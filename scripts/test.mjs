// `npm test`: builds the web app (the end-to-end tests drive the built app), runs every Vitest
// project (unit, unit-chatham: the unit tests again in the Pacific/Chatham time zone,
// integration, e2e), and closes with one plain summary line. Arguments go to Vitest
// (`npm test -- --project integration`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
  console.log('0 passed, 1 failed: the web app did not build');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'crowned-test-'));
const report = path.join(dir, 'report.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = json.numPendingTests + json.numTodoTests;
  // A test that passed with failures on record passed on a retry (the e2e project retries once
  // under CI): name each, with its first failure, so it gets mended.
  for (const file of json.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'passed' && test.failureMessages.length > 0) {
        const first = test.failureMessages[0].split('\n')[0];
        console.log(`Flaky (passed on a retry): ${test.fullName}\n  first try: ${first}`);
      }
    }
  }
  // Where the time goes: the slowest files, so the suite's budget (15 minutes on two cores) can be
  // kept with figures rather than guesses (the run's tail is what a CI record keeps).
  const slowest = json.testResults
    .map((file) => ({ ms: file.endTime - file.startTime, name: path.relative(root, file.name) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 25);
  console.log('Slowest files (seconds, from start to end; two run at a time):');
  for (const file of slowest)
    console.log(`  ${(file.ms / 1000).toFixed(1).padStart(6)}  ${file.name}`);
  console.log(
    `Tests: ${json.numPassedTests} passed, ${json.numFailedTests} failed, ${skipped} skipped`,
  );
} catch {
  console.log('0 passed, 1 failed: the test run produced no report');
}
rmSync(dir, { recursive: true, force: true });
process.exit(status);
