import { buildPushPayload } from '@block65/webcrypto-web-push';
import type { PushPayload } from '../../core/schemas/push';
import type { Tenant } from '../../core/schemas/tenant';
import { isPushServiceEndpoint } from '../../core/push-services';
import { testPushHosts } from './allowed-hosts';
import { dropSubscription, subscriptionsOf, type StoredSubscription } from './subscriptions';
import { vapidFor } from './vapid';
import { logEvent } from '../log';
import { countQuietly } from '../observe/rollups';

/**
 * Sends one push message to every device of a member, encrypted per RFC 8291 (aes128gcm) and signed with the
 * brand's VAPID key (RFC 8292). A 404 or 410 from the push service means the subscription is gone: it is deleted.
 * Answers how many push services accepted the message.
 */
export async function sendPush(env: Env, tenant: Tenant, memberId: number, payload: PushPayload): Promise<number> {
  const vapid = vapidFor(env, tenant);
  const subs = await subscriptionsOf(env.DB, tenant.id, memberId);
  if (!subs.length) return 0;
  if (!vapid) {
    logEvent('warn', 'no VAPID keys: push not sent', { tenant: tenant.id });
    return 0;
  }
  const results = await Promise.all(subs.map((sub) => sendOne(env, tenant.id, sub, payload, vapid)));
  return results.filter(Boolean).length;
}

async function sendOne(
  env: Env,
  tenantId: string,
  sub: StoredSubscription,
  payload: PushPayload,
  vapid: NonNullable<ReturnType<typeof vapidFor>>,
): Promise<boolean> {
  // Checked again here, not only when stored: a row from before the rule (or written by hand) never makes the
  // Worker send anywhere but a push service. Such a subscription is forgotten.
  if (!isPushServiceEndpoint(sub.endpoint, testPushHosts(env))) {
    logEvent('warn', 'push endpoint not on a known push service: dropped', { subscription: sub.id });
    await dropSubscription(env.DB, sub.id);
    return false;
  }
  const init = await buildPushPayload(
    { data: payload, options: { ttl: 24 * 3600, urgency: 'high', ...(payload.tag ? { topic: payload.tag } : {}) } },
    { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    vapid,
  );
  // No redirects: the checked host is the only one the request may reach.
  const started = performance.now();
  const res = await fetch(deliveryUrl(env, sub.endpoint), { ...(init as RequestInit), redirect: 'manual' });
  // Counted under the route 'push' in the brand's rollups: the operations screen's failing pushes (issue 48 item 7).
  await countQuietly(env.DB, { tenant: tenantId, route: 'push', status: res.status, ms: performance.now() - started, at: new Date() });
  if (res.status === 404 || res.status === 410) await dropSubscription(env.DB, sub.id);
  await res.body?.cancel();
  return res.ok;
}

/**
 * Where the request really goes. In tests the local push sink (TEST_PUSH_HOST) speaks plain http: the payload is
 * still built for its https endpoint (the JWT's audience), only the transport differs. Everywhere else the
 * endpoint is used as it is.
 */
export function deliveryUrl(env: Env, endpoint: string): string {
  const url = new URL(endpoint);
  if (testPushHosts(env).includes(url.host)) url.protocol = 'http:';
  return url.href;
}
