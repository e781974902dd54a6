import { z } from 'zod';
import { isPushServiceEndpoint } from '../push-services';

/**
 * Web push (SPEC.md §3 push state, §7 POST /api/user.php?push=1). The subscription is what the browser's
 * PushSubscription.toJSON() gives; the keys are checked for the sizes RFC 8291 needs, so a bad subscription is
 * refused when it is stored, not when the first push fails.
 */
const base64url = (bytes: number, message: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((s) => decodedLength(s) === bytes, message);

/** Bytes that a base64url string (padding optional) decodes to. */
export function decodedLength(s: string): number {
  const body = s.replace(/=+$/, '');
  return Math.floor((body.length * 3) / 4);
}

/**
 * The endpoint must be https on a known push service's host (core/push-services.ts): never an IP address,
 * localhost or a private name. `extraHosts` is for the test push sink only (the worker passes it in test mode).
 */
export function pushSubscriptionSchema(extraHosts: readonly string[] = []) {
  return z.object({
    endpoint: z
      .url({ protocol: /^https$/, message: 'validation.push_subscription' })
      .max(1024, 'validation.push_subscription')
      .refine((endpoint) => isPushServiceEndpoint(endpoint, extraHosts), 'validation.push_service'),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65, 'validation.push_subscription'),
      /** The 16-byte authentication secret. */
      auth: base64url(16, 'validation.push_subscription'),
    }),
  });
}

export const PushSubscriptionSchema = pushSubscriptionSchema();
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export const pushSubscribeSchema = (extraHosts: readonly string[] = []) => z.object({ subscription: pushSubscriptionSchema(extraHosts) });
export const PushSubscribeSchema = pushSubscribeSchema();

/** What a push message carries (SPEC.md §3): the service worker shows it and a click opens openUrl. */
export const PushPayloadSchema = z.object({
  type: z.enum(['message', 'like', 'match', 'news']),
  title: z.string(),
  body: z.string(),
  /** An API URL whose answer tells whether the event is still news (the chat list, the likes). */
  checkUrl: z.string(),
  openUrl: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

export { DISMISS_DAYS, DISMISS_KEYS, type PushState } from '../chat-constants';
