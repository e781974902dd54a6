import type { Tenant } from '../../core/schemas/tenant';
import { knownTenants } from '../tenants';

/**
 * A brand as the workspace names it: its site name, and its id after it only where another brand the staff member
 * works on (`among`) has the same name (an owner sees both the proxy demo and the backend behind it, both "Proxy
 * Demo"), so the queue's counts, the filters and the figures never show two brands alike, and an operator who works
 * on only one of them reads just its name (issue 46, item 7).
 */
export function staffBrandName(tenant: Tenant, among: readonly string[]): string {
  const { name } = tenant.settings;
  return knownTenants().some((t) => t.id !== tenant.id && among.includes(t.id) && t.settings.name === name)
    ? `${name} (${tenant.id})`
    : name;
}

/**
 * The brand of this deployment that a brand in proxy mode has as its backend (its `upstream_api` host is that brand's
 * host: locally proxydemo's backend is proxydemo-origin), null for a backend outside the deployment, undefined for a
 * brand that is not proxied. The workspace answers conversations where they are stored: in the backend's brand.
 */
export function proxyBackendOf(tenant: Tenant): string | null | undefined {
  if (!tenant.upstream_api) return undefined;
  const host = new URL(tenant.upstream_api).hostname.toLowerCase();
  return knownTenants().find((t) => t.id !== tenant.id && t.hosts.some((h) => h.toLowerCase() === host))?.id ?? null;
}
