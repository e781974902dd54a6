#!/usr/bin/env node
// One command to production (docs/operations.md, docs/decisions/020-one-command-deploy.md):
//   npm run deploy                 build for production, create what the account lacks (D1 databases, R2 buckets, KV
//                                  namespaces, queues), apply the D1 migrations to every database, check the secrets
//                                  every brand names, deploy, print each brand's hosts with their DNS and certificate
//   npm run deploy -- --dry-run    every check without credentials: the tenant files, the secrets it would need, the
//                                  production bundle (no local tools, size and startup against their budgets), the brands
//                                  stored in the local D1 against the schema being shipped, wrangler's own dry run;
//                                  nothing remote is called. Exits non-zero on any problem.
// Options: --out <dir> (the build's folder, default dist-deploy), --check-local-build <dir> (also check that this local
// build still carries the local tools, so the check can fail: npm test passes dist).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtConfig } from './lib/serve-built.mjs';
import { ensureInstalled, projectEnv, root, run } from './lib/setup.mjs';
import { checkLocalTools, checkSize, checkStartup } from './lib/deploy/bundle-checks.mjs';
import { deployPlan, isPlaceholderId, missingResources, missingSecrets, withAccountIds, withBrandRoutes } from './lib/deploy/plan.mjs';
import { loadTenants } from './lib/deploy/tenants.mjs';
import { checkStoredBrands } from './lib/deploy/stored-brands.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const DRY_RUN = args.includes('--dry-run');
const OUT = option('--out', 'dist-deploy');
const LOCAL_BUILD = option('--check-local-build', null);
const started = performance.now();

function section(title) {
  console.log(`\n== ${title} [${Math.round((performance.now() - started) / 1000)} s]`);
}

