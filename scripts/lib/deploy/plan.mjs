// What a production deployment needs, computed from the Worker's resolved wrangler config (the build writes it as
// <out>/<worker>/wrangler.json) and the brands' tenant files: pure, so tests/integration/deploy-plan.test.ts checks
// it, and `npm run deploy` (scripts/deploy.mjs) acts on it. Names only: a secret's value is never read here.

/**
 * @typedef {{ binding: string, name: string, id: string, brands: string[] }} D1Plan
 * @typedef {{ name: string, why: string[] }} SecretPlan
 * @typedef {{
 *   worker: string,
 *   d1: D1Plan[],
 *   r2: { binding: string, name: string }[],
 *   kv: { binding: string, id: string }[],
 *   queues: string[],
 *   durableObjects: { binding: string, className: string }[],
 *   doMigrations: string[],
 *   secrets: SecretPlan[],
 *   brands: { id: string, hosts: string[] }[],
 *   problems: string[],
 * }} DeployPlan
 */

/** Always needed: worker/env-schema.ts refuses every request without it. */
const APP_SECRET = {
  name: 'APP_SECRET',
  why: 'signs one-time links, unsubscribe links and the known-device cookie (at least 32 characters)',
};

/** The Worker secret that holds a brand's VAPID private key (worker/push/vapid.ts vapidEnvName). */
export const vapidSecretName = (tenantId) => `VAPID_PRIVATE_KEY_${tenantId.toUpperCase().replace(/-/g, '_')}`;

/** Providers a brand's payments use: the main one and every one its routes name. */
function providersOf(payments) {
  const routed = Object.values(payments.routes ?? {}).flatMap((methods) => Object.values(methods ?? {}).flat());
  return new Set([payments.provider, ...routed]);
}

/** The secrets one brand names (tenant file), each with what it is for; problems for what production refuses. */
function brandSecrets(tenant, need, problems) {
  const { payments } = tenant;
  const providers = providersOf(payments);
  if (providers.has('sandbox'))
    problems.push(`${tenant.id}: payments use the sandbox checkout, which exists in local builds only (worker/payments/provider.ts)`);
  if (payments.verotel) need(payments.verotel.signature_key_secret, `${tenant.id}: Verotel FlexPay signature key`);
  if (payments.ccbill) {
    need(payments.ccbill.salt_secret, `${tenant.id}: CCBill dynamic-pricing salt`);
    need(payments.ccbill.datalink_secret, `${tenant.id}: CCBill DataLink credentials (id:secret)`);
    if (payments.ccbill.api_secret) need(payments.ccbill.api_secret, `${tenant.id}: CCBill RESTful API credentials (id:secret)`);
  }
  if (tenant.age_assurance) need(tenant.age_assurance.api_key_secret, `${tenant.id}: Yoti API key`);
  // No public key: the brand sends no web push, and no private key is asked for (worker/push/vapid.ts).
  if (tenant.settings.push_public_key) need(vapidSecretName(tenant.id), `${tenant.id}: VAPID private key for web push (npm run vapid)`);
}

/** The secrets the environment's own settings call for (worker/env-schema.ts). */
function transportSecrets(vars, need) {
  if (vars.MAIL_TRANSPORT === 'http') {
    need('MAIL_API_KEY', 'MAIL_TRANSPORT=http: the mail API key');
    if (!vars.MAIL_API_URL) need('MAIL_API_URL', 'MAIL_TRANSPORT=http: the mail API URL (a var or a secret)');
  }
  if (vars.SMS_TRANSPORT === 'http') {
    need('SMS_API_KEY', 'SMS_TRANSPORT=http: the SMS API key');
    if (!vars.SMS_API_URL) need('SMS_API_URL', 'SMS_TRANSPORT=http: the SMS API URL (a var or a secret)');
  }
}

/**
 * @param {Record<string, any>} config the resolved wrangler config (wrangler.json of the build)
 * @param {Record<string, any>[]} allTenants the parsed tenant files (core/tenant-files.ts parseTenants)
 * @returns {DeployPlan}
 */
