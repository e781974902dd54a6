import type { Tenant } from '../../core/schemas/tenant';
import { TENANTS } from '../tenants';

/**
 * A brand as the workspace names it: its site name, and its id after it where another brand of the deployment has the
 * same name (the proxy demo and the backend behind it are both "Proxy Demo"), so the queue's counts, the filters and
 * the figures never show two brands alike.
 */
export function staffBrandName(tenant: Tenant): string {
  const { name } = tenant.settings;
  return TENANTS.some((t) => t.id !== tenant.id && t.settings.name === name) ? `${name} (${tenant.id})` : name;
}
