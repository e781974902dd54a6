import { Hono } from 'hono';
import { resolveTenant } from '../../core/rules/tenant-lookup';
import { EVERY_BRAND } from '../../core/schemas/staff';
import type { StaffSession } from '../auth/staff-identity';
import { checkBrandSettings, storedSettings } from '../brands/brand-settings';
import { hostnamesFor } from '../brands/hostnames';
import { databasePool, poolUse, smallestDatabase } from '../brands/pool';
import { forgetBrand, hostQuery } from '../brands/runtime';
import {
  type Actor,
  brandDetail,
  brandRow,
  brandsPerDatabase,
  deleteHost,
  hostOf,
  hostOwner,
  hostRows,
  insertBrand,
  insertHost,
  insertVersion,
  listBrands,
  setLiveVersion,
  stateOf,
  updateHostState,
} from '../brands/store';
import type { AppContext, AppEnv } from '../context';
import { staffDb } from '../db/request-db';
import { ApiFailure } from '../errors';
import { TENANTS } from '../tenants';
import { staffOperation } from './operation';

/**
 * Brands made in the workspace (issue 48 items 3-5, docs/decisions/019-brands-in-d1.md): owners only, every change
 * audited in the same batch. The brands tables live in the primary database (DB).
 */
export const brandsRoutes = new Hono<AppEnv>();

function requireOwner(staff: StaffSession): Actor['staffId'] {
  if (!staff.roles.some((r) => r.brand === EVERY_BRAND && r.role === 'owner'))
    throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  return staff.id;
}

const actor = (c: AppContext, staffId: number): Actor => ({ staffId, now: c.get('now') });
const notFound = () => new ApiFailure(404, 'brand_not_found', 'errors.brand_not_found');

/** Where the newest version shows before it goes live: `<id>-preview.<BRAND_PREVIEW_DOMAIN>`, locally `.localhost`. */
const previewHost = (env: Env, id: string) => `${id}-preview.${env.BRAND_PREVIEW_DOMAIN || 'localhost'}`;

/** A preview host (any brand's) is never a brand's own host. */
const isPreviewHost = (env: Env, host: string) => hostQuery(host, env.BRAND_PREVIEW_DOMAIN).kind === 'preview';

/** 422 with each refused field's path and the schema's reason: nothing was saved. */
const invalid = (fields: Record<string, string>) => ApiFailure.withFieldTexts(422, 'brand_invalid', 'errors.brand_invalid', fields);

async function detail(c: AppContext, id: string) {
  const found = await brandDetail(staffDb(c.env), id, previewHost(c.env, id));
  if (!found) throw notFound();
  return found;
}

async function forget(c: AppContext, id: string, extra: string[] = []) {
  const hosts = (await hostRows(staffDb(c.env), id)).map((h) => h.host);
  await forgetBrand(id, [...hosts, ...extra], c.env.BRAND_PREVIEW_DOMAIN);
}

staffOperation(brandsRoutes, 'get', '/api/staff/brands.php', async (c, { staff }) => {
  requireOwner(staff);
  const db = staffDb(c.env);
  return {
    brands: await listBrands(db),
    databases: await poolUse(c.env, TENANTS, await brandsPerDatabase(db)),
    file_brands: TENANTS.map((t) => t.id),
    template: storedSettings((TENANTS.find((t) => !t.local_only && !t.upstream_api) ?? TENANTS[0]) as unknown as Record<string, unknown>),
  };
});

staffOperation(brandsRoutes, 'post', '/api/staff/brands.php', async (c, { body, staff }) => {
  const staffId = requireOwner(staff);
  const db = staffDb(c.env);
  // A tenant file's id is taken for good: the files win over a runtime brand.
  if (TENANTS.some((t) => t.id === body.id)) throw new ApiFailure(409, 'brand_exists', 'errors.brand_exists');
  const pool = databasePool(c.env).map((p) => p.binding);
  if (body.database && !pool.includes(body.database)) throw new ApiFailure(400, 'brand_database_unknown', 'errors.brand_database_unknown');
  const database = body.database ?? smallestDatabase(await poolUse(c.env, TENANTS, await brandsPerDatabase(db)));
  const checked = checkBrandSettings(body.id, database, body.settings);
  if (!checked.ok) throw invalid(checked.fields);
  if (!(await insertBrand(db, { id: body.id, database, settings: storedSettings(body.settings), note: body.note }, actor(c, staffId)))) {
    throw new ApiFailure(409, 'brand_exists', 'errors.brand_exists');
  }
  await forget(c, body.id);
  return detail(c, body.id);
});

