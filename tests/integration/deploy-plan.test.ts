import { describe, expect, it } from 'vitest';
import {
  deployPlan,
  missingResources,
  missingSecrets,
  parseR2List,
  withAccountIds,
  withBrandRoutes,
  // @ts-expect-error: a plain .mjs module of the scripts, without a declaration file
} from '../../scripts/lib/deploy/plan.mjs';
import { TENANTS } from '../../worker/tenants';

// What `npm run deploy` (scripts/deploy.mjs) creates, checks and routes, from the resolved wrangler config (as the
// build writes it) and the tenant files: the brands of tenants/ and the test fixtures' (TENANTS in test mode).

/** The resolved config's shape (dist/<worker>/wrangler.json), with wrangler.toml's bindings. */
const CONFIG = {
  name: 'edge-dating-engine',
  vars: { APP_ENV: 'production', UPSTREAM_TIMEOUT_MS: '15000', LOCAL_PORT: '' },
  d1_databases: [
    { binding: 'DB', database_name: 'dating', database_id: '00000000-0000-4000-8000-000000000001' },
    { binding: 'DB_VELVET', database_name: 'dating-velvet', database_id: '00000000-0000-4000-8000-000000000002' },
  ],
  r2_buckets: [{ binding: 'MEDIA', bucket_name: 'dating-media' }],
  kv_namespaces: [],
  durable_objects: { bindings: [{ name: 'LIVE', class_name: 'MemberHub' }] },
  migrations: [{ tag: 'v1-member-hub', new_sqlite_classes: ['MemberHub'] }],
  queues: { producers: [{ binding: 'POSTBACKS', queue: 'postbacks' }], consumers: [{ queue: 'postbacks' }] },
};

const brand = (id: string) => TENANTS.find((t) => t.id === id)!;
type Secret = { name: string; why: string[] };

