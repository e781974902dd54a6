/** The part of a tenant that host resolution needs. */
export interface TenantHosts {
  id: string;
  hosts: readonly string[];
}

/**
 * Resolves the brand for a request host: an exact production host, its `www.` variant, or `<id>.localhost`
 * (any port) for local use. Returns null for an unknown or malformed host; never throws.
 */
export function resolveTenant<T extends TenantHosts>(rawHost: string | null | undefined, tenants: readonly T[]): T | null {
  const host = normalizeHost(rawHost);
  if (!host) return null;
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  for (const tenant of tenants) {
    if (tenant.hosts.includes(host) || tenant.hosts.includes(bare)) return tenant;
  }
  const local = /^([a-z0-9-]+)\.localhost$/.exec(bare);
  if (local) return tenants.find((t) => t.id === local[1]) ?? null;
  return null;
}

/** Lower-cases, strips the port and a trailing dot; null when the value cannot be a host name. */
export function normalizeHost(rawHost: string | null | undefined): string | null {
  if (!rawHost || rawHost.length > 253) return null;
  const host = rawHost
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(host) ? host : null;
}
