import * as z from 'zod/mini';
import { isValidIban } from '../rules/iban';

// What a member types to order credits (SPEC.md §3): the fields every order shares and the direct-debit form with
// its SMS code. Written with zod/mini like the account forms (docs/decisions/011-worker-weight.md): the credits
// pages check these in the browser without loading classic zod, and the worker parses the same schemas.

/** An ISO 4217 currency code. */
export const CurrencyCodeSchema = z.string().check(z.regex(/^[A-Z]{3}$/));

/** A discount code as typed: trimmed, compared in capitals. */
export const OrderCodeSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.toUpperCase());

const positiveInt = () => z.int().check(z.positive());
const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'validation.field_required'), z.maxLength(max));
const pattern = (re: RegExp, message: string) => z.string().check(z.trim(), z.regex(re, message));

/** The direct-debit form of SPEC.md §3 (the OTP code is the second step). */
export const DirectDebitSchema = z.object({
  package_id: positiveInt(),
  amount: positiveInt(),
  currency: CurrencyCodeSchema,
  code: z.optional(OrderCodeSchema),
  holder: text(70),
  iban: z.string().check(z.trim(), z.maxLength(42), z.refine(isValidIban, 'validation.iban_invalid')),
  street: text(80),
  house_number: text(12),
  zip: pattern(/^[A-Za-z0-9 -]{3,10}$/, 'validation.zip_invalid'),
  city: text(60),
  phone: pattern(/^\+?[0-9 ()-]{8,20}$/, 'validation.phone_invalid'),
  consent: z.literal(true, 'validation.consent_required'),
});
export type DirectDebitForm = z.infer<typeof DirectDebitSchema>;

/**
 * Sending the code (issue 44 item 10): the form and the token of the mandate text the member was shown
 * (POST /api/directdebit-mandate.php), which binds its reference to this member, package, amount and account.
 */
export const DirectDebitRequestSchema = z.extend(DirectDebitSchema, {
  mandate_token: z.string().check(z.minLength(1, 'errors.mandate_invalid'), z.maxLength(2000)),
});

/** The second step: the six digits the SMS brought. */
export const DirectDebitConfirmSchema = z.object({
  request_id: positiveInt(),
  otp: pattern(/^\d{6}$/, 'errors.code_invalid'),
});
