import type { BrandDetail, BrandHost, BrandSummary } from '../../core/schemas/brands';
import { auditStatement } from '../auth/staff-session';
import type { Tables } from '../db/tables';
import type { HostState } from './hostnames';

/**
 * The brands tables (migrations/0043_brands.sql) in the deployment's primary database. Every change and its audit
 * row are one batch: a change without its audit entry, or half a brand, never happens.
 */

type BrandRow = Tables['brands'];

export interface Actor {
  staffId: number;
  now: Date;
}

const isUnique = (e: unknown) => e instanceof Error && /UNIQUE constraint failed|SQLITE_CONSTRAINT/.test(e.message);

/** Version 1 of a new brand, as a draft. False when the id is taken (the batch wrote nothing). */
export async function insertBrand(
  db: D1Database,
  brand: { id: string; database: string; settings: Record<string, unknown>; note?: string },
  actor: Actor,
): Promise<boolean> {
  const at = actor.now.toISOString();
  try {
    await db.batch([
      db
        .prepare(
          "INSERT INTO brands (id, database, status, live_version, latest_version, created_at, created_by, updated_at) VALUES (?, ?, 'draft', NULL, 1, ?, ?, ?)",
        )
        .bind(brand.id, brand.database, at, actor.staffId, at),
      db
        .prepare('INSERT INTO brand_versions (brand_id, version, settings, note, created_at, created_by) VALUES (?, 1, ?, ?, ?, ?)')
        .bind(brand.id, JSON.stringify(brand.settings), brand.note ?? null, at, actor.staffId),
      auditStatement(db, {
        staffId: actor.staffId,
        brand: brand.id,
        action: 'brand_create',
        targetType: 'brand',
        targetId: brand.id,
        detail: { database: brand.database, version: 1 },
        now: actor.now,
      }),
    ]);
    return true;
  } catch (e) {
    if (isUnique(e)) return false;
    throw e;
  }
}

