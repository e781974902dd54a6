import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// `npm run build:prod` (VITE_BUILD_TARGET=production) leaves the local-mode tools out of the Worker; every other
// build, the one npm start and the tests serve with APP_ENV=local, keeps them (worker/build-target.ts).
const LOCAL_ONLY = {
  'dev mailbox': 'The latest 50 messages of this brand',
  'fictional replies (dev operator)': '/chat-reply.json',
  'sandbox payment service': 'sandbox_payments',
  'sandbox checkout page': 'Later charges on this mandate fail',
  'Verotel sandbox (its sales and status service)': 'verotel_sandbox_sales',
  'Verotel sandbox order page': 'Verotel FlexPay sandbox',
  'CCBill sandbox (its transactions, status call and one-click API)': 'ccbill_sandbox_transactions',
  'CCBill sandbox FlexForm': 'CCBill FlexForm sandbox',
  'age-assurance sandbox (its sessions and signed notifications)': 'age_sandbox_sessions',
  'age-assurance sandbox page': 'Age check sandbox',
  'seed portraits': 'viewBox="0 0 400 500"',
};

function workerCode(out: string): string {
  const dir = join(out, readdirSync(out).find((d) => d !== 'client')!);
  const files = [
    'index.js',
    ...readdirSync(join(dir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`),
  ];
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
}

test('the production build has no dev mailbox, sandbox checkout or seed portraits; the local build has them', () => {
  test.setTimeout(180_000);
  const out = 'test-results/production-build';
  rmSync(out, { recursive: true, force: true });
  // Every build points `wrangler deploy` at its output (this file); the served dist/ stays the one to deploy.
  const deployRedirect = '.wrangler/deploy/config.json';
  const redirect = existsSync(deployRedirect) ? readFileSync(deployRedirect, 'utf8') : null;
  const build = spawnSync('vite', ['build'], {
    encoding: 'utf8',
    env: { ...process.env, VITE_BUILD_TARGET: 'production', BUILD_OUT_DIR: out },
  });
  if (redirect === null) rmSync(deployRedirect, { force: true });
  else writeFileSync(deployRedirect, redirect);
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  const production = workerCode(out);
  // `npm test` builds dist/ (the local build) before Playwright runs.
  const local = workerCode('dist');
  for (const [tool, marker] of Object.entries(LOCAL_ONLY)) {
    expect(local, `${tool} in the local build`).toContain(marker);
    expect(production, `${tool} in the production build`).not.toContain(marker);
  }
  // The output stays (test-results/ is scratch): a deploy dry run in a parallel worker may have been pointed at it.
});
