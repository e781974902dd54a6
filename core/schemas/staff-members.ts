import { z } from 'zod';
import { OrderSchema } from './payments';
import { ImageSchema } from './user';

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
/** POST refund.php: the order's whole amount back to the member within the brand's refund_days. */
export const StaffRefundSchema = z.object({ brand, order_id: z.coerce.number().int().positive(), reason });

const MEMBER_STATUS = z.enum(['not_confirmed', 'confirmed', 'deleted']);

export const MemberSearchItemSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  email: z.string(),
  name: z.string(),
  status: MEMBER_STATUS,
  blocked: z.boolean(),
  premium: z.boolean(),
  credits: z.number().int(),
  signup_date: z.string(),
});
export type MemberSearchItem = z.infer<typeof MemberSearchItemSchema>;
export const MemberSearchResponseSchema = z.object({ items: z.array(MemberSearchItemSchema) });
export type MemberSearchResponse = z.infer<typeof MemberSearchResponseSchema>;

export const StaffMemberOrderSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  credits: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  method: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Paid and inside the brand's refund_days: the refund button is offered. */
  refundable: z.boolean(),
});
export type StaffMemberOrder = z.infer<typeof StaffMemberOrderSchema>;

export const StaffMemberDetailSchema = z.object({
  account: z.object({
    id: z.number().int(),
    brand: z.string(),
    email: z.string(),
    status: MEMBER_STATUS,
    blocked_at: z.string().nullable(),
    blocked_reason: z.string().nullable(),
    signup_date: z.string(),
    /** The traffic source of the landing URL (network, ref, sub1-3), null for a direct signup. */
    source: z.record(z.string(), z.string()).nullable(),
    invite_code: z.string().nullable(),
    language: z.string().nullable(),
    country: z.string(),
    premium: z.boolean(),
    credits: z.number().int(),
    deleted_at: z.string().nullable(),
    directdebit_blocked: z.boolean(),
  }),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    gender: z.string(),
    birthdate: z.string(),
    city: z.string().nullable(),
    about: z.string().nullable(),
    status: z.string(),
    photos: z.array(ImageSchema.extend({ id: z.number().int(), status: z.string(), private: z.boolean() })),
  }),
  ledger: z.array(z.object({ id: z.number().int(), delta: z.number().int(), reason: z.string(), ref: z.string(), created_at: z.string() })),
  orders: z.array(StaffMemberOrderSchema),
  mandates: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      method: z.string(),
      label: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Counts only: staff never read a member's conversations with other members. */
  conversations: z.object({ with_members: z.number().int(), with_fictional: z.number().int(), messages_sent: z.number().int() }),
  complaints: z.array(z.object({ id: z.number().int(), subject: z.string(), status: z.string(), created_at: z.string() })),
  audit: z.array(
    z.object({
      id: z.number().int(),
      staff: z.string().nullable(),
      action: z.string(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      created_at: z.string(),
    }),
  ),
  refund_days: z.number().int(),
});
export type StaffMemberDetail = z.infer<typeof StaffMemberDetailSchema>;

/** POST credits.php: the member's balance after the entry. */
export const CreditAdjustResponseSchema = z.object({ credits: z.number().int() });
/** POST refund.php: the refunded order, the credits taken back (never more than the member has) and the balance. */
export const StaffRefundResponseSchema = z.object({ order: OrderSchema, credits_taken_back: z.number().int(), credits: z.number().int() });
/** POST and DELETE block.php. */
export const MemberBlockedSchema = z.object({ blocked: z.boolean() });
/** POST and DELETE directdebit-block.php. */
export const DirectDebitBlockedSchema = z.object({ directdebit_blocked: z.boolean() });
/** DELETE member-sessions.php: how many of the member's sessions were ended. */
export const MemberSessionsEndedSchema = z.object({ ended: z.number().int() });
/** POST resend-activation.php. */
export const ActivationResentSchema = z.object({ sent: z.literal(true) });
/** DELETE member.php. */
export const MemberDeletedSchema = z.object({ deleted: z.literal(true) });
