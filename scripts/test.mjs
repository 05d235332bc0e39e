/**
 * `npm test`: the single entry point CI and developers run. Installs if needed (npm packages; Chromium,
 * a CJK font and ffmpeg from Debian), then lint, import boundaries, type-check and vitest, stopping at
 * the first failure. It always ends with one line `tests: N passed, M failed, K skipped` (or `tests: 0
 * passed, 1 failed` when a pre-test step failed) so CI logs can be scanned for the outcome. Arguments
 * after `npm test --` go to vitest.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, ensureSystemPackages, repoRoot, step } from './lib.mjs';

const tag = 'test';
const resultsFile = '.vitest-results.json';
const vitestArgs = process.argv.slice(2);

/** Removes the password from a database URL so it can be printed in CI logs. */
function redactUrl(url) {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    // Not parseable as a URL: hide anything between `user:` and `@` as a best effort.
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1@');
  }
}

/** Ends the run after a pre-test step failed, with a summary line CI can still parse. */
function failBeforeTests(code) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(code || 1);
}

/** Reads vitest's JSON report; undefined when vitest did not get far enough to write it. */
function readResults() {
  const file = path.join(repoRoot, resultsFile);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (process.env.TEST_DATABASE_URL) {
  console.log(`[${tag}] PostgreSQL variant enabled: ${redactUrl(process.env.TEST_DATABASE_URL)}`);
}

const preTestSteps = [
  ['biome check (lint + format)', 'npx', ['biome', 'check', '.']],
  ['import boundaries', process.execPath, ['scripts/check-boundaries.mjs']],
  ['type-check (tsc -b)', 'npx', ['tsc', '-b']],
  ['type-check web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']],
  // The browser tests run against the built web app, as npm start serves it.
  ['build web', 'npm', ['run', 'build', '--workspace', 'apps/web']],
];
// Test sources are excluded from the build projects; type-check them separately when a config exists.
if (existsSync(path.join(repoRoot, 'apps', 'server', 'tsconfig.test.json'))) {
  preTestSteps.push([
    'type-check server tests',
    'npx',
    ['tsc', '-p', 'apps/server/tsconfig.test.json', '--noEmit'],
  ]);
  preTestSteps.push(['type-check browser tests', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']]);
}

const installCode = await ensureInstalled(tag);
if (installCode !== 0) failBeforeTests(installCode);
await ensureSystemPackages(tag, [
  { name: 'chromium', file: '/usr/bin/chromium' },
  { name: 'fonts-wqy-microhei', file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc' },
  { name: 'ffmpeg', file: '/usr/bin/ffmpeg' },
]);
for (const [label, command, args] of preTestSteps) {
  const code = await step(tag, label, command, args);
  if (code !== 0) failBeforeTests(code);
}

// A stale report from an earlier run must not be mistaken for this run's results.
rmSync(path.join(repoRoot, resultsFile), { force: true });
const vitestCode = await step(tag, 'vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${resultsFile}`,
  ...vitestArgs,
]);

const results = readResults();
if (results === undefined) {
  console.error(`[${tag}] vitest wrote no ${resultsFile}`);
  failBeforeTests(vitestCode);
}
const passed = results.numPassedTests ?? 0;
let failed = results.numFailedTests ?? 0;
const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
// A test file that cannot even load counts as a failed suite but not as a failed test; count it, so the
// summary never reads "0 failed" for a run that failed.
if (vitestCode !== 0 && failed === 0) {
  const brokenFiles = results.numFailedTestSuites ?? 0;
  console.error(`[${tag}] vitest failed with ${brokenFiles} failing test file(s) and no failing test`);
  failed = Math.max(brokenFiles, 1);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? vitestCode || 1 : vitestCode);
