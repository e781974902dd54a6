import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
// @ts-expect-error: a plain .mjs module of the scripts, without a declaration file
import { LOCAL_ONLY, workerCode } from '../../scripts/lib/deploy/local-tools.mjs';

// `npm run build:prod` and `npm run deploy` (VITE_BUILD_TARGET=production) leave the local-mode tools out of the
// Worker: dev pages, sandboxes, debug headers, test hooks (scripts/lib/deploy/local-tools.mjs names each with a
// marker); every other build, the one npm start and the tests serve with APP_ENV=local, keeps them
// (worker/build-target.ts).

// npm test's "deploy dry-run" layer built the production bundle here after dist/ (scripts/test.mjs); an older one
// (a deploy before the last local build) is not trusted, and the test builds its own.
const DRY_RUN_OUT = 'dist-deploy';

const workerDir = (out: string) => join(out, readdirSync(out).find((d) => d !== 'client' && existsSync(join(out, d, 'wrangler.json')))!);

function productionBuild(): string {
  if (existsSync(DRY_RUN_OUT) && statSync(DRY_RUN_OUT).mtimeMs >= statSync('dist').mtimeMs) return DRY_RUN_OUT;
  const out = 'test-results/production-build';
  rmSync(out, { recursive: true, force: true });
  // Every build points `wrangler deploy` at its output (this file); the served dist/ stays the one it names.
  const deployRedirect = '.wrangler/deploy/config.json';
  const redirect = existsSync(deployRedirect) ? readFileSync(deployRedirect, 'utf8') : null;
  const build = spawnSync('vite', ['build'], {
    encoding: 'utf8',
    env: { ...process.env, VITE_BUILD_TARGET: 'production', BUILD_OUT_DIR: out },
  });
  if (redirect === null) rmSync(deployRedirect, { force: true });
  else writeFileSync(deployRedirect, redirect);
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  return out;
}

test('the production build has no dev pages, sandboxes, debug headers or test hooks; the local build has them', () => {
  test.setTimeout(180_000);
  const production: string = workerCode(workerDir(productionBuild()));
  // `npm test` builds dist/ (the local build) before Playwright runs.
  const local: string = workerCode(workerDir('dist'));
  for (const [tool, marker] of Object.entries(LOCAL_ONLY as Record<string, string>)) {
    expect(local, `${tool} in the local build`).toContain(marker);
    expect(production, `${tool} in the production build`).not.toContain(marker);
  }
  // The output stays (test-results/ is scratch): a deploy dry run in a parallel worker may have been pointed at it.
});
