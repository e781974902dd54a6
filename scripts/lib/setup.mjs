// Shared by start, test and bench: make sure dependencies are installed and build the environment for the
// project's own Node 22 and wrangler. Runs on the image's Node 20 too.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const projectEnv = {
  ...process.env,
  PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  CI: process.env.CI ?? 'true', // wrangler asks no questions
};

/** Runs a command with the project's environment; exits the process when it fails unless told not to. */
export function run(cmd, args, { env = projectEnv, allowFailure = false } = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env, cwd: root });
  if (result.status !== 0 && !allowFailure) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

/**
 * Installs when node_modules is missing or older than the lock file. npm install, not npm ci: see .ci/run.
 */
export function ensureInstalled() {
  const installed = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  // --no-save: npm 11 writes the other platforms' optional packages of the nested wrangler and miniflare back into
  // the lock (.ci/run says why the committed lock leaves them out), so every local run left it changed. The same
  // versions are installed either way.
  if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs)
    run('npm', ['install', '--no-audit', '--no-fund', '--no-save']);
}

/**
 * Local mode (dev mailbox, geo-IP override, demo data) for the local servers. `vite build` copies this file into
 * its output for `vite preview`; `wrangler deploy` never uploads it, so production never has it.
 */
export function ensureDevVars() {
  const file = join(root, '.dev.vars');
  let vars = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!/^APP_ENV=/m.test(vars)) vars += 'APP_ENV=local\n';
  // Local secrets, made once per machine; production sets its own with `wrangler secret put`.
  if (!/^APP_SECRET=/m.test(vars)) vars += `APP_SECRET=${randomBytes(32).toString('hex')}\n`;
  if (!/^MAIL_EVENTS_SECRET=/m.test(vars)) vars += `MAIL_EVENTS_SECRET=${randomBytes(16).toString('hex')}\n`;
  writeFileSync(file, vars);
}

/**
 * The D1 bindings of wrangler.toml (DB, DB_VELVET, ...): a brand may keep its data in a database of its own
 * (its tenant file's `database`), so every one of them gets every migration and its brands' seed.
 */
export function d1Bindings() {
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  return [...toml.matchAll(/\[\[d1_databases\]\][^[]*?binding\s*=\s*"([A-Z0-9_]+)"/g)].map((m) => m[1]);
}

/** Migrates (every D1 binding) and seeds the local D1 in `persistTo` (the default state for npm start, a separate one for tests). */
export function prepareDatabase({ persistTo, seedArgs = [] } = {}) {
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  for (const binding of d1Bindings()) run('wrangler', ['d1', 'migrations', 'apply', binding, '--local', ...persist]);
  run('node', ['scripts/seed.mjs', '--if-needed', ...seedArgs], {
    env: { ...projectEnv, ...(persistTo ? { PERSIST_TO: persistTo } : {}) },
  });
}
