import { buildPushPayload } from '@block65/webcrypto-web-push';
import type { PushPayload } from '../../core/schemas/push';
import type { Tenant } from '../../core/schemas/tenant';
import { isLocal } from '../context';
import { dropSubscription, subscriptionsOf, type StoredSubscription } from './subscriptions';
import { vapidFor } from './vapid';

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
    console.warn(JSON.stringify({ level: 'warn', message: 'no VAPID keys: push not sent', tenant: tenant.id }));
    return 0;
  }
  const results = await Promise.all(subs.map((sub) => sendOne(env, sub, payload, vapid)));
  return results.filter(Boolean).length;
}

async function sendOne(env: Env, sub: StoredSubscription, payload: PushPayload, vapid: NonNullable<ReturnType<typeof vapidFor>>): Promise<boolean> {
  const init = await buildPushPayload(
    { data: payload, options: { ttl: 24 * 3600, urgency: 'high', ...(payload.tag ? { topic: payload.tag } : {}) } },
    { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    vapid,
  );
  const res = await fetch(deliveryUrl(env, sub.endpoint), init as RequestInit);
  if (res.status === 404 || res.status === 410) await dropSubscription(env.DB, sub.id);
  await res.body?.cancel();
  return res.ok;
}

/**
 * Where the request really goes. Locally (npm start, tests) an endpoint on this machine is a local push sink that
 * speaks plain http: the payload is still built for its https endpoint (the JWT's audience), only the transport
 * differs. Production sends to the endpoint as it is.
 */
export function deliveryUrl(env: Env, endpoint: string): string {
  const url = new URL(endpoint);
  if (isLocal(env) && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) url.protocol = 'http:';
  return url.href;
}