staffOperation(brandsRoutes, 'get', '/api/staff/brand.php', async (c, { query, staff }) => {
  requireOwner(staff);
  const db = staffDb(c.env);
  // A pending host: ask the provider again (the partner may have published the record since).
  const hostnames = hostnamesFor(c.env);
  for (const row of await hostRows(db, query.id)) {
    if (row.status !== 'pending') continue;
    const known = stateOf(hostOf(row), row.provider_id);
    const now = await hostnames.check(row.host, known).catch(() => known);
    if (now.status !== known.status || now.sslStatus !== known.sslStatus) {
      await updateHostState(db, row.host, now, c.get('now'));
      if (now.status === 'active') await forget(c, query.id);
    }
  }
  return detail(c, query.id);
});

staffOperation(brandsRoutes, 'put', '/api/staff/brand.php', async (c, { body, staff }) => {
  const staffId = requireOwner(staff);
  const db = staffDb(c.env);
  const row = await brandRow(db, body.id);
  if (!row) throw notFound();
  const checked = checkBrandSettings(body.id, row.database, body.settings);
  if (!checked.ok) throw invalid(checked.fields);
  if (!(await insertVersion(db, { id: body.id, settings: storedSettings(body.settings), note: body.note }, actor(c, staffId))))
    throw notFound();
  await forget(c, body.id);
  return detail(c, body.id);
});

staffOperation(brandsRoutes, 'post', '/api/staff/brand-live.php', async (c, { body, staff }) => {
  const staffId = requireOwner(staff);
  const db = staffDb(c.env);
  const row = await brandRow(db, body.id);
  if (!row) throw notFound();
  const version = body.version ?? row.latest_version;
  if (!(await setLiveVersion(db, body.id, version, 'brand_live', actor(c, staffId)))) {
    throw new ApiFailure(404, 'brand_version_not_found', 'errors.brand_version_not_found');
  }
  await forget(c, body.id);
  return detail(c, body.id);
});

staffOperation(brandsRoutes, 'post', '/api/staff/brand-rollback.php', async (c, { body, staff }) => {
  const staffId = requireOwner(staff);
  const db = staffDb(c.env);
  if (!(await brandRow(db, body.id))) throw notFound();
  if (!(await setLiveVersion(db, body.id, body.version, 'brand_rollback', actor(c, staffId)))) {
    throw new ApiFailure(404, 'brand_version_not_found', 'errors.brand_version_not_found');
  }
  await forget(c, body.id);
  return detail(c, body.id);
});

staffOperation(brandsRoutes, 'post', '/api/staff/brand-hosts.php', async (c, { body, staff }) => {
  const staffId = requireOwner(staff);
  const db = staffDb(c.env);
  if (!(await brandRow(db, body.id))) throw notFound();
  const bare = body.host.startsWith('www.') ? body.host.slice(4) : body.host;
  // Another brand's host: a tenant file's (or its <id>.localhost), or a runtime brand's.
  const fileBrand = resolveTenant(body.host, TENANTS) ?? resolveTenant(bare, TENANTS);
  const owner = await hostOwner(db, body.host);
  if (fileBrand || (owner !== null && owner !== body.id) || isPreviewHost(c.env, body.host)) {
    throw new ApiFailure(409, 'brand_host_taken', 'errors.brand_host_taken');
  }
  if (owner === body.id) return detail(c, body.id);
  const local = /^([a-z0-9-]+)\.localhost$/.exec(bare);
  if (local && local[1] !== body.id && (await brandRow(db, local[1])))
    throw new ApiFailure(409, 'brand_host_taken', 'errors.brand_host_taken');
  const state = await hostnamesFor(c.env).add(body.host, body.method);
  if (!(await insertHost(db, { brand: body.id, host: body.host, state }, actor(c, staffId)))) {
    throw new ApiFailure(409, 'brand_host_taken', 'errors.brand_host_taken');
  }
  await forget(c, body.id);
  return detail(c, body.id);
});

staffOperation(brandsRoutes, 'delete', '/api/staff/brand-hosts.php', async (c, { body, staff }) => {
  const staffId = requireOwner(staff);
  const db = staffDb(c.env);
  if (!(await brandRow(db, body.id))) throw notFound();
  const row = (await hostRows(db, body.id)).find((h) => h.host === body.host);
  if (row) {
    await hostnamesFor(c.env).remove(row.host, stateOf(hostOf(row), row.provider_id));
    await deleteHost(db, body.id, body.host, actor(c, staffId));
  }
  await forget(c, body.id, [body.host]);
  return detail(c, body.id);
});
