import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { TEST_PORT } from '../../playwright.config';

// Issue 16 item 8: the contract suite (scripts/contract.mjs) against the built-in API, on the browser tests' own
// server. Its brand is reifekontakte; the suite likes, chats and uploads as the seed's contract members
// (free.contract@ / premium.contract@demo.test), never as the demo members that browser specs check meanwhile. scripts/test.mjs adds its passed/failed counts (test-results/contract.json) to the tally.
test('the built-in API keeps the /api/*.php contract (npm run contract)', async () => {
  test.setTimeout(300_000);
  const run = spawnSync(
    process.execPath,
    [
      'scripts/contract.mjs',
      '--upstream',
      `http://127.0.0.1:${TEST_PORT}`,
      '--host',
      'reifekontakte.localhost',
      '--json',
      'test-results/contract.json',
    ],
    { encoding: 'utf8', timeout: 280_000 },
  );
  const report = JSON.parse(readFileSync('test-results/contract.json', 'utf8')) as {
    passed: number;
    failed: number;
    skipped: string[];
    results: { name: string; ok: boolean; problems: string[] }[];
  };
  const failures = report.results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.problems.join('; ')}`);
  expect(failures, run.stdout.slice(-4000) + run.stderr).toEqual([]);
  // On a fresh database every call runs: nothing is left out for a limit or a missing payment method.
  expect(report.skipped).toEqual([]);
  expect(report.passed).toBeGreaterThan(100);
  expect(run.status).toBe(0);
});
