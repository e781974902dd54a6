import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrandDetail } from '../../core/schemas/brands';
import flirtlokaal from '../../tenants/flirtlokaal';
import { BRAND_WINDOW_S, ISOLATE_TTL_S } from '../../worker/brands/runtime';
import { call, sessionCookie, signupBody } from './account-helpers';
import { createMember, fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Brands made in the workspace (issue 48 items 3-5, docs/decisions/019-brands-in-d1.md): created, edited, rolled
// back and given hosts through the staff API, served from D1 without a restart, isolated like the files' brands.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A brand's settings as the workspace sends them: a tenant file's object without id, hosts and database. */
function settingsNamed(name: string): Record<string, unknown> {
  const { id: _id, hosts: _hosts, database: _db, ...rest } = structuredClone(flirtlokaal) as typeof flirtlokaal & { database?: string };
  return {
    ...rest,
    look: { ...rest.look, logo_text: name },
    settings: { ...rest.settings, name, mail_name: name, index_title: `${name} - flirten` },
  };
}

let owner: string;

beforeAll(async () => {
  owner = (await createStaff([{ brand: '*', role: 'owner' }], 'Owner')).cookie;
});

const homeOf = (host: string, headers: Record<string, string> = {}) => fetchBrand(host, '/', { country: 'NL', headers });

async function create(id: string, name: string, extra: Record<string, unknown> = {}): Promise<BrandDetail> {
  const res = await staffApi('flirtlokaal', 'POST', 'brands.php', { cookie: owner, body: { id, settings: settingsNamed(name), ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as BrandDetail;
}

async function goLive(id: string, version?: number): Promise<BrandDetail> {
  const res = await staffApi('flirtlokaal', 'POST', 'brand-live.php', { cookie: owner, body: { id, ...(version ? { version } : {}) } });
  expect(res.status).toBe(200);
  return (await res.json()) as BrandDetail;
}

async function auditActions(brand: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT action FROM staff_audit WHERE brand = ? ORDER BY id')
    .bind(brand)
    .all<{ action: string }>();
  return results.map((r) => r.action);
}

// Several page renders per test on a shared 2-core machine: more than the default 5 s.
describe('brands made in the workspace', { timeout: 60_000 }, () => {
  it('refuses settings the tenant schema refuses, with each field and its reason, and saves nothing', async () => {
    const bad = settingsNamed('Kapot');
    (bad.look as { colors: { primary: string } }).colors.primary = 'red';
    (bad.settings as { countries: string[] }).countries = ['nl'];
    const res = await staffApi('flirtlokaal', 'POST', 'brands.php', { cookie: owner, body: { id: 'kapotmerk', settings: bad } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('brand_invalid');
    expect(body.error.fields?.['look.colors.primary']).toBe('a #rrggbb colour');
    expect(body.error.fields?.['settings.countries.0']).toBe('ISO 3166-1 alpha-2, upper case');
    // Nothing half-saved: no brand, no version, no audit row, nothing served.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM brand_versions WHERE brand_id = 'kapotmerk'").first('n')).toBe(0);
    expect((await staffApi('flirtlokaal', 'GET', 'brand.php?id=kapotmerk', { cookie: owner })).status).toBe(404);
    expect(await auditActions('kapotmerk')).toEqual([]);
    expect((await homeOf('kapotmerk-preview')).status).toBe(404);
  });

  it('serves a draft on its preview host only, then goes live, edits, and rolls back, each audited', async () => {
    const made = await create('nieuwflirt', 'Nieuw Flirt Een');
    expect(made).toMatchObject({ status: 'draft', latest_version: 1, live_version: null, preview_host: 'nieuwflirt-preview.localhost' });
    const preview = await homeOf('nieuwflirt-preview');
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Nieuw Flirt Een');
    // Not live yet: its own host is unknown.
    expect((await homeOf('nieuwflirt')).status).toBe(404);

    await goLive('nieuwflirt');
    expect(await (await homeOf('nieuwflirt')).text()).toContain('Nieuw Flirt Een');

    // An invalid edit changes nothing.
    const broken = settingsNamed('Nieuw Flirt Kapot');
    (broken.settings as { message_credits: number }).message_credits = -1;
    const refused = await staffApi('flirtlokaal', 'PUT', 'brand.php', { cookie: owner, body: { id: 'nieuwflirt', settings: broken } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.fields).toHaveProperty(['settings.message_credits']);

    const edited = await staffApi('flirtlokaal', 'PUT', 'brand.php', {
      cookie: owner,
      body: { id: 'nieuwflirt', settings: settingsNamed('Nieuw Flirt Twee'), note: 'new name' },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ latest_version: 2, live_version: 1 });
    // The edit shows on the preview host; the live host keeps version 1 until it goes live.
    expect(await (await homeOf('nieuwflirt-preview')).text()).toContain('Nieuw Flirt Twee');
    const live = await (await homeOf('nieuwflirt')).text();
    expect(live).toContain('Nieuw Flirt Een');
    expect(live).not.toContain('Nieuw Flirt Twee');

    await goLive('nieuwflirt');
    expect(await (await homeOf('nieuwflirt')).text()).toContain('Nieuw Flirt Twee');

    const back = await staffApi('flirtlokaal', 'POST', 'brand-rollback.php', { cookie: owner, body: { id: 'nieuwflirt', version: 1 } });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ live_version: 1, latest_version: 2 });
    expect(await (await homeOf('nieuwflirt')).text()).toContain('Nieuw Flirt Een');
    expect(
      (await staffApi('flirtlokaal', 'POST', 'brand-rollback.php', { cookie: owner, body: { id: 'nieuwflirt', version: 9 } })).status,
    ).toBe(404);

    expect(await auditActions('nieuwflirt')).toEqual(['brand_create', 'brand_live', 'brand_edit', 'brand_live', 'brand_rollback']);
    const rollback = await env.DB.prepare("SELECT detail FROM staff_audit WHERE brand = 'nieuwflirt' AND action = 'brand_rollback'").first<{
      detail: string;
    }>();
    expect(JSON.parse(rollback!.detail)).toEqual({ version: 1, previous: 2 });
  });

  it('lets only owners create or change brands', async () => {
    const admin = (await createStaff([{ brand: 'flirtlokaal', role: 'admin' }])).cookie;
    const res = await staffApi('flirtlokaal', 'POST', 'brands.php', {
      cookie: admin,
      body: { id: 'adminmerk', settings: settingsNamed('Admin Merk') },
    });
    expect(res.status).toBe(403);
    expect((await staffApi('flirtlokaal', 'GET', 'brands.php', { cookie: admin })).status).toBe(403);
    expect((await staffApi('flirtlokaal', 'GET', 'brands.php')).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM brands WHERE id = 'adminmerk'").first('n')).toBe(0);
  });

  it("refuses a tenant file's id and another brand's host", async () => {
    const taken = await staffApi('flirtlokaal', 'POST', 'brands.php', {
      cookie: owner,
      body: { id: 'velvetnights', settings: settingsNamed('X') },
    });
    expect(taken.status).toBe(409);
    await create('hostmerk', 'Host Merk');
    await create('andermerk', 'Ander Merk');
    const add = (id: string, host: string) => staffApi('flirtlokaal', 'POST', 'brand-hosts.php', { cookie: owner, body: { id, host } });
    expect((await add('hostmerk', 'flirtlokaal.nl')).status).toBe(409);
    expect((await add('hostmerk', 'www.flirtlokaal.nl')).status).toBe(409);
    expect((await add('hostmerk', 'velvetnights.localhost')).status).toBe(409);
    expect((await add('hostmerk', 'hostmerk-nl.localhost')).status).toBe(201);
    const other = await add('andermerk', 'hostmerk-nl.localhost');
    expect(other.status).toBe(409);
    expect(((await other.json()) as ErrorBody).error.code).toBe('brand_host_taken');
  });

  it('serves a host added in the workspace at once, and a member signs up there', async () => {
    const { database } = await create('zomerflirt', 'Zomer Flirt');
    await goLive('zomerflirt');
    expect((await homeOf('zomerdate')).status).toBe(404);
    const res = await staffApi('flirtlokaal', 'POST', 'brand-hosts.php', {
      cookie: owner,
      body: { id: 'zomerflirt', host: 'zomerdate.localhost' },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as BrandDetail).host_details).toEqual([
      expect.objectContaining({ host: 'zomerdate.localhost', status: 'active', provider: 'local', kind: 'live' }),
    ]);
    const page = await homeOf('zomerdate');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Zomer Flirt');

    const signup = await call('zomerdate', 'POST', '/api/signup.php', signupBody());
    expect(signup.status).toBe(201);
    const cookie = sessionCookie(signup);
    const me = await call('zomerdate', 'GET', '/api/user.php', undefined, cookie);
    expect(me.status).toBe(200);
    const memberId = ((await me.json()) as { user: { id: number } }).user.id;
    // In the database the brand took from the pool.
    const db = (env as unknown as Record<string, D1Database>)[database];
    expect(await db.prepare('SELECT tenant_id FROM members WHERE id = ?').bind(memberId).first('tenant_id')).toBe('zomerflirt');

    // Removing the host stops serving it.
    const removed = await staffApi('flirtlokaal', 'DELETE', 'brand-hosts.php', {
      cookie: owner,
      body: { id: 'zomerflirt', host: 'zomerdate.localhost' },
    });
    expect(removed.status).toBe(200);
    expect((await homeOf('zomerdate')).status).toBe(404);
  });

  it('keeps a runtime brand apart from the other brands (tenant isolation)', async () => {
    await create('apartmerk', 'Apart Merk', { database: 'DB' });
    await goLive('apartmerk');
    const mine = await createMember('apartmerk');
    const theirs = await createMember('flirtlokaal');
    const userOn = async (host: string, cookie: string) =>
      ((await (await call(host, 'GET', '/api/user.php', undefined, cookie)).json()) as { user: { id: number } | null }).user;
    expect((await userOn('apartmerk', mine.cookie))?.id).toBe(mine.memberId);
    // A session belongs to its brand: neither crosses over.
    expect(await userOn('flirtlokaal', mine.cookie)).toBeNull();
    expect(await userOn('apartmerk', theirs.cookie)).toBeNull();
    // Another brand's profile is not found on the runtime brand, and the other way round.
    expect((await call('apartmerk', 'GET', `/api/profile.php?id=${theirs.profileId}`, undefined, mine.cookie)).status).toBe(404);
    expect((await call('flirtlokaal', 'GET', `/api/profile.php?id=${mine.profileId}`, undefined, theirs.cookie)).status).toBe(404);
  });

  it('takes the smallest database of the pool, or the one the owner names', async () => {
    const list = await staffApi('flirtlokaal', 'GET', 'brands.php', { cookie: owner });
    const { databases } = (await list.json()) as { databases: { binding: string }[] };
    expect(databases.map((d) => d.binding)).toEqual(['DB', 'DB_VELVET']);
    expect((await create('velvetpool', 'Velvet Pool', { database: 'DB_VELVET' })).database).toBe('DB_VELVET');
    const unknown = await staffApi('flirtlokaal', 'POST', 'brands.php', {
      cookie: owner,
      body: { id: 'geenpool', settings: settingsNamed('Geen'), database: 'DB_NOPE' },
    });
    expect(unknown.status).toBe(400);
  });

  it('serves an edit made elsewhere within the window, from the caches before', async () => {
    await create('cachemerk', 'Cache Oud');
    await goLive('cachemerk');
    const start = Date.now();
    expect(await (await homeOf('cachemerk')).text()).toContain('Cache Oud');
    // Another data centre's edit: D1 changes, this isolate and this data centre's cache are not told.
    const settings = JSON.stringify(settingsNamed('Cache Nieuw'));
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO brand_versions (brand_id, version, settings, created_at) VALUES ('cachemerk', 2, ?, '2026-01-01T00:00:00Z')",
      ).bind(settings),
      env.DB.prepare("UPDATE brands SET latest_version = 2, live_version = 2 WHERE id = 'cachemerk'"),
    ]);
    const at = (s: number) => ({ 'X-Debug-Now': new Date(start + s * 1000).toISOString() });
    expect(await (await homeOf('cachemerk', at(1))).text()).toContain('Cache Oud');
    // The isolate's copy has expired; the data centre's cache still has the old version.
    expect(await (await homeOf('cachemerk', at(ISOLATE_TTL_S + 2))).text()).toContain('Cache Oud');
    // Past the window: the new version everywhere.
    const later = await (await homeOf('cachemerk', at(BRAND_WINDOW_S + 1))).text();
    expect(BRAND_WINDOW_S).toBeLessThanOrEqual(60);
    expect(later).toContain('Cache Nieuw');
  });
});