describe('the deploy plan', () => {
  const plan = deployPlan(CONFIG, TENANTS);

  it('gives every brand its database: velvetnights in DB_VELVET, the others in DB', () => {
    const velvet = plan.d1.find((d: { binding: string }) => d.binding === 'DB_VELVET');
    expect(velvet.name).toBe('dating-velvet');
    expect(velvet.brands).toContain('velvetnights');
    expect(velvet.brands).not.toContain('flirtlokaal');
    const main = plan.d1.find((d: { binding: string }) => d.binding === 'DB');
    expect(main.brands).toEqual(expect.arrayContaining(['flirtlokaal', 'reifekontakte']));
    expect(main.brands).not.toContain('velvetnights');
    expect(plan.r2).toEqual([{ binding: 'MEDIA', name: 'dating-media' }]);
    expect(plan.queues).toEqual(['postbacks']);
    expect(plan.doMigrations).toEqual(['v1-member-hub']);
  });

  it('names every secret a brand names, and APP_SECRET, never with a value', () => {
    const names = plan.secrets.map((s: Secret) => s.name);
    for (const name of [
      'APP_SECRET',
      'VEROTEL_KEY_FLIRTLOKAAL',
      'VEROTEL_KEY_REIFEKONTAKTE',
      'CCBILL_SALT_VELVETNIGHTS',
      'CCBILL_DATALINK_VELVETNIGHTS',
      'CCBILL_API_VELVETNIGHTS',
      'YOTI_API_KEY_YOTISHOP',
    ])
      expect(names).toContain(name);
    expect(plan.secrets.find((s: Secret) => s.name === 'VEROTEL_KEY_FLIRTLOKAAL').why).toContain(
      'flirtlokaal: Verotel FlexPay signature key',
    );
    // Vars are not secrets; a brand without a push key asks for no VAPID key.
    expect(names).not.toContain('APP_ENV');
    expect(names).not.toContain('VAPID_PRIVATE_KEY_FLIRTLOKAAL');
  });

  it('asks for the VAPID private key of a brand that has a push public key, and the mail key of the http transport', () => {
    const withPush = { ...brand('flirtlokaal'), settings: { ...brand('flirtlokaal').settings, push_public_key: 'BFwG0RIh' } };
    const mailConfig = { ...CONFIG, vars: { ...CONFIG.vars, MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://mail.example/send' } };
    const names = deployPlan(mailConfig, [withPush]).secrets.map((s: Secret) => s.name);
    expect(names).toEqual(['APP_SECRET', 'MAIL_API_KEY', 'VAPID_PRIVATE_KEY_FLIRTLOKAAL', 'VEROTEL_KEY_FLIRTLOKAAL']);
  });

  it('leaves out the local-only brands: the proxy demo and its backend have no hosts, secrets or database in production', () => {
    const ids = plan.brands.map((b: { id: string }) => b.id);
    expect(ids).toContain('velvetnights');
    expect(ids).not.toContain('proxydemo');
    expect(ids).not.toContain('proxydemo-origin');
    expect(plan.brands.find((b: { id: string }) => b.id === 'reifekontakte').hosts).toEqual(['reifekontakte.de', 'reifekontakte.at']);
  });

  it('is a problem when a brand pays through the sandbox, names a database wrangler.toml lacks, or a class has no migration', () => {
    const lost = { ...brand('velvetnights'), id: 'lost', hosts: ['lost.example'], database: 'DB_LOST' };
    const unmigrated = {
      ...CONFIG,
      durable_objects: { bindings: [...CONFIG.durable_objects.bindings, { name: 'X', class_name: 'Nowhere' }] },
    };
    const problems = deployPlan(unmigrated, [brand('sandboxshop'), lost, brand('flirtlokaal')]).problems.join('\n');
    expect(problems).toMatch(/sandboxshop: payments use the sandbox checkout/);
    expect(problems).toMatch(/lost: its database DB_LOST is not a \[\[d1_databases\]\] binding/);
    expect(problems).toMatch(/X: class Nowhere has no \[\[migrations\]\] entry/);
    expect(plan.problems.filter((p: string) => !p.startsWith('sandboxshop'))).toEqual([]);
  });
});

describe('acting on the plan', () => {
  const plan = deployPlan(CONFIG, [brand('flirtlokaal'), brand('velvetnights')]);

  it('creates only what the account lacks, found by name', () => {
    const existing = { d1: [{ name: 'dating', uuid: 'a1b2' }], r2: ['dating-media'], queues: [], kv: [] };
    expect(missingResources(plan, existing)).toEqual({ d1: ['dating-velvet'], r2: [], queues: ['postbacks'], kv: [] });
  });

  it("binds the account's databases by name in place of wrangler.toml's local placeholders", () => {
    const ids = { dating: '11111111-2222-4333-8444-555555555555', 'dating-velvet': '66666666-7777-4888-9999-000000000000' };
    const deployed = withAccountIds(CONFIG, ids);
    expect(deployed.d1_databases.map((d: { database_id: string }) => d.database_id)).toEqual(Object.values(ids));
    expect(CONFIG.d1_databases[0].database_id).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('routes every brand host and its www. variant as a Custom Domain, unless the config routes the Worker itself', () => {
    const routes: { pattern: string; custom_domain: boolean }[] = withBrandRoutes(CONFIG, plan).routes;
    expect(routes.map((r) => r.pattern)).toEqual([
      'flirtlokaal.nl',
      'www.flirtlokaal.nl',
      'velvetnights.com',
      'www.velvetnights.com',
      'velvetnights.co.uk',
      'www.velvetnights.co.uk',
    ]);
    expect(routes.every((r) => r.custom_domain)).toBe(true);
    const own = { ...CONFIG, routes: [{ pattern: 'example.com/*', zone_name: 'example.com' }] };
    expect(withBrandRoutes(own, plan).routes).toEqual(own.routes);
  });

  it('lists the missing secrets by name from what `wrangler secret list` returns', () => {
    const missing = missingSecrets(plan, ['APP_SECRET', 'VEROTEL_KEY_FLIRTLOKAAL', 'SOMETHING_ELSE']);
    expect(missing.map((s: Secret) => s.name)).toEqual([
      'CCBILL_API_VELVETNIGHTS',
      'CCBILL_DATALINK_VELVETNIGHTS',
      'CCBILL_SALT_VELVETNIGHTS',
      'VEROTEL_KEY_VELVETNIGHTS',
    ]);
  });

  it('reads the bucket names of `wrangler r2 bucket list`', () => {
    const text =
      'Listing buckets...\nname:           dating-media\ncreation_date:  2026-11-01T10:00:00.000Z\n\nname:           other\ncreation_date:  x\n';
    expect(parseR2List(text)).toEqual(['dating-media', 'other']);
  });
});
