import { z } from 'zod';

/**
 * GET /api/staff/scheme-health.php[?brand=] (issue 44, item 7; docs/api/payments.md "Scheme health"): per brand,
 * provider and calendar month (UTC) the card figures the schemes judge a merchant by (core/rules/scheme-health.ts).
 * No brand: every brand of the deployment (owners only), as the figures dashboard.
 */
export const SCHEME_HEALTH_MONTHS = 6;

export const SchemeHealthQuerySchema = z.object({ brand: z.string().min(1).max(40).optional() });

const level = z.enum(['ok', 'warning', 'alert']);

export const SchemeHealthRowSchema = z.object({
  brand: z.string(),
  provider: z.string(),
  /** YYYY-MM (UTC); the current month is month to date. */
  month: z.string(),
  /** Card payments settled (paid) this month: their number and amount per currency (minor units). */
  settled: z.number().int(),
  settled_amount: z.record(z.string(), z.number().int()),
  /** Chargebacks received this month; null: this provider does not send them. */
  disputes: z.number().int().nullable(),
  /** TC40 fraud reports; null: this provider does not send them (today, none does). */
  fraud_reports: z.number().int().nullable(),
  /** Card payments refunded this month (not charged back). */
  refunds: z.number().int(),
  /** Visa VAMP: (fraud reports + disputes) / settled, as a fraction; null when unknown or nothing settled. */
  vamp_ratio: z.number().nullable(),
  /** true: fraud reports are not sent, so the ratio counts disputes only (a lower bound of Visa's figure). */
  vamp_partial: z.boolean(),
  vamp_level: level,
  /** Mastercard ECP: this month's chargebacks over the previous month's settled card payments. */
  ecp_previous_settled: z.number().int(),
  ecp_ratio: z.number().nullable(),
  ecp_level: level,
  /** When the brand's owners and admins were mailed about this month (at >= 1.2 %), else null. */
  alerted_at: z.string().nullable(),
});
export type SchemeHealthRow = z.infer<typeof SchemeHealthRowSchema>;

export const SchemeHealthSchema = z.object({
  brand: z.string().nullable(),
  /** The months shown, oldest first (SCHEME_HEALTH_MONTHS, ending with the current one). */
  months: z.array(z.string()),
  rows: z.array(SchemeHealthRowSchema),
  computed_at: z.string(),
});
export type SchemeHealth = z.infer<typeof SchemeHealthSchema>;
