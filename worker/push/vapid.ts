import type { MiddlewareHandler } from 'hono';
import type { VapidKeys } from '@block65/webcrypto-web-push';
import type { Tenant } from '../../core/schemas/tenant';
import { isLocal, type AppEnv } from '../context';
import { brandSecret } from '../env-access';

/**
 * VAPID keys per brand (RFC 8292). The public key is the brand's settings.push_public_key (tenants/<id>.ts); the
 * private key is the secret VAPID_PRIVATE_KEY_<ID> (`npm run vapid -- <id>` makes a pair and says where each
 * goes). Locally, .dev.vars may carry VAPID_PUBLIC_KEY_<ID> too: it then replaces the tenant file's key, because a
 * laptop never has production's private key.
 */
export const vapidEnvName = (kind: 'PUBLIC' | 'PRIVATE', tenantId: string) =>
  `VAPID_${kind}_KEY_${tenantId.toUpperCase().replace(/-/g, '_')}`;

export function publicKeyFor(env: Env, tenant: Tenant): string {
  return (isLocal(env) ? brandSecret(env, vapidEnvName('PUBLIC', tenant.id)) : undefined) ?? tenant.settings.push_public_key;
}

/** The brand's VAPID keys, or null when it has none configured (then no push is sent, and it is logged). */
export function vapidFor(env: Env, tenant: Tenant): VapidKeys | null {
  const publicKey = publicKeyFor(env, tenant);
  const privateKey = brandSecret(env, vapidEnvName('PRIVATE', tenant.id));
  if (!publicKey || !privateKey) return null;
  return { subject: `mailto:${tenant.settings.support_email}`, publicKey, privateKey };
}

// The brand with its local key, made once per brand: a copy per request would defeat what is cached per brand
// object (settingsFor).
const withLocalKey = new WeakMap<Tenant, Tenant>();

/** Local mode only: serve the local public key as settings.push_public_key, so the browser subscribes with it. */
export function localVapidKeys(): MiddlewareHandler<AppEnv> {
  return async function localVapidKeysMiddleware(c, next) {
    const tenant = c.get('tenant');
    const key = publicKeyFor(c.env, tenant);
    if (key !== tenant.settings.push_public_key) {
      let local = withLocalKey.get(tenant);
      if (local?.settings.push_public_key !== key)
        withLocalKey.set(tenant, (local = { ...tenant, settings: { ...tenant.settings, push_public_key: key } }));
      c.set('tenant', local);
    }
    return next();
  };
}
