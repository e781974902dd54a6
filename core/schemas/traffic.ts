import { z } from 'zod';

/**
 * The back office's affiliate networks (issue 47 item 3; docs/api/traffic.md). A network's `name` is the value of
 * the landing URL's `network` parameter; its templates are checked by core/rules/postback-template.ts on save.
 */
const brand = z.string().min(1).max(40).optional();
const paramName = z.string().regex(/^[A-Za-z0-9_]{1,32}$/, 'validation.invalid');
const template = z.string().max(1000).nullable().default(null);

export const PAYOUT_MODELS = ['cpl', 'cpa', 'revshare'] as const;

const networkFields = {
  name: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'validation.invalid'),
  label: z.string().trim().min(1).max(80),
  click_id_param: paramName.default('clickid'),
  campaign_param: paramName.default('campaign'),
  postback_host: z.string().min(1).max(253),
  lead_url: template,
  sale_url: template,
  rebill_url: template,
  reversal_url: template,
  payout_model: z.enum(PAYOUT_MODELS),
  /** Cents per lead (cpl) or per first sale (cpa). */
  payout_amount: z.number().int().min(0).max(1_000_000).default(0),
  revshare_percent: z.number().int().min(0).max(100).default(0),
  /** The currency CPL and CPA amounts are paid in (revenue share is in each sale's). */
  payout_currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
  hold_days: z.number().int().min(0).max(365).default(30),
  attribution_days: z.number().int().min(1).max(90).default(30),
  /** ISO countries whose clicks count; empty: every country. */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(60)
    .default([]),
  active: z.boolean().default(true),
};

/** POST traffic-networks.php: a new network. */
export const NetworkCreateSchema = z.object({ brand, ...networkFields });
/** PUT traffic-networks.php: every field of an existing network, by id. */
export const NetworkUpdateSchema = z.object({ brand, id: z.number().int().positive(), ...networkFields });
export type NetworkInput = z.infer<typeof NetworkCreateSchema>;

export const NetworkSchema = z.object({
  id: z.number().int(),
  ...networkFields,
  lead_url: z.string().nullable(),
  sale_url: z.string().nullable(),
  rebill_url: z.string().nullable(),
  reversal_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Network = z.infer<typeof NetworkSchema>;

export const NetworksResponseSchema = z.object({ networks: z.array(NetworkSchema) });
export const NetworkResponseSchema = z.object({ network: NetworkSchema });

/** GET traffic.php: the funnel of a brand's paid traffic over at most 92 days, by one dimension. */
export const TRAFFIC_DIMENSIONS = ['network', 'campaign', 'sub1', 'lander', 'country', 'day'] as const;
/** The funnel's counts, in the order of the answer, the screen's table and the CSV. */
export const TRAFFIC_COUNTS = [
  'clicks',
  'signups',
  'confirmed',
  'first_messages',
  'first_purchases',
  'repeat_purchases',
  'refunds',
  'chargebacks',
] as const;
export const TrafficQuerySchema = z.object({
  brand,
  by: z.enum(TRAFFIC_DIMENSIONS).default('network'),
  from: z.iso.date(),
  to: z.iso.date(),
});

const count = z.number().int().min(0);
export const TrafficRowSchema = z.object({
  key: z.string(),
  clicks: count,
  signups: count,
  confirmed: count,
  first_messages: count,
  first_purchases: count,
  /** Purchases within 30 days after the member's first. */
  repeat_purchases: count,
  refunds: count,
  chargebacks: count,
  /** Per currency, in cents: what was paid, and what is left after refunds and chargebacks. */
  revenue: z.array(z.object({ currency: z.string(), gross: z.number().int(), net: z.number().int() })),
});
export type TrafficRow = z.infer<typeof TrafficRowSchema>;
/** Payout owed per network, month and currency (core/rules/payout.ts), in cents: the months the period touches. */
export const TrafficPayoutSchema = z.object({
  network: z.string(),
  month: z.string(),
  currency: z.string(),
  leads: count,
  sales: count,
  /** First sales reversed inside the hold period (clawed back). */
  reversed_sales: count,
  owed: z.number().int(),
  /** The part of `owed` whose hold period has not ended yet. */
  held: z.number().int(),
});
export type TrafficPayout = z.infer<typeof TrafficPayoutSchema>;
export const TrafficSchema = z.object({
  by: z.enum(TRAFFIC_DIMENSIONS),
  from: z.string(),
  to: z.string(),
  rows: z.array(TrafficRowSchema),
  payouts: z.array(TrafficPayoutSchema),
  /** When the rollup last ran for the brand (null: never; every day was read from the raw rows). */
  rolled_up_at: z.string().nullable(),
});