/** A new version (latest + 1) of an existing brand; false when there is no such brand. */
export async function insertVersion(
  db: D1Database,
  brand: { id: string; settings: Record<string, unknown>; note?: string },
  actor: Actor,
): Promise<boolean> {
  const at = actor.now.toISOString();
  // D1 runs one batch at a time: the version number read by the INSERT is the one the UPDATE moves past.
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO brand_versions (brand_id, version, settings, note, created_at, created_by)
         SELECT id, latest_version + 1, ?, ?, ?, ? FROM brands WHERE id = ?`,
      )
      .bind(JSON.stringify(brand.settings), brand.note ?? null, at, actor.staffId, brand.id),
    auditStatement(db, {
      staffId: actor.staffId,
      brand: brand.id,
      action: 'brand_edit',
      targetType: 'brand',
      targetId: brand.id,
      detail: brand.note ? { note: brand.note } : undefined,
      now: actor.now,
      guard: { sql: 'EXISTS (SELECT 1 FROM brands WHERE id = ?)', params: [brand.id] },
    }),
    db.prepare('UPDATE brands SET latest_version = latest_version + 1, updated_at = ? WHERE id = ?').bind(at, brand.id),
  ]);
  return (inserted.meta.changes ?? 0) > 0;
}

/**
 * Serves `version` on the brand's hosts (going live, or a rollback: the audit says which, with the version it
 * replaced). False when the brand or the version does not exist.
 */
export async function setLiveVersion(
  db: D1Database,
  id: string,
  version: number,
  action: 'brand_live' | 'brand_rollback',
  actor: Actor,
): Promise<boolean> {
  const exists = 'EXISTS (SELECT 1 FROM brand_versions WHERE brand_id = ? AND version = ?)';
  const [audit, updated] = await db.batch([
    // Written first, so it can still name the version that was live before.
    db
      .prepare(
        `INSERT INTO staff_audit (staff_id, brand, action, target_type, target_id, detail, created_at)
         SELECT ?, id, ?, 'brand', id, json_object('version', ?, 'previous', live_version), ? FROM brands WHERE id = ? AND ${exists}`,
      )
      .bind(actor.staffId, action, version, actor.now.toISOString(), id, id, version),
    db
      .prepare(`UPDATE brands SET live_version = ?, status = 'live', updated_at = ? WHERE id = ? AND ${exists}`)
      .bind(version, actor.now.toISOString(), id, id, version),
  ]);
  return (updated.meta.changes ?? 0) > 0 && (audit.meta.changes ?? 0) > 0;
}

/** Adds a host; false when any brand has it already (the primary key). */
export async function insertHost(db: D1Database, host: { brand: string; host: string; state: HostState }, actor: Actor): Promise<boolean> {
  const at = actor.now.toISOString();
  const { state } = host;
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO brand_hosts (host, brand_id, kind, provider, provider_id, status, ssl_status, verification, checked_at, created_at, created_by)
           VALUES (?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          host.host,
          host.brand,
          state.provider,
          state.providerId,
          state.status,
          state.sslStatus,
          state.verification ? JSON.stringify(state.verification) : null,
          at,
          at,
          actor.staffId,
        ),
      auditStatement(db, {
        staffId: actor.staffId,
        brand: host.brand,
        action: 'brand_host_add',
        targetType: 'host',
        targetId: host.host,
        detail: { provider: state.provider, status: state.status },
        now: actor.now,
      }),
    ]);
    return true;
  } catch (e) {
    if (isUnique(e)) return false;
    throw e;
  }
}

export async function deleteHost(db: D1Database, brand: string, host: string, actor: Actor): Promise<void> {
  await db.batch([
    auditStatement(db, {
      staffId: actor.staffId,
      brand,
      action: 'brand_host_remove',
      targetType: 'host',
      targetId: host,
      now: actor.now,
      guard: { sql: 'EXISTS (SELECT 1 FROM brand_hosts WHERE host = ? AND brand_id = ?)', params: [host, brand] },
    }),
    db.prepare('DELETE FROM brand_hosts WHERE host = ? AND brand_id = ?').bind(host, brand),
  ]);
}

export async function updateHostState(db: D1Database, host: string, state: HostState, now: Date): Promise<void> {
  await db
    .prepare('UPDATE brand_hosts SET status = ?, ssl_status = ?, verification = ?, checked_at = ? WHERE host = ?')
    .bind(state.status, state.sslStatus, state.verification ? JSON.stringify(state.verification) : null, now.toISOString(), host)
    .run();
}

/** The brand that has a host, if any. */
export async function hostOwner(db: D1Database, host: string): Promise<string | null> {
  const row = await db.prepare('SELECT brand_id FROM brand_hosts WHERE host = ?').bind(host).first<{ brand_id: string }>();
  return row?.brand_id ?? null;
}

export async function brandRow(db: D1Database, id: string): Promise<BrandRow | null> {
  return db.prepare('SELECT * FROM brands WHERE id = ?').bind(id).first<BrandRow>();
}

type HostRow = Tables['brand_hosts'];

export function hostOf(row: HostRow): BrandHost {
  return {
    host: row.host,
    kind: row.kind as BrandHost['kind'],
    provider: row.provider,
    status: row.status as BrandHost['status'],
    ssl_status: row.ssl_status,
    verification: row.verification ? (JSON.parse(row.verification) as BrandHost['verification']) : null,
    checked_at: row.checked_at,
  };
}

export function stateOf(host: BrandHost, providerId: string | null): HostState {
  return {
    provider: host.provider as HostState['provider'],
    providerId,
    status: host.status,
    sslStatus: host.ssl_status,
    verification: host.verification,
  };
}

export async function hostRows(db: D1Database, brand: string): Promise<HostRow[]> {
  const { results } = await db.prepare('SELECT * FROM brand_hosts WHERE brand_id = ? ORDER BY host').bind(brand).all<HostRow>();
  return results;
}

const nameOf = (settings: string): string => {
  try {
    const parsed = JSON.parse(settings) as { settings?: { name?: unknown } };
    return typeof parsed.settings?.name === 'string' ? parsed.settings.name : '';
  } catch {
    return '';
  }
};

/** Every runtime brand with its newest version's name and its hosts. */
export async function listBrands(db: D1Database): Promise<BrandSummary[]> {
  const { results } = await db
    .prepare(
      `SELECT b.*, v.settings,
              (SELECT json_group_array(h.host) FROM brand_hosts h WHERE h.brand_id = b.id) AS hosts
         FROM brands b JOIN brand_versions v ON v.brand_id = b.id AND v.version = b.latest_version
        ORDER BY b.id`,
    )
    .all<BrandRow & { settings: string; hosts: string }>();
  return results.map((r) => summaryOf(r, r.settings, JSON.parse(r.hosts) as string[]));
}

function summaryOf(row: BrandRow, settings: string, hosts: string[]): BrandSummary {
  return {
    id: row.id,
    name: nameOf(settings),
    status: row.status as BrandSummary['status'],
    database: row.database,
    live_version: row.live_version,
    latest_version: row.latest_version,
    hosts,
    updated_at: row.updated_at,
  };
}

/** A brand with its newest settings, versions (newest first, with who made them) and hosts. */
export async function brandDetail(db: D1Database, id: string, previewHost: string): Promise<BrandDetail | null> {
  const row = await brandRow(db, id);
  if (!row) return null;
  const [versions, hosts] = await Promise.all([
    db
      .prepare(
        `SELECT v.version, v.note, v.created_at, v.settings, s.name AS created_by
           FROM brand_versions v LEFT JOIN staff s ON s.id = v.created_by
          WHERE v.brand_id = ? ORDER BY v.version DESC`,
      )
      .bind(id)
      .all<{ version: number; note: string | null; created_at: string; settings: string; created_by: string | null }>(),
    hostRows(db, id),
  ]);
  const latest = versions.results.find((v) => v.version === row.latest_version);
  const settings = latest ? (JSON.parse(latest.settings) as Record<string, unknown>) : {};
  return {
    ...summaryOf(
      row,
      latest?.settings ?? '{}',
      hosts.map((h) => h.host),
    ),
    settings,
    versions: versions.results.map(({ settings: _s, ...v }) => v),
    host_details: hosts.map(hostOf),
    preview_host: previewHost,
  };
}

/** How many runtime brands each database holds. */
export async function brandsPerDatabase(db: D1Database): Promise<Map<string, number>> {
  const { results } = await db
    .prepare('SELECT database, COUNT(*) AS n FROM brands GROUP BY database')
    .all<{ database: string; n: number }>();
  return new Map(results.map((r) => [r.database, r.n]));
}
