import type { Tenant } from '../core/schemas/tenant';
import { isLocal, type AppContext } from './context';

// Where a brand's site is, for links to it: in mails, and from the staff workspace, which works on every brand from one host.

/**
 * The origin of a brand's site as seen from this request: the request's own for its brand; for another brand (the
 * staff workspace works on every brand from one host) its first production host, locally <id>.localhost on the
 * same port.
 */
export function siteOrigin(c: AppContext, tenant: Tenant): string {
  const url = new URL(c.req.url);
  if (tenant.id === c.get('tenant').id) return url.origin;
  return url.hostname.endsWith('.localhost')
    ? `${url.protocol}//${tenant.id}.localhost${url.port ? `:${url.port}` : ''}`
    : `https://${tenant.hosts[0]}`;
}

/**
 * The origin of a brand's links in a mail sent without a request (the notification mails of the hub's alarm): its
 * first production host; locally, where that host is not this machine, <brand>.localhost on the port the brands are
 * served on (LOCAL_PORT, set by scripts/lib/serve-built.mjs), so the dev mailbox's links open the local site.
 */
export function brandOrigin(env: Env, tenant: Tenant): string {
  if (isLocal(env) && /^\d+$/.test(env.LOCAL_PORT ?? '')) return `http://${tenant.id}.localhost:${env.LOCAL_PORT}`;
  return `https://${tenant.hosts[0]}`;
}
