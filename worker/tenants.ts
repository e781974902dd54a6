import type { Tenant } from '../core/schemas/tenant';
import { resolveTenant } from '../core/rules/tenant-lookup';
import { parseTenants } from '../core/tenant-files';

// Every file in tenants/ is a brand: adding a file is all it takes. Test builds add tests/fixtures/tenants/
// (a brand in proxy mode); production builds drop that branch.
const modules: Record<string, { default: unknown }> = {
  ...import.meta.glob<{ default: unknown }>('../tenants/*.ts', { eager: true }),
  ...(import.meta.env.MODE === 'test' ? import.meta.glob<{ default: unknown }>('../tests/fixtures/tenants/*.ts', { eager: true }) : {}),
};

export const TENANTS: readonly Tenant[] = parseTenants(modules);

export function tenantForHost(host: string | null | undefined): Tenant | null {
  return resolveTenant(host, TENANTS);
}

// Brands made in the workspace (worker/brands/runtime.ts) that this isolate has served or loaded: synchronous code
// that knows a brand only by its id finds them here after the files; code that may run in an isolate that has not
// seen the brand (Durable Objects, mails, push, queues, crons) asks `findTenant` of worker/brands/runtime.ts (D1).
const runtimeTenants = new Map<string, Tenant>();

/** Called by the runtime lookup with each live version it parses. */
export function rememberRuntimeTenant(tenant: Tenant): void {
  runtimeTenants.set(tenant.id, tenant);
}

/** A brand by id: a tenant file's, else a runtime brand this isolate has served; null when neither. */
export function tenantById(id: string): Tenant | null {
  return TENANTS.find((t) => t.id === id) ?? runtimeTenants.get(id) ?? null;
}

/**
 * Every brand this isolate knows: the files' and the runtime brands it has served or loaded (the staff workspace
 * loads the live ones at each request, worker/auth/staff-session.ts). The one brand list of the workspace.
 */
export function knownTenants(): readonly Tenant[] {
  return runtimeTenants.size === 0
    ? TENANTS
    : [...TENANTS, ...[...runtimeTenants.values()].filter((r) => !TENANTS.some((t) => t.id === r.id))];
}
