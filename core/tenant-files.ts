import { TenantSchema, type Tenant } from './schemas/tenant';

/** Validates every brand file; a broken one stops the build and the tests with the file name and the problem. */
export function parseTenants(files: Record<string, { default: unknown }>): Tenant[] {
  const tenants = Object.entries(files).map(([file, mod]) => {
    const parsed = TenantSchema.safeParse(mod.default);
    if (!parsed.success) throw new Error(`Invalid tenant file ${file}: ${parsed.error.message}`);
    return parsed.data;
  });
  const ids = tenants.map((t) => t.id);
  const hosts = tenants.flatMap((t) => t.hosts);
  if (new Set(ids).size !== ids.length) throw new Error('Two tenant files share an id');
  if (new Set(hosts).size !== hosts.length) throw new Error('Two tenant files share a host');
  return tenants;
}
