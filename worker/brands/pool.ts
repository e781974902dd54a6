import type { Tenant } from '../../core/schemas/tenant';
import { rawEnv } from '../db/request-db';

/**
 * The deployment's pool of D1 databases (issue 48 item 4): every D1 binding named DB or DB_<NAME> in wrangler.toml.
 * Bindings are fixed at deploy time, so a brand made at run time takes one of these; `npm run deploy` grows the pool
 * by adding a [[d1_databases]] block (docs/decisions/019-brands-in-d1.md says how a brand later moves to its own).
 */
const BINDING = /^DB(_[A-Z0-9]+)*$/;

export interface PoolEntry {
  binding: string;
  db: D1Database;
}

export function databasePool(env: Env): PoolEntry[] {
  return Object.entries(rawEnv(env) as unknown as Record<string, unknown>)
    .filter(([name, value]) => BINDING.test(name) && typeof (value as D1Database | null)?.prepare === 'function')
    .map(([binding, db]) => ({ binding, db: db as D1Database }))
    .sort((a, b) => a.binding.localeCompare(b.binding));
}

/** The database's size in bytes as D1 reports it after a query (null where the runtime does not say). */
export async function databaseSize(db: D1Database): Promise<number | null> {
  const result = await db.prepare('SELECT 1').run();
  const size = (result.meta as { size_after?: number }).size_after;
  return typeof size === 'number' ? size : null;
}

export interface PoolUse {
  binding: string;
  brands: number;
  size_bytes: number | null;
}

/** Each database of the pool with how many brands (files and runtime) it holds and its size. */
export async function poolUse(env: Env, files: readonly Tenant[], runtime: Map<string, number>): Promise<PoolUse[]> {
  return Promise.all(
    databasePool(env).map(async ({ binding, db }) => ({
      binding,
      brands: files.filter((t) => t.database === binding).length + (runtime.get(binding) ?? 0),
      size_bytes: await databaseSize(db).catch(() => null),
    })),
  );
}

/** The database for a new brand when the owner names none: the smallest by size, then by brands, then by name. */
export function smallestDatabase(use: readonly PoolUse[]): string {
  const sorted = [...use].sort(
    (a, b) => (a.size_bytes ?? 0) - (b.size_bytes ?? 0) || a.brands - b.brands || a.binding.localeCompare(b.binding),
  );
  return sorted[0]?.binding ?? 'DB';
}
