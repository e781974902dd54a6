import { z } from 'zod';
import { PAYMENT_METHODS } from './payments';

/**
 * Back office: codes (issue 15 item 3, docs/api/staff.md "Back office: codes"). Discount codes a brand's admin makes
 * for the members' shop (the same `discount_codes` rows and rules as GET /api/discountcode.php and the order), and
 * invitation codes for brands whose signups are not open to everyone.
 */

export const DISCOUNT_VALIDITIES = ['once', 'once_per_user', 'unlimited'] as const;
export type DiscountValidity = (typeof DISCOUNT_VALIDITIES)[number];

/** The brand the call is about; without it, the brand of the host the workspace runs on. */
const brand = z.string().min(1).max(40).optional();
/** Stored upper case, as the shop looks codes up (worker/payments/discounts.ts findCode). */
const codeText = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, 'validation.discount_code')
  .transform((s) => s.toUpperCase());

/**
 * A discount code's fields as the admin sets them. `expires` must lie after `now` (the server's clock decides; the
 * workspace checks with the browser's clock first). Amounts are integer cents.
 */
export function discountCodeFields(now: number) {
  return {
    value_percentage: z.number('validation.percentage').gt(0, 'validation.percentage').lt(100, 'validation.percentage'),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'validation.country')
      .nullish()
      .transform((v) => v ?? null),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'validation.invalid')
      .nullish()
      .transform((v) => v ?? null),
    minimum_order_value: z
      .number()
      .int('validation.invalid')
      .min(0, 'validation.invalid')
      .max(100_000_000)
      .nullish()
      .transform((v) => v ?? 0),
    paymentmethods: z
      .array(z.enum(PAYMENT_METHODS))
      .min(1)
      .max(PAYMENT_METHODS.length)
      .nullish()
      .transform((v) => (v ? [...new Set(v)] : null)),
    validity: z.enum(DISCOUNT_VALIDITIES, 'validation.invalid'),
    expires: z.iso
      .datetime({ offset: true, message: 'validation.date_invalid' })
      .nullish()
      .refine((v) => !v || Date.parse(v) > now, 'validation.date_past')
      .transform((v) => (v ? new Date(v).toISOString() : null)),
  };
}

/** POST codes.php: a new code; PUT codes.php: the same fields for an existing code (the code itself stays). */
export const discountCodeSchema = (now: number) => z.object({ brand, code: codeText, ...discountCodeFields(now) });
/** A code's fields once the route has settled the brand. */
export type DiscountCodeInput = z.infer<ReturnType<typeof discountCodeSchema>> & { brand: string };

/** DELETE codes.php: expire the code now (the row stays, with its uses and revenue). */
export const DiscountCodeRefSchema = z.object({ brand, code: codeText });

export const BrandOnlyQuerySchema = z.object({ brand });

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

/** POST invite-codes.php: a batch of new invitation codes, each good for `uses` signups until `expires`. */
export const inviteBatchSchema = (now: number) =>
  z.object({
    brand,
    count: z.number().int('validation.invalid').min(1, 'validation.invalid').max(200, 'validation.invalid'),
    uses: z.number().int('validation.invalid').min(1, 'validation.invalid').max(1000, 'validation.invalid').default(1),
    expires: z.iso
      .datetime({ offset: true, message: 'validation.date_invalid' })
      .nullish()
      .refine((v) => !v || Date.parse(v) > now, 'validation.date_past')
      .transform((v) => (v ? new Date(v).toISOString() : null)),
  });

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
