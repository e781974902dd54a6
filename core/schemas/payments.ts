import { z } from 'zod';
import { CurrencyCodeSchema, OrderCodeSchema } from './order-form';
import { DESCRIPTOR_PATTERN } from '../rules/billing-descriptor';
import { isValidCreditorId } from '../rules/sepa';
import { isValidIban } from '../rules/iban';
import { adultTermsRefusal } from '../rules/provider-terms';

// The wire contract of the credits shop (docs/api/payments.md) and the brand's payment configuration.
// Amounts are integer cents everywhere.

export const PAYMENT_METHODS = [
  'ideal',
  'bancontact',
  'creditcard',
  'paypal',
  'applepay',
  'banktransfer',
  'directdebit',
  'sofort',
  'eps',
  'giropay',
  'kbc',
  'belfius',
  'przelewy24',
  'twint',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Methods that leave a mandate for repeat orders. */
export const MANDATE_METHODS: readonly PaymentMethod[] = ['creditcard', 'ideal', 'bancontact', 'sofort', 'directdebit', 'paypal'];

/** The banks of iDEAL, with Mollie's issuer ids. */
export const IDEAL_ISSUERS = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
  { id: 'ideal_BUNQNL2A', name: 'bunq' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_KNABNL2H', name: 'Knab' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_RBRBNL21', name: 'RegioBank' },
  { id: 'ideal_REVOLT21', name: 'Revolut' },
  { id: 'ideal_SNSBNL2A', name: 'SNS' },
  { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
  { id: 'ideal_FVLBNL22', name: 'Van Lanschot' },
] as const;

export const PREMIUM_PERCENT = 46;

const country = z.string().regex(/^[A-Z]{2}$/);

/** A credit bundle of the brand (SPEC.md §2: styles p0-p3 and a popular label). */
export const PackageSchema = z.strictObject({
  id: z.number().int().positive(),
  credits: z.number().int().positive(),
  price: z.number().int().positive(),
  style: z.enum(['p0', 'p1', 'p2', 'p3']),
  popular: z.boolean().default(false),
});
export type Package = z.infer<typeof PackageSchema>;

/** The payment services an order can go through (worker/payments/provider.ts). */
export const PROVIDER_NAMES = ['sandbox', 'verotel', 'ccbill', 'sepa'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * A provider of the tenant file, as `payments.provider` or on a route. Every brand of this engine is adult dating, so
 * a provider whose published terms exclude it (Mollie, Stripe, PayPal direct: core/rules/provider-terms.ts) is
 * refused with the reason, not merely as an unknown name.
 */
const TenantProviderSchema = z.enum(PROVIDER_NAMES, { error: (issue) => adultTermsRefusal(String(issue.input)) ?? undefined });

const SECRET_NAME = z.string().regex(/^[A-Z][A-Z0-9_]{2,63}$/);

/** The brand's payment set-up in its tenant file. */
export const TenantPaymentsSchema = z
  .strictObject({
    /**
     * Some services refuse adult businesses, so each brand picks an adult acquirer (docs/decisions/013-adult-acquirers.md).
     * Local mode plays the provider: Verotel's and CCBill's own sandboxes for 'verotel' and 'ccbill', the sandbox
     * checkout for 'sandbox' (local mode only; production refuses it).
     */
    provider: TenantProviderSchema,
    /**
     * Verotel FlexPay (worker/payments/verotel/): the website's shop ID, the Verotel brand whose hosts serve the order
     * page ('verotel' or 'cardbilling') and the Worker secret holding the FlexPay signature key (never the key itself).
     */
    verotel: z
      .strictObject({
        shop_id: z.number().int().positive(),
        brand: z.enum(['verotel', 'cardbilling']).default('verotel'),
        signature_key_secret: z.string().regex(/^[A-Z][A-Z0-9_]{2,63}$/),
      })
      .optional(),
    /**
     * CCBill (worker/payments/ccbill/): the merchant account and subaccount, the FlexForm's Flex ID, and the Worker
     * secrets holding the dynamic-pricing salt, DataLink's credentials (the status call) and, optionally, the
     * RESTful API's, each as `id:secret` (never the values themselves). Without `api_secret` there is no one-click repeat purchase.
     */
    ccbill: z
      .strictObject({
        client_accnum: z.number().int().min(900000).max(999999),
        client_subacc: z.number().int().min(0).max(9999),
        flex_id: z.uuid(),
        salt_secret: SECRET_NAME,
        api_secret: SECRET_NAME.optional(),
        datalink_secret: SECRET_NAME,
      })
      .optional(),
    /**
     * SEPA direct debit with the brand as creditor ('sepa', worker/payments/sepa/): the name and Creditor Identifier
     * its bank gave it (check digits checked), the account the debits are paid into and its bank's BIC, and the SEPA
     * business days between the signed mandate and the collection date (the bank's cut-off plus our daily batch).
     */
    sepa: z
      .strictObject({
        creditor_name: z.string().min(2).max(70),
        creditor_id: z.string().refine(isValidCreditorId, 'not a SEPA Creditor Identifier (check digits)'),
        creditor_iban: z.string().refine(isValidIban, 'not an IBAN'),
        bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
        lead_days: z.number().int().min(1).max(10).default(2),
      })
      .optional(),
    /**
     * Routing (issue 44 item 3): per country and method, the providers in order. A soft decline at one cascades to
     * the next (worker/payments/ccbill/cascade.ts). A country or method not listed uses `provider` alone, as before.
     */
    routes: z.record(country, z.partialRecord(z.enum(PAYMENT_METHODS), z.array(TenantProviderSchema).min(1).max(3))).optional(),
    /**
     * How a charge appears on the member's statement, per provider ('verotel', 'ccbill', ...): the checkout, the
     * receipt and the transactions page say it (core/rules/billing-descriptor.ts; without one, the brand's host).
     */
    billing_descriptors: z.record(z.string().regex(/^[a-z]+$/), z.string().regex(DESCRIPTOR_PATTERN)).optional(),
    packages: z.record(CurrencyCodeSchema, z.array(PackageSchema).min(1).max(8)),
    countries: z.record(country, z.strictObject({ currency: CurrencyCodeSchema, methods: z.array(z.enum(PAYMENT_METHODS)).min(1) })),
  })
  .refine((p) => Object.values(p.countries).every((c) => p.packages[c.currency]), 'every country needs packages in its currency')
  .refine((p) => p.provider !== 'verotel' || p.verotel, 'verotel needs verotel.shop_id and verotel.signature_key_secret')
  .refine((p) => p.provider !== 'sepa' || p.sepa, 'sepa needs sepa.creditor_name, creditor_id, creditor_iban and bic')
  .refine(
    (p) => p.provider !== 'ccbill' || p.ccbill,
    'ccbill needs ccbill.client_accnum, client_subacc, flex_id, salt_secret and datalink_secret',
  )
  .superRefine((p, ctx) => {
    // Every provider a route names is set up for the brand.
    for (const [country, methods] of Object.entries(p.routes ?? {}))
      for (const [method, providers] of Object.entries(methods ?? {}))
        for (const provider of providers ?? []) {
          const missing =
            (provider === 'verotel' && !p.verotel) || (provider === 'ccbill' && !p.ccbill) || (provider === 'sepa' && !p.sepa);
          if (missing) ctx.addIssue({ code: 'custom', path: ['routes', country, method], message: `${provider} is routed but not set up` });
        }
  });
export type TenantPayments = z.infer<typeof TenantPaymentsSchema>;

/** GET /api/packages.php: what the visitor's country can buy and how. */
export const PackagesResponseSchema = z.object({
  country: z.string(),
  currency: z.string(),
  packages: z.array(PackageSchema),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  ideal_issuers: z.array(z.object({ id: z.string(), name: z.string() })),
  refund_days: z.number().int(),
  premium_percent: z.number(),
  /** The member's stored mandate for a repeat order, if any. */
  mandate: z.object({ method: z.string(), label: z.string() }).nullable(),
  /** The package of the member's last paid order (repeat order). */
  last_package_id: z.number().int().nullable(),
  /**
   * Not part of the PHP contract (a backend may leave it out): the final order button's words where the market rule
   * of the shop's country prescribes them (§ 312j (3) BGB: "Zahlungspflichtig bestellen"), in the page's language;
   * null: the catalogue's own button text.
   */
  order_button: z.string().nullable().optional(),
  /** How the charge appears on the statement (billing descriptor of the brand's provider); a brand's own backend may leave it out. */
  statement_descriptor: z.string().optional(),
  /**
   * Per method, the descriptor of the provider the shop's country routes it to first (`payments.routes`), where that
   * differs from `statement_descriptor`: the checkout names the one that will charge. A backend may leave it out.
   */
  statement_descriptors: z.record(z.string(), z.string()).optional(),
});
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

/** A discount code of SPEC.md §3, as GET /api/discountcode.php answers it. */
export const DiscountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number(),
  currency: z.string().nullable(),
  minimum_order_value: z.number(),
  status: z.enum(['active', 'used', 'disabled']),
  /** once: one paid use in total; once_per_user: one per member; unlimited: any number (its conditions still apply). */
  validity: z.enum(['once', 'once_per_user', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()).nullable(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

export const DiscountQuerySchema = z.object({
  code: z.string().trim().min(1).max(40).optional(),
  welcome: z.enum(['true', '1']).optional(),
  timebonus: z.enum(['true', '1']).optional(),
});

/** One of the member's orders: GET and DELETE (cancel) /api/order.php, POST /api/order-checkout.php (the same checkout again). */
export const OrderIdSchema = z.object({ id: z.coerce.number().int().positive() });

export const OrderRequestSchema = z.object({
  package_id: z.number().int().positive(),
  /** The price the member saw; a different server price refuses the order instead of charging a surprise. */
  amount: z.number().int().positive(),
  currency: CurrencyCodeSchema,
  method: z.enum(PAYMENT_METHODS),
  issuer: z.string().max(40).optional(),
  code: z.optional(OrderCodeSchema),
  consent: z.literal(true, 'validation.consent_required'),
});
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

export const RepeatOrderSchema = OrderRequestSchema.pick({ package_id: true, amount: true, currency: true, consent: true });

/** charged_back: the cardholder disputed the payment at their bank and the provider took the money back. */
export const ORDER_STATUSES = ['created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * code_used: the order's discount was used by another order; staff: an admin refunded it (back office); provider:
 * the payment service reported a refund made on its side (a Verotel "credit" postback).
 */
export const REFUND_REASONS = ['code_used', 'staff', 'provider'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** An order as GET /api/order.php, /api/orders.php and the order calls answer it. */
export const OrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  package_id: z.number().int(),
  credits: z.number().int(),
  list_price: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().nullable(),
  recurring: z.enum(['oneoff', 'first', 'recurring']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refund_reason: z.enum(REFUND_REASONS).nullable(),
  /** This order's payment made the member premium (their first paid order): the result page says so only then. */
  made_premium: z.boolean(),
  /** How this order's charge appears on the statement (its provider's billing descriptor); a brand's own backend may leave it out. */
  statement_descriptor: z.string().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * POST /api/directdebit-mandate.php (issue 44 item 10): the parts of the SEPA mandate text shown before the SMS code is
 * sent, and the token that the code-sending call requires.
 */
export const MandatePreviewSchema = z.object({
  creditor_name: z.string(),
  creditor_id: z.string(),
  mandate_reference: z.string(),
  holder: z.string(),
  /** Masked ('NL91 •••• 4300'). */
  iban: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** The collection date, YYYY-MM-DD. */
  debit_date: z.string(),
  refund_weeks: z.number().int(),
  token: z.string(),
  expires_at: z.string(),
});
export type MandatePreview = z.infer<typeof MandatePreviewSchema>;
