#!/usr/bin/env node
// Sums the test results of one `npm test` run from the reporters' JSON files and prints the closing
// line CI reads: `N passed, N failed`, alone on the last line of output.
//
// Usage: node scripts/ci-summary.mjs <npm test exit code> <vitest.json> <playwright.json> [cluster.json]
// cluster.json (default: beside vitest.json) is the report of `npm run test:cluster` (scripts/load/drills/
// cluster-ci.ts: { passed, failed, tests }); it is counted when it exists.
// Exit code: 0 when at least one test ran, none failed and npm test itself succeeded; 1 otherwise.
// A step that failed outside any counted test (lint, type check, build, a runner that crashed) counts
// as one failure, so a red run never prints "0 failed".
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [exitArg, vitestPath, playwrightPath, clusterArg] = process.argv.slice(2);
const clusterPath = clusterArg ?? (vitestPath ? join(dirname(vitestPath), 'cluster.json') : undefined);
const npmExit = Number(exitArg ?? '1');
const notes = [];

function readJson(path, label) {
  if (!path || !existsSync(path)) {
    notes.push(`${label}: no report (${path ?? 'no path'})`);
    return null;
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    notes.push(`${label}: unreadable report ${path}: ${error.message}`);
    return null;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = readJson(vitestPath, 'vitest');
if (vitest) {
  const p = vitest.numPassedTests ?? 0;
  let f = vitest.numFailedTests ?? 0;
  // A test file that fails to load has no failed test in it, but fails its suite.
  if (vitest.success === false && f === 0) f = Math.max(1, vitest.numFailedTestSuites ?? 0);
  passed += p;
  failed += f;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  notes.push(`vitest: ${p} passed, ${f} failed`);
}

const playwright = readJson(playwrightPath, 'playwright');
if (playwright) {
  const stats = playwright.stats ?? {};
  const p = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let f = stats.unexpected ?? 0;
  // Errors outside tests (web server did not start, a spec file did not load).
  const globalErrors = Array.isArray(playwright.errors) ? playwright.errors.length : 0;
  if (globalErrors > 0 && f === 0) f = globalErrors;
  passed += p;
  failed += f;
  skipped += stats.skipped ?? 0;
  notes.push(
    `playwright: ${p} passed${stats.flaky ? ` (${stats.flaky} flaky)` : ''}, ${f} failed${
      globalErrors ? `, ${globalErrors} error(s) outside tests` : ''
    }`,
  );
}

// The cluster's short load (npm run test:cluster): counted when it ran.
if (clusterPath && existsSync(clusterPath)) {
  const cluster = readJson(clusterPath, 'cluster');
  if (cluster) {
    const p = Number(cluster.passed ?? 0);
    let f = Number(cluster.failed ?? 0);
    if (!Array.isArray(cluster.tests) && f === 0) f = 1;
    passed += p;
    failed += f;
    skipped += Number(cluster.skipped ?? 0);
    const names = Array.isArray(cluster.tests)
      ? cluster.tests.filter((t) => !t.ok && !t.skipped).map((t) => t.name)
      : [];
    notes.push(`cluster: ${p} passed, ${f} failed${names.length ? ` (${names.join('; ')})` : ''}`);
  }
}

// npm test succeeded, so both runners ran: a missing report means the results cannot be trusted.
if (npmExit === 0 && (!vitest || !playwright)) {
  failed += 1;
  notes.push('a test report is missing although npm test succeeded');
}
if (npmExit !== 0 && failed === 0) {
  failed = 1;
  notes.push(`npm test exited with code ${npmExit} outside the counted tests (lint, type check or build)`);
}
if (skipped > 0) notes.push(`${skipped} skipped`);

for (const note of notes) console.log(`[ci] ${note}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 && npmExit === 0 ? 0 : 1);
