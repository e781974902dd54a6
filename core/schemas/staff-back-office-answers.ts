import { z } from 'zod';
import { COMPLAINT_STATES, type ComplaintState } from './staff-moderation';
import { COUNT_METRICS, type CountMetric, TIME_METRICS, type TimeMetric } from './staff-dashboard';
import { DISCOUNT_VALIDITIES } from './staff-codes';
import { OrderSchema } from './payments';
import { REJECT_REASONS } from './photos';
import { ImageSchema } from './user';

/**
 * What the back office's calls answer (core/contract/staff-ops.ts): codes, figures, members and moderation. Apart
 * from the input schemas (staff-codes.ts, staff-dashboard.ts, staff-members.ts, staff-moderation.ts) so that the
 * workspace's download, which validates its forms with those, carries none of these (their types are re-exported
 * there).
 */

// Codes (staff-codes.ts).
/** A code as the back office lists it: its conditions, and what it brought in (paid orders only). */
export const StaffDiscountCodeSchema = z.object({
  code: z.string(),
  value_percentage: z.number(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int(),
  paymentmethods: z.array(z.string()).nullable(),
  validity: z.enum(DISCOUNT_VALIDITIES),
  expires: z.string().nullable(),
  expired: z.boolean(),
  created_at: z.string(),
  /** Paid orders that used the code. */
  uses: z.number().int(),
  /** Open orders holding a reservation of the code now (a once code is taken while one is open). */
  reserved: z.number().int(),
  /** What those paid orders were paid, per currency, in cents. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});
export type StaffDiscountCode = z.infer<typeof StaffDiscountCodeSchema>;
export const StaffDiscountCodesResponseSchema = z.object({ codes: z.array(StaffDiscountCodeSchema) });
export type StaffDiscountCodesResponse = z.infer<typeof StaffDiscountCodesResponseSchema>;
/** POST, PUT and DELETE codes.php: the code as stored now. */
export const StaffDiscountCodeResponseSchema = z.object({ code: StaffDiscountCodeSchema });

export const StaffInviteCodeSchema = z.object({
  code: z.string(),
  uses_left: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string().nullable(),
  /** The members who signed up with it, newest first. */
  used_by: z.array(z.object({ member_id: z.number().int(), name: z.string(), signup_date: z.string() })),
});
export type StaffInviteCode = z.infer<typeof StaffInviteCodeSchema>;
export const StaffInviteCodesResponseSchema = z.object({
  /** The brand's signup rule: codes are asked for unless it is 'all'. */
  signups: z.string(),
  codes: z.array(StaffInviteCodeSchema),
});
export type StaffInviteCodesResponse = z.infer<typeof StaffInviteCodesResponseSchema>;
/** POST invite-codes.php: the new codes. */
export const NewInviteCodesSchema = z.object({ codes: z.array(z.string()) });

// Figures (staff-dashboard.ts).
/**
 * The answer: `days` from `from` to `to` (oldest first); every series has one entry per day, null for a past day
 * the rollup has not been written for yet (and for answer times on a day without answers). `revenue` is per
 * currency, in minor units, paid orders minus refunds by the day of the payment or the refund.
 */
const perDay = z.array(z.number().nullable());
/** One series per metric, every metric present (an object with named keys: the document lists them). */
const everyMetric = z.object(
  Object.fromEntries([...COUNT_METRICS, ...TIME_METRICS].map((metric) => [metric, perDay])) as Record<
    CountMetric | TimeMetric,
    typeof perDay
  >,
);
export const DashboardSchema = z.object({
  /** The brand, or null for the whole deployment (the sum over every brand). */
  brand: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  series: everyMetric,
  revenue: z.record(z.string(), perDay),
  /** Today (UTC), when in the range, is computed from the raw tables at `live_at`. */
  live_at: z.string(),
  /** When the newest rollup row in the range was written; null when none is. */
  rolled_up_at: z.string().nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

// Members (staff-members.ts).
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
    /** Staff stopped the member's purchases (the account itself stays usable). */
    purchases_blocked: z.boolean(),
    /**
     * The member's age check (issue 45 item 2): none, pending, or the latest outcome (a pass stays), its method and
     * time, and how many checks were started. Never an image, a document or an estimated age: none is stored.
     */
    age_check: z.object({
      status: z.enum(['none', 'pending', 'pass', 'fail', 'inconclusive', 'cancelled']),
      method: z.string().nullable(),
      checked_at: z.string().nullable(),
      attempts: z.number().int(),
    }),
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
/** POST and DELETE purchase-block.php. */
export const PurchasesBlockedSchema = z.object({ purchases_blocked: z.boolean() });
/** DELETE member-sessions.php: how many of the member's sessions were ended. */
export const MemberSessionsEndedSchema = z.object({ ended: z.number().int() });
/** POST resend-activation.php. */
export const ActivationResentSchema = z.object({ sent: z.literal(true) });
/** DELETE member.php. */
export const MemberDeletedSchema = z.object({ deleted: z.literal(true) });

// Moderation (staff-moderation.ts).
export const ModerationPhotoSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  /** The member's profile name, as others would see it. */
  name: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type ModerationPhoto = z.infer<typeof ModerationPhotoSchema>;
export const ModerationPhotosResponseSchema = z.object({
  photos: z.array(ModerationPhotoSchema),
  /** Pending photos of the brand in all (the list shows the oldest 60). */
  total: z.number().int(),
});
export type ModerationPhotosResponse = z.infer<typeof ModerationPhotosResponseSchema>;
export const PhotoDecisionResponseSchema = z.object({
  photo_id: z.number().int(),
  status: z.enum(['active', 'rejected']),
  reject_reason: z.enum(REJECT_REASONS).nullable(),
});
export type PhotoDecisionResponse = z.infer<typeof PhotoDecisionResponseSchema>;

export const StaffComplaintSchema = z.object({
  id: z.number().int(),
  /** What the complainant was told: C-<id>. */
  reference: z.string(),
  state: z.enum(COMPLAINT_STATES),
  subject: z.string(),
  concerns: z.string().nullable(),
  text: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string(),
  /** The sender's address is proven (a logged-in member's own, or the mailed link was followed): only then can we reply. */
  confirmed: z.boolean(),
  /** The language a reply is written in: the sender's member account's, else the one the complaint was sent in. */
  language: z.string(),
  created_at: z.string(),
  /** The sender when logged in: a member of the brand. */
  member: z.object({ id: z.number().int(), profile_id: z.number().int().nullable(), name: z.string().nullable() }).nullable(),
  /** The profile the complaint names in `concerns` when that is a profile id of the brand (a link to it). */
  profile: z.object({ id: z.number().int(), name: z.string(), fictional: z.boolean() }).nullable(),
  replies: z.array(z.object({ id: z.number().int(), text: z.string(), staff: z.string(), created_at: z.string() })),
  /** The deadline (received + the market rule's complaint days: 7 by the card schemes' rule); overdue while not closed after it. */
  due_at: z.string(),
  overdue: z.boolean(),
});
export type StaffComplaint = z.infer<typeof StaffComplaintSchema>;
export const StaffComplaintsResponseSchema = z.object({
  complaints: z.array(StaffComplaintSchema),
  /** Complaints per state, for the tabs. */
  counts: z.object({ new: z.number().int(), in_progress: z.number().int(), closed: z.number().int() }) satisfies z.ZodType<
    Record<ComplaintState, number>
  >,
});
export type StaffComplaintsResponse = z.infer<typeof StaffComplaintsResponseSchema>;
/** PUT complaints.php and POST complaint-reply.php: the complaint as it is now. */
export const StaffComplaintResponseSchema = z.object({ complaint: StaffComplaintSchema });
export const ModerationWordsResponseSchema = z.object({ words: z.array(z.object({ word: z.string(), created_at: z.string() })) });
export type ModerationWordsResponse = z.infer<typeof ModerationWordsResponseSchema>;

export const ModerationTextSchema = z.object({
  profile_id: z.number().int(),
  member_id: z.number().int(),
  name: z.string(),
  about: z.string().nullable(),
  /** The brand's words found in the texts. */
  words: z.array(z.string()),
  /** Open complaints that name this profile (their ids). */
  complaints: z.array(z.number().int()),
});
export type ModerationText = z.infer<typeof ModerationTextSchema>;
export const ModerationTextsResponseSchema = z.object({ texts: z.array(ModerationTextSchema) });
export type ModerationTextsResponse = z.infer<typeof ModerationTextsResponseSchema>;
