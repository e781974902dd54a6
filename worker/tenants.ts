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
