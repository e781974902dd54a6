import { z } from 'zod';

/**
 * Back office, members (issue 15, docs/api/staff.md "Back office: members"): an admin of a brand (an owner on every
 * brand) finds a member and acts on the account. Every action carries a reason, which goes into the audit log.
 */

const memberId = z.coerce.number().int().positive();
/** Ids are unique per brand database only (decision 009): every call names the brand with the id. */
const brand = z.string().min(1, 'validation.field_required').max(40);
/** Why the staff member acts: required, shown in the audit trail. */
const reason = z.string().trim().min(3, 'validation.reason_required').max(500);

/** GET members.php?q=[&brand=]: an e-mail address, a name, a member id or an order id. */
export const MemberSearchSchema = z.object({
  q: z.string().trim().min(1, 'validation.field_required').max(254),
  brand: z.string().max(40).optional(),
});
export const MemberQuerySchema = z.object({ brand, id: memberId });

/** The body of every member action that needs nothing but the member and the reason. */
export const MemberActionSchema = z.object({ brand, member_id: memberId, reason });
/**
 * POST credits.php: a ledger entry of `delta` credits (negative takes back, never below zero). `request_id` (a
 * random id the workspace makes per form) makes a repeated post of the same form count once.
 */
export const CreditAdjustSchema = z.object({
  brand,
  member_id: memberId,
  delta: z
    .number()
    .int('validation.invalid')
    .min(-100_000)
    .max(100_000)
    .refine((d) => d !== 0, 'validation.invalid'),
  reason,
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
/** GET evidence.php?brand=&order_id=: one order's evidence pack (a ZIP) for a chargeback's representment. */
export const EvidenceQuerySchema = z.object({ brand, order_id: z.coerce.number().int().positive() });
/** POST refund.php: the order's whole amount back to the member within the brand's refund_days. */
export const StaffRefundSchema = z.object({ brand, order_id: z.coerce.number().int().positive(), reason });
