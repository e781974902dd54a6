#!/usr/bin/env node
// npm test: every layer a change must pass — type check, unit + integration tests inside workerd (vitest),
// then the production build and the browser and node-side tests (Playwright + Debian's Chromium). Ends with one
// line "N passed, N failed" and a non-zero exit on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureDevVars, ensureInstalled, projectEnv, root, run } from './lib/setup.mjs';

const only = process.argv.slice(2); // e.g. `npm test -- unit` runs typecheck + vitest only
ensureInstalled();
// Before the build: Vite copies .dev.vars into the output that the browser tests' server runs.
ensureDevVars();
rmSync(`${root}/test-results`, { recursive: true, force: true });
mkdirSync(`${root}/test-results`, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const layers = [];

function layer(name, fn) {
  const before = { ...tally };
  fn();
  layers.push(`${name}: ${tally.passed - before.passed} passed, ${tally.failed - before.failed} failed`);
}

layer('typecheck', () => {
  const ok = run('tsc', ['-p', 'tsconfig.json', '--noEmit'], { allowFailure: true }) === 0;
  tally[ok ? 'passed' : 'failed']++;
});

// Biome's lint rules and format check (biome.jsonc); `npm run format` writes the formatting.
layer('lint and format', () => {
  tally[run('biome', ['ci', '.'], { allowFailure: true }) === 0 ? 'passed' : 'failed']++;
});

// The arrows go worker -> client -> core, and no module is part of a cycle (.dependency-cruiser.cjs).
layer('dependency rules', () => {
  const ok = run('depcruise', ['worker', 'client', 'core', '--config', '.dependency-cruiser.cjs'], { allowFailure: true }) === 0;
  tally[ok ? 'passed' : 'failed']++;
});

// The /api/*.php contract (core/contract) as OpenAPI 3.1, checked by Redocly's linter: an error fails it.
layer('openapi lint', () => {
  tally[
    run('node', ['scripts/openapi.mjs', '--out', 'test-results/openapi.json', '--lint'], { allowFailure: true }) === 0 ? 'passed' : 'failed'
  ]++;
});

layer('vitest (workerd)', () => {
  const status = run('vitest', ['run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'], {
    allowFailure: true,
  });
  const report = readJson('test-results/vitest.json');
  if (!report) return void tally.failed++;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  tally.skipped += report.numPendingTests + report.numTodoTests;
});

if (!only.includes('unit')) {
  layer('build', () => {
    tally[run('vite', ['build'], { allowFailure: true }) === 0 ? 'passed' : 'failed']++;
  });
  // `npm run deploy -- --dry-run` (scripts/deploy.mjs): the tenant files, the secrets a deploy needs, the production
  // build without local tools (and dist/, just built, with them), its size and startup against their budgets, and
  // wrangler's own dry run. Its build (dist-deploy/, outside test-results/, which Playwright empties) is the one
  // tests/node/production-build.spec.ts reads.
  layer('deploy dry-run', () => {
    const args = ['scripts/deploy.mjs', '--dry-run', '--check-local-build', 'dist'];
    tally[run('node', args, { allowFailure: true }) === 0 ? 'passed' : 'failed']++;
  });
  layer('playwright (browser + node)', () => {
    ensureChromium();
    const status = run('playwright', ['test'], { allowFailure: true, env: projectEnv });
    const report = readJson('test-results/playwright.json');
    if (!report) return void tally.failed++;
    const s = report.stats;
    tally.passed += s.expected + s.flaky;
    tally.failed += s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
    tally.skipped += s.skipped;
    // A test that passed only on its retry (CI) counts as passed, but is named, so it gets looked at.
    if (s.flaky > 0) console.log(`flaky (passed on retry): ${s.flaky}; see test-results/playwright.json`);
  });
  // Run inside the Playwright layer (tests/node/contract.spec.ts, against its server): each call's cases count here.
  layer('contract (npm run contract)', () => {
    const report = readJson('test-results/contract.json');
    if (!report) return void tally.failed++;
    tally.passed += report.passed;
    tally.failed += report.failed;
  });
}

function readJson(file) {
  const path = `${root}/${file}`;
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

console.log(`\n${layers.join('\n')}`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed > 0 ? 1 : 0);
