import type { z } from 'zod';
import { TenantSchema, type Tenant } from '../../core/schemas/tenant';

/**
 * A runtime brand's settings are a tenant file's object without `id`, `hosts` and `database` (the brand row and its
 * hosts hold those), validated by the same TenantSchema as the files: what passes here would pass as a file.
 */
const OWN_KEYS = ['id', 'hosts', 'database'] as const;

/** The settings as stored: the caller's object without the keys the brand row owns. */
export function storedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out = { ...settings };
  for (const key of OWN_KEYS) delete out[key];
  return out;
}

/** The tenant a version makes; its hosts are the brand's active live hosts, else `<id>.localhost`. */
function tenantInput(id: string, database: string, settings: Record<string, unknown>, hosts: readonly string[]) {
  return { ...storedSettings(settings), id, hosts: hosts.length > 0 ? [...hosts] : [`${id}.localhost`], database };
}

export type SettingsCheck = { ok: true; tenant: Tenant } | { ok: false; fields: Record<string, string> };

/** Validates settings for brand `id`: the tenant, or every refused field's path (dotted) and the schema's reason. */
export function checkBrandSettings(id: string, database: string, settings: Record<string, unknown>): SettingsCheck {
  const parsed = TenantSchema.safeParse(tenantInput(id, database, settings, []));
  if (parsed.success) return { ok: true, tenant: parsed.data };
  return { ok: false, fields: fieldErrors(parsed.error) };
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/**
 * A stored version checked by today's schema, with its hosts: the tenant, or each refused field and the reason. The
 * lookups serve what passes; `npm run deploy` lists what fails before a stricter schema goes out (scripts/lib/deploy).
 */
export function checkStoredBrand(row: { id: string; database: string; settings: string; hosts: string | null }): SettingsCheck {
  let input: Record<string, unknown>;
  try {
    const hosts = row.hosts ? (JSON.parse(row.hosts) as string[]) : [];
    input = tenantInput(row.id, row.database, JSON.parse(row.settings) as Record<string, unknown>, hosts);
  } catch {
    return { ok: false, fields: { _: 'stored settings are not JSON' } };
  }
  const parsed = TenantSchema.safeParse(input);
  return parsed.success ? { ok: true, tenant: parsed.data } : { ok: false, fields: fieldErrors(parsed.error) };
}

/** A stored version as a tenant, or null when today's schema refuses it (the caller logs that). */
export function parseStoredBrand(row: { id: string; database: string; settings: string; hosts: string | null }): Tenant | null {
  const checked = checkStoredBrand(row);
  return checked.ok ? checked.tenant : null;
}
