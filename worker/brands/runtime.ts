import { normalizeHost } from '../../core/rules/tenant-lookup';
import type { Tenant } from '../../core/schemas/tenant';
import { logEvent } from '../log';
import { rememberRuntimeTenant, TENANTS } from '../tenants';
import { parseStoredBrand } from './brand-settings';

/**
 * Host -> runtime brand (issue 48 item 3, docs/decisions/019-brands-in-d1.md). Asked only after the tenant files
 * (they seed and override). Three layers, so an edit is live everywhere within BRAND_WINDOW_S:
 * this isolate's map (ISOLATE_TTL_S), the data centre's Cache API (EDGE_TTL_S), then D1 (the primary database, DB).
 * An edit clears this isolate's map and the Cache API entries of the brand's hosts in the editing data centre at once;
 * elsewhere the two TTLs add up to at most the window. Unknown hosts are cached too (a bot's host walk costs one
 * D1 read per host per window, not one per request).
 */
export const ISOLATE_TTL_S = 15;
export const EDGE_TTL_S = 40;
export const BRAND_WINDOW_S = ISOLATE_TTL_S + EDGE_TTL_S;

/** A runtime brand's row as D1 gives it: enough to build the tenant without another read. */
export interface StoredBrand {
  id: string;
  database: string;
  version: number;
  settings: string;
  hosts: string;
}

export interface RuntimeHit {
  tenant: Tenant;
  version: number;
  preview: boolean;
}

interface Cached {
  hit: RuntimeHit | null;
  at: number;
}

const isolate = new Map<string, Cached>();
const CACHE_ORIGIN = 'https://runtime-brands.invalid/host/';

const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

/** Which brand and version a host asks for, before D1 says whether it exists. */
export function hostQuery(host: string, previewDomain: string | undefined): { kind: 'preview' | 'local' | 'host'; id?: string } {
  const preview = /^([a-z0-9-]+)-preview\.localhost$/.exec(host);
  if (preview) return { kind: 'preview', id: preview[1] };
  if (previewDomain && host.endsWith(`-preview.${previewDomain}`)) {
    const id = host.slice(0, -`-preview.${previewDomain}`.length);
    if (/^[a-z0-9-]+$/.test(id)) return { kind: 'preview', id };
  }
  const local = /^([a-z0-9-]+)\.localhost$/.exec(host.startsWith('www.') ? host.slice(4) : host);
  if (local) return { kind: 'local', id: local[1] };
  return { kind: 'host' };
}

// The version a host serves: the newest on the preview host, else the live one (a brand never live has none).
const BRAND_SQL = `
  SELECT b.id, b.database, v.version, v.settings,
         (SELECT json_group_array(h.host) FROM brand_hosts h WHERE h.brand_id = b.id AND h.kind = 'live' AND h.status = 'active') AS hosts
    FROM brands b
    JOIN brand_versions v ON v.brand_id = b.id AND v.version = CASE WHEN ?2 THEN b.latest_version ELSE b.live_version END
   WHERE b.id = ?1`;

async function readBrand(
  db: D1Database,
  host: string,
  previewDomain: string | undefined,
): Promise<{ row: StoredBrand; preview: boolean } | null> {
  const asked = hostQuery(host, previewDomain);
  let id = asked.id;
  if (asked.kind !== 'preview') {
    // An added host first (it may look like `<name>.localhost` locally), else `<id>.localhost`.
    const bare = host.startsWith('www.') ? host.slice(4) : host;
    const found = await db
      .prepare("SELECT brand_id FROM brand_hosts WHERE host IN (?, ?) AND kind = 'live' AND status = 'active' LIMIT 1")
      .bind(host, bare)
      .first<{ brand_id: string }>();
    id = found?.brand_id ?? id;
  }
  if (!id) return null;
  const preview = asked.kind === 'preview';
  const row = await db
    .prepare(BRAND_SQL)
    .bind(id, preview ? 1 : 0)
    .first<StoredBrand>();
  return row ? { row, preview } : null;
}

function toHit(host: string, stored: { row: StoredBrand; preview: boolean } | null): RuntimeHit | null {
  if (!stored) return null;
  const tenant = parseStoredBrand(stored.row);
  if (!tenant) {
    // Stored valid, refused now: a later deploy's schema is stricter. The brand stops serving until it is edited.
    logEvent('error', 'runtime brand no longer valid', { brand: stored.row.id, version: stored.row.version, host });
    return null;
  }
  if (!stored.preview) rememberRuntimeTenant(tenant);
  return { tenant, version: stored.row.version, preview: stored.preview };
}

/**
 * The runtime brand of a host, or null. `nowMs` is the request's clock (tests move it to cross the window).
 * `db` is the deployment's primary database (the brands tables live there).
 */
