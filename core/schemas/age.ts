import { z } from 'zod';
import { AGE_GATED_FEATURES } from '../markets/rules';
import { AGE_CHECK_OUTCOMES } from '../rules/age-assurance';

/** GET/POST /api/age-check.php: the member's age-assurance standing for the visitor's country, and where to check. */
export const AgeCheckStatusSchema = z
  .object({
    /** What the rule for this visitor's country puts behind a highly effective check (empty: nothing). */
    required_for: z.array(z.enum(AGE_GATED_FEATURES)),
    status: z.enum(['none', 'pending', ...AGE_CHECK_OUTCOMES]),
    /** The method of the latest finished check (age_estimation, doc_scan...), null before one. */
    method: z.string().nullable(),
    checked_at: z.string().nullable(),
    /** Whether a check can be started now (not passed yet, and a provider is set up). */
    can_start: z.boolean(),
    /** After POST: the provider's page to send the member to. */
    url: z.string().nullable(),
  })
  .meta({ id: 'AgeCheckStatus' });
export type AgeCheckStatus = z.infer<typeof AgeCheckStatusSchema>;

/** GET /api/age-check.php?session=: the member is back from the provider's page with the session it named. */
export const AgeCheckQuerySchema = z.object({ session: z.string().min(1).max(100).optional() });

/** POST /api/age-declaration.php: the visitor confirmed the site-entry warning (its text version as shown). */
export const AgeDeclarationSchema = z.strictObject({
  version: z.string().min(1).max(20),
  /** A random id the browser keeps for the visitor (no address is stored). */
  visitor: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

/** The provider's signed notification (Yoti-style: it names the session; the result is fetched server-side). */
export const AgeNotificationSchema = z.object({
  session_id: z.string().min(1).max(100),
  notification_id: z.string().min(1).max(100),
  topic: z.string().max(40),
  sent_at: z.string().max(40),
});

/**
 * Yoti's notification, one per attempt (developers.yoti.com/age-verification/notifications): the signature is in the
 * body (RSA-PSS over the rest but sequence_number; worker/age/yoti/signature.ts checks it). Other fields Yoti sends
 * (method, age, state, evidence_id...) pass through; only the result fetched from Yoti is recorded.
 */
export const YotiAgeNotificationSchema = z.looseObject({
  session_key: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
  timestamp: z.number(),
  sequence_number: z.number().int().min(1),
  signature: z.string().min(1).max(2048),
});

/** POST /api/age-check-callback.php: the sandbox's notification or Yoti's. */
export const AgeCallbackBodySchema = z.union([AgeNotificationSchema, YotiAgeNotificationSchema]);
