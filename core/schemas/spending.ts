import { z } from 'zod';
import { EmailSchema } from './account';
import { CANCELLABLE_CONTRACTS, CANCELLATION_KINDS } from '../markets/cancellation';
import { PAUSE_CHOICES } from '../rules/spending-limits';
import { SPENDING_WARNING_REASONS } from '../rules/spending-warning';

/** A limit in cents of the member's currency: at least 1, at most 100 000 units. */
const limitCents = z.number().int().min(100, 'validation.spending_limit_range').max(10_000_000, 'validation.spending_limit_range');

/**
 * PUT /api/spending-limits.php: the limits the member wants (cents; null: none). A kind left out stays as it is.
 * Strict: the member is the session's, and a body naming anyone (member_id...) is refused.
 */
export const SpendingLimitsBodySchema = z.strictObject({
  day: limitCents.nullable().optional(),
  week: limitCents.nullable().optional(),
  month: limitCents.nullable().optional(),
});

/** PUT /api/spending-pause.php: pause purchases for 24 hours, 7 or 30 days, or lift the pause (null). */
export const SpendingPauseBodySchema = z.strictObject({
  pause: z.enum(Object.keys(PAUSE_CHOICES) as [keyof typeof PAUSE_CHOICES, ...(keyof typeof PAUSE_CHOICES)[]]).nullable(),
});

const LimitSchema = z.object({
  /** What applies now (cents), null: no limit. */
  amount: z.number().int().nullable(),
  /** A raise or removal that applies from `from` on. */
  pending: z.object({ amount: z.number().int().nullable(), from: z.string() }).nullable(),
});

/** The member's limits and pause as they stand, with what waits to apply. */
export const SpendingSettingsSchema = z.object({
  currency: z.string(),
  day: LimitSchema,
  week: LimitSchema,
  month: LimitSchema,
  pause: z.object({
    /** The end of the pause now in force, null: none. */
    until: z.string().nullable(),
    /** A lift (until null) or shorter pause that applies from `from` on. */
    pending: z.object({ until: z.string().nullable(), from: z.string() }).nullable(),
  }),
});
export type SpendingSettings = z.infer<typeof SpendingSettingsSchema>;

/** GET /api/spending-check.php: whether the checkout shows the pause screen first, and what it shows. */
export const SpendingCheckSchema = z.object({
  pause_screen: z.boolean(),
  reasons: z.array(z.enum(SPENDING_WARNING_REASONS)),
  /** The currency of the amounts: the member's shop's (orders in another count at its equivalent). */
  currency: z.string(),
  spent_24h: z.object({ amount: z.number().int(), purchases: z.number().int() }),
  spent_30d: z.object({ amount: z.number().int(), purchases: z.number().int() }),
});
export type SpendingCheck = z.infer<typeof SpendingCheckSchema>;

/** POST /api/cancel-contract.php, the second step's "Jetzt kündigen": who (as the member names themselves) and what. */
export const CancelContractSchema = z.strictObject({
  name: z.string().trim().min(2, 'validation.complaint_name').max(100, 'validation.too_long'),
  contract: z.enum(CANCELLABLE_CONTRACTS),
  kind: z.enum(CANCELLATION_KINDS),
  /** A visitor's address (§ 312k needs no login); a logged-in member's own address is used and this is ignored. */
  email: z.optional(EmailSchema),
});

/** The confirmation the member can store: reference, what, when received, and where the mail went. */
export const CancelContractAnswerSchema = z.object({
  reference: z.string(),
  contract: z.enum(CANCELLABLE_CONTRACTS),
  kind: z.enum(CANCELLATION_KINDS),
  name: z.string(),
  email: z.string(),
  received_at: z.string(),
});
export type CancelContractAnswer = z.infer<typeof CancelContractAnswerSchema>;