export async function runtimeBrandForHost(
  db: D1Database,
  rawHost: string,
  nowMs: number,
  previewDomain?: string,
): Promise<RuntimeHit | null> {
  const host = normalizeHost(rawHost);
  if (!host) return null;
  const mine = isolate.get(host);
  if (mine && nowMs - mine.at < ISOLATE_TTL_S * 1000) return mine.hit;
  const key = new Request(CACHE_ORIGIN + encodeURIComponent(host));
  const edge = await edgeCache()
    .match(key)
    .catch(() => undefined);
  if (edge) {
    const body = (await edge.json()) as { stored: { row: StoredBrand; preview: boolean } | null; at: number };
    if (nowMs - body.at < EDGE_TTL_S * 1000 && nowMs >= body.at) {
      const hit = toHit(host, body.stored);
      isolate.set(host, { hit, at: nowMs });
      return hit;
    }
  }
  const stored = await readBrand(db, host, previewDomain);
  const hit = toHit(host, stored);
  isolate.set(host, { hit, at: nowMs });
  const copy = new Response(JSON.stringify({ stored, at: nowMs }), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${EDGE_TTL_S}` },
  });
  await edgeCache()
    .put(key, copy)
    .catch(() => undefined);
  return hit;
}

/**
 * After a change of brand `id`: this isolate forgets every host it knows, and this data centre's Cache API forgets
 * the brand's hosts (its own `<id>.localhost`, the preview hosts and `hosts`), so the editor sees the change at once.
 */
export async function forgetBrand(id: string, hosts: readonly string[], previewDomain?: string): Promise<void> {
  isolate.clear();
  byKey.clear();
  const all = [`${id}.localhost`, `${id}-preview.localhost`, ...(previewDomain ? [`${id}-preview.${previewDomain}`] : []), ...hosts];
  await Promise.all(
    [ID_KEY + encodeURIComponent(id), LIST_KEY].map((k) =>
      edgeCache()
        .delete(new Request(CACHE_ORIGIN + k))
        .catch(() => false),
    ),
  );
  await Promise.all(
    all.map((h) =>
      edgeCache()
        .delete(new Request(CACHE_ORIGIN + encodeURIComponent(h)))
        .catch(() => false),
    ),
  );
}

// By id and the whole list (issue 48): code that knows a brand only by id (a Durable Object, a mail, a push, a queue
// message, a cron, the staff workspace) runs in isolates that may never have served the brand by host. The same
// layers and window as the host lookup: this isolate (ISOLATE_TTL_S), the Cache API (EDGE_TTL_S), then D1.
const ID_KEY = 'id/';
const LIST_KEY = 'live-list';
const byKey = new Map<string, { rows: StoredBrand[]; at: number }>();

const LIVE_SQL = `
  SELECT b.id, b.database, v.version, v.settings,
         (SELECT json_group_array(h.host) FROM brand_hosts h WHERE h.brand_id = b.id AND h.kind = 'live' AND h.status = 'active') AS hosts
    FROM brands b JOIN brand_versions v ON v.brand_id = b.id AND v.version = b.live_version`;

async function windowedRows(key: string, nowMs: number, read: () => Promise<StoredBrand[]>): Promise<StoredBrand[]> {
  const mine = byKey.get(key);
  if (mine && nowMs - mine.at < ISOLATE_TTL_S * 1000 && nowMs >= mine.at) return mine.rows;
  const request = new Request(CACHE_ORIGIN + key);
  const edge = await edgeCache()
    .match(request)
    .catch(() => undefined);
  if (edge) {
    const body = (await edge.json()) as { rows: StoredBrand[]; at: number };
    if (nowMs - body.at < EDGE_TTL_S * 1000 && nowMs >= body.at) {
      byKey.set(key, { rows: body.rows, at: nowMs });
      return body.rows;
    }
  }
  const rows = await read();
  byKey.set(key, { rows, at: nowMs });
  const copy = new Response(JSON.stringify({ rows, at: nowMs }), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${EDGE_TTL_S}` },
  });
  await edgeCache()
    .put(request, copy)
    .catch(() => undefined);
  return rows;
}

/** The live version of each row as a tenant (remembered for tenantById); a version today's schema refuses is logged. */
function liveTenants(rows: readonly StoredBrand[]): Tenant[] {
  const out: Tenant[] = [];
  for (const row of rows) {
    const tenant = parseStoredBrand(row);
    if (!tenant) {
      logEvent('error', 'runtime brand no longer valid', { brand: row.id, version: row.version });
      continue;
    }
    rememberRuntimeTenant(tenant);
    out.push(tenant);
  }
  return out;
}

/**
 * A brand by id in any isolate: a tenant file's, else the live version of a runtime brand (null for an unknown id, a
 * draft, or a version today's schema refuses). `db` is the deployment's primary database (binding DB).
 */
export async function findTenant(db: D1Database, id: string, nowMs: number = Date.now()): Promise<Tenant | null> {
  const file = TENANTS.find((t) => t.id === id);
  if (file) return file;
  const rows = await windowedRows(ID_KEY + encodeURIComponent(id), nowMs, async () => {
    const row = await db.prepare(`${LIVE_SQL} WHERE b.id = ?`).bind(id).first<StoredBrand>();
    return row ? [row] : [];
  });
  return liveTenants(rows)[0] ?? null;
}

/**
 * Every live runtime brand (the staff workspace's lists, the crons), loaded into this isolate so the synchronous
 * `knownTenants()` / `tenantById()` of worker/tenants.ts see them. The files' brands are not included.
 */
export async function loadRuntimeBrands(db: D1Database, nowMs: number = Date.now()): Promise<readonly Tenant[]> {
  const rows = await windowedRows(LIST_KEY, nowMs, async () => (await db.prepare(`${LIVE_SQL} ORDER BY b.id`).all<StoredBrand>()).results);
  return liveTenants(rows.filter((r) => !TENANTS.some((t) => t.id === r.id)));
}
