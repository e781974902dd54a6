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