function fail(problems) {
  console.error(`\nNot deployed. ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}

/** The production build (worker/build-target.ts: no local tools). `wrangler deploy` is not pointed at it by the build. */
function buildForProduction() {
  section(`Production build into ${OUT}/`);
  // Every Vite build points a bare `wrangler deploy` at its output (.wrangler/deploy/config.json); this one is only
  // ever deployed by this script with -c, so npm start's dist/ stays the one a bare command means.
  const redirect = join(root, '.wrangler/deploy/config.json');
  const before = existsSync(redirect) ? readFileSync(redirect, 'utf8') : null;
  rmSync(join(root, OUT), { recursive: true, force: true });
  const status = run('vite', ['build'], {
    env: { ...projectEnv, VITE_BUILD_TARGET: 'production', BUILD_OUT_DIR: OUT },
    allowFailure: true,
  });
  if (before === null) rmSync(redirect, { force: true });
  else writeFileSync(redirect, before);
  if (status !== 0) fail(['the production build failed (a tenant file that does not match the schema stops it: see above)']);
  const config = builtConfig(OUT);
  // Vite copies .dev.vars (local mode, local secrets) beside the built config; a production artifact has no use for it.
  rmSync(join(root, dirname(config), '.dev.vars'), { force: true });
  return config;
}

function printPlan(plan) {
  section('Plan');
  console.log(`Worker: ${plan.worker}`);
  for (const db of plan.d1)
    console.log(
      `D1 ${db.binding}: database "${db.name}" for ${db.brands.join(', ') || '(staff accounts only)'}; every migration in migrations/`,
    );
  for (const b of plan.r2) console.log(`R2 ${b.binding}: bucket "${b.name}"`);
  for (const k of plan.kv) console.log(`KV ${k.binding}: namespace ${k.id || '(to be made)'}`);
  for (const q of plan.queues) console.log(`Queue: "${q}"`);
  for (const d of plan.durableObjects) console.log(`Durable Object ${d.binding}: class ${d.className}`);
  console.log(`Durable Object migrations (applied by wrangler deploy): ${plan.doMigrations.join(', ') || 'none'}`);
  console.log(`Secrets (${plan.secrets.length}, names only):`);
  for (const s of plan.secrets) console.log(`  ${s.name}: ${s.why.join('; ')}`);
  console.log('Brands and hosts (each becomes a Workers Custom Domain unless wrangler.toml routes the Worker itself):');
  for (const b of plan.brands) console.log(`  ${b.id}: ${b.hosts.join(', ')}`);
}

async function checks(config) {
  const problems = [];
  section('Local tools');
  const tools = checkLocalTools(join(root, dirname(config)), LOCAL_BUILD ? join(root, dirname(builtConfig(LOCAL_BUILD))) : null);
  console.log(
    tools.length
      ? tools.join('\n')
      : `none in the production bundle${LOCAL_BUILD ? `; the local build (${LOCAL_BUILD}/) has every one` : ''}`,
  );
  problems.push(...tools);
  section('Size and startup');
  const size = checkSize(config);
  console.log(size.line);
  problems.push(...size.problems);
  const startup = await checkStartup(config);
  console.log(startup.line);
  problems.push(...startup.problems);
  return problems;
}

ensureInstalled();
const config = buildForProduction();
section('Tenant files');
const tenants = await loadTenants().catch((error) => fail([error.message]));
console.log(`${tenants.length} tenant files valid: ${tenants.map((t) => t.id).join(', ')}`);
const built = JSON.parse(readFileSync(join(root, config), 'utf8'));
const plan = deployPlan(built, tenants);
printPlan(plan);
const problems = [...plan.problems, ...(await checks(config))];

if (DRY_RUN) {
  // The brands made in the workspace, against the schema this build ships: here the local D1's (npm start's state).
  section('Stored brands (local D1)');
  problems.push(...(await checkStoredBrands({ remote: false })));
  section("wrangler's dry run");
  // The routes the real deploy adds, so wrangler checks them too; written beside the build, the build's own config untouched.
  const dryConfig = join(dirname(config), 'wrangler.deploy.json');
  writeFileSync(join(root, dryConfig), JSON.stringify(withBrandRoutes(built, plan)));
  if (run('wrangler', ['deploy', '--dry-run', '-c', dryConfig], { allowFailure: true }) !== 0)
    problems.push('wrangler deploy --dry-run failed');
  if (problems.length) fail(problems);
  console.log(`\nDry run passed in ${Math.round((performance.now() - started) / 1000)} s: nothing was created or deployed.`);
  console.log(`A real deploy needs the ${plan.secrets.length} secrets above set (wrangler secret put NAME) and an API token.`);
  process.exit(0);
}

if (problems.length) fail(problems);
const { createMissing, hostStatus, listExisting, secretNames, wrangler } = await import('./lib/deploy/cloudflare.mjs');
section('Account');
if (wrangler(['whoami']).status !== 0)
  fail(['wrangler is not logged in: set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID) or run wrangler login']);
const existing = listExisting(plan, config);
const missing = missingResources(plan, existing);
console.log(
  `Missing: ${Object.entries(missing)
    .map(([kind, names]) => `${kind} ${names.length ? names.join(', ') : 'none'}`)
    .join('; ')}`,
);
const ids = createMissing(missing, config);
const deployConfig = join(dirname(config), 'wrangler.deploy.json');
writeFileSync(
  join(root, deployConfig),
  JSON.stringify(withBrandRoutes(withAccountIds(built, ids.d1ByName, ids.kvByBinding), plan), null, 2),
);
const unbound = plan.d1.filter((db) => isPlaceholderId(ids.d1ByName[db.name]));
if (unbound.length) fail(unbound.map((db) => `D1 database ${db.name} has no id in the account after creating it`));

section('D1 migrations');
for (const db of plan.d1)
  if (run('wrangler', ['d1', 'migrations', 'apply', db.binding, '--remote', '-c', deployConfig], { allowFailure: true }) !== 0)
    fail([`the migrations of ${db.binding} (${db.name}) failed; nothing was deployed`]);

// Before the new code serves: a stored brand the new schema refuses would stop serving (docs/decisions/023).
section('Stored brands');
const refused = await checkStoredBrands({ remote: true, config: deployConfig });
if (refused.length) fail([...refused, 'edit those brands in the workspace (or relax the schema) and deploy again']);

section('Secrets');
const lacking = missingSecrets(plan, secretNames(deployConfig));
if (lacking.length)
  fail(lacking.map((s) => `secret ${s.name} is not set (${s.why.join('; ')}): wrangler secret put ${s.name} -c ${deployConfig}`));
console.log(`all ${plan.secrets.length} set`);

section('Deploy');
if (run('wrangler', ['deploy', '-c', deployConfig], { allowFailure: true }) !== 0) fail(['wrangler deploy failed']);

section('Hosts');
for (const brand of plan.brands)
  for (const host of brand.hosts) {
    const s = await hostStatus(host, plan.worker);
    console.log(`${brand.id} ${host}: DNS ${s.dns}; certificate ${s.certificate}; Cloudflare ${s.cloudflare}`);
  }
console.log(`\nDeployed in ${Math.round((performance.now() - started) / 1000)} s.`);