export function deployPlan(config, allTenants) {
  const problems = [];
  // A local-only brand (the proxy demo's backend) is never served in production: no hosts, secrets or database.
  const tenants = allTenants.filter((t) => !t.local_only && !isLocalHostOnly(t));
  const d1 = (config.d1_databases ?? []).map((db) => ({
    binding: db.binding,
    name: db.database_name,
    id: db.database_id ?? '',
    brands: tenants.filter((t) => (t.database ?? 'DB') === db.binding).map((t) => t.id),
  }));
  for (const t of tenants)
    if (!d1.some((db) => db.binding === (t.database ?? 'DB')))
      problems.push(`${t.id}: its database ${t.database} is not a [[d1_databases]] binding of wrangler.toml`);
  if (!d1.some((db) => db.binding === 'DB'))
    problems.push('DB: staff accounts live in the default database; wrangler.toml has no DB binding');

  const secrets = new Map();
  const need = (name, why) => {
    if (Object.hasOwn(config.vars ?? {}, name) && config.vars[name] !== '') return;
    if (!secrets.has(name)) secrets.set(name, []);
    secrets.get(name).push(why);
  };
  need(APP_SECRET.name, APP_SECRET.why);
  transportSecrets(config.vars ?? {}, need);
  for (const t of tenants) brandSecrets(t, need, problems);

  const durableObjects = (config.durable_objects?.bindings ?? []).map((b) => ({ binding: b.name, className: b.class_name }));
  const migrated = new Set((config.migrations ?? []).flatMap((m) => [...(m.new_classes ?? []), ...(m.new_sqlite_classes ?? [])]));
  for (const d of durableObjects)
    if (!migrated.has(d.className)) problems.push(`${d.binding}: class ${d.className} has no [[migrations]] entry that creates it`);

  const queues = [
    ...new Set([...(config.queues?.producers ?? []).map((q) => q.queue), ...(config.queues?.consumers ?? []).map((q) => q.queue)]),
  ];
  return {
    worker: config.name,
    d1,
    r2: (config.r2_buckets ?? []).map((b) => ({ binding: b.binding, name: b.bucket_name })),
    kv: (config.kv_namespaces ?? []).map((k) => ({ binding: k.binding, id: k.id ?? '' })),
    queues,
    durableObjects,
    doMigrations: (config.migrations ?? []).map((m) => m.tag),
    secrets: [...secrets].map(([name, why]) => ({ name, why })).sort((a, b) => a.name.localeCompare(b.name)),
    brands: tenants.map((t) => ({ id: t.id, hosts: [...t.hosts] })),
    problems,
  };
}

/** A brand whose every host is a .localhost name has nothing to serve in production. */
function isLocalHostOnly(tenant) {
  return tenant.hosts.every((h) => h === 'localhost' || h.endsWith('.localhost'));
}

/** The placeholder ids of wrangler.toml (local only): a real database id is a UUID Cloudflare made. */
export const isPlaceholderId = (id) => !id || /^0{8}-0{4}-/.test(id);

/**
 * What is missing in the account, given what exists: databases by name, buckets by name, queues by name.
 * @param {DeployPlan} plan
 * @param {{ d1: { name: string, uuid: string }[], r2: string[], queues: string[], kv: { id: string, title: string }[] }} existing
 */
export function missingResources(plan, existing) {
  const d1Names = new Set(existing.d1.map((d) => d.name));
  const kvIds = new Set(existing.kv.map((k) => k.id));
  return {
    d1: plan.d1.filter((d) => !d1Names.has(d.name)).map((d) => d.name),
    r2: plan.r2.filter((b) => !existing.r2.includes(b.name)).map((b) => b.name),
    queues: plan.queues.filter((q) => !existing.queues.includes(q)),
    // A KV namespace is bound by id: one whose id the account does not have is made under the binding's name.
    kv: plan.kv.filter((k) => !kvIds.has(k.id)).map((k) => k.binding),
  };
}

/**
 * The built config with the account's real ids: wrangler.toml keeps local placeholders (local D1 is keyed by them),
 * production binds the databases Cloudflare made, found by name, and the KV namespaces made for their bindings.
 */
export function withAccountIds(config, d1ByName, kvByBinding = {}) {
  return {
    ...config,
    d1_databases: (config.d1_databases ?? []).map((db) => ({ ...db, database_id: d1ByName[db.database_name] ?? db.database_id })),
    kv_namespaces: (config.kv_namespaces ?? []).map((k) => ({ ...k, id: kvByBinding[k.binding] ?? k.id })),
  };
}

/**
 * The brands' hosts and their `www.` variants (which the Worker resolves to the same brand, core/rules/tenant-lookup.ts)
 * as Workers Custom Domains (Cloudflare makes the DNS record and the certificate), unless the config routes the
 * Worker itself.
 */
export function withBrandRoutes(config, plan) {
  if ((config.routes ?? []).length > 0 || config.route) return config;
  return {
    ...config,
    routes: plan.brands.flatMap((b) => b.hosts.flatMap(withWww).map((host) => ({ pattern: host, custom_domain: true }))),
  };
}

const withWww = (host) => (host.startsWith('www.') ? [host] : [host, `www.${host}`]);

/** `wrangler r2 bucket list` prints "name: <bucket>" blocks (no JSON option in wrangler 4.164). */
export function parseR2List(text) {
  return [...text.matchAll(/^name:\s+(\S+)/gm)].map((m) => m[1]);
}

/** The secrets the plan needs that the Worker does not have (names only). */
export function missingSecrets(plan, setNames) {
  const set = new Set(setNames);
  return plan.secrets.filter((s) => !set.has(s.name));
}
