import type { Language } from '../constants';

/**
 * What the law of a market asks of a brand, per country (issue 45, item 1). One row per country a brand serves; a
 * country without a row takes DEFAULT_MARKET_RULE. The sources of every value are in docs/compliance.md; a brand can
 * tighten a row for itself (core/markets/tighten.ts), never loosen it.
 */

/** How sure the brand must be of a member's age: ordered from least to most. */
export const AGE_ASSURANCE_LEVELS = ['none', 'self_declaration', 'highly_effective'] as const;
export type AgeAssurance = (typeof AGE_ASSURANCE_LEVELS)[number];

/** What a member does that a market may put behind an age check. */
export const AGE_GATED_FEATURES = ['browse', 'photos', 'chat', 'pay'] as const;
export type AgeGatedFeature = (typeof AGE_GATED_FEATURES)[number];

/** Legal statements a page shows for a visitor of the country (their texts are catalogue keys: footer.<statement>). */
export const LEGAL_STATEMENTS = ['us_2257'] as const;
export type LegalStatement = (typeof LEGAL_STATEMENTS)[number];

/** When spending looks like harm, the checkout shows the pause screen first (issue 45, item 10). */
export interface SpendingWarning {
  /** The screen shows when the purchase about to be made would be more than this many in 24 hours. */
  purchases_24h: number;
  /** ... or when more than this was spent in the last 24 hours, in euro cents (other currencies: their equivalent). */
  amount_24h_eur_cents: number;
  /** ... or when it is bought between these local hours [from, to) in the market's time zone; null: no night rule. */
  night: { from: number; to: number } | null;
}

export interface MarketRule {
  /** The youngest member the brand may admit. */
  minimum_age: number;
  /** The age-assurance level each feature needs. */
  age_assurance: Record<AgeGatedFeature, AgeAssurance>;
  /**
   * The final order button's words where a law prescribes them (§ 312j (3) BGB), per language; null where no law asks
   * for particular words (the catalogue's own button text, pay.submit, then applies).
   */
  order_button: Readonly<Partial<Record<Language, string>>> | null;
  /** Whether the "Verträge hier kündigen" cancellation path (§ 312k BGB) must be offered. */
  cancellation_path: boolean;
  legal_statements: readonly LegalStatement[];
  /** Complaints (and appeals) must be handled within this many days. */
  complaint_days: number;
  spending_warning: SpendingWarning;
  /** The time zone "local time" means for the night rule (a country with several: the most populous one's). */
  time_zone: string;
}

/**
 * "Zahlungspflichtig bestellen" and an equally unambiguous phrase in every interface language (§ 312j (3) BGB asks
 * for the words in the language of the contract; EuGH C-249/21: only the words on the button count).
 */
export const PAYABLE_ORDER_BUTTON: Readonly<Record<Language, string>> = {
  de: 'Zahlungspflichtig bestellen',
  nl: 'Bestelling met betalingsverplichting',
  en: 'Order with obligation to pay',
  'en-US': 'Order with obligation to pay',
  fr: 'Commande avec obligation de paiement',
  it: 'Ordine con obbligo di pagamento',
  es: 'Pedido con obligación de pago',
  da: 'Bestil med betalingsforpligtelse',
  sv: 'Beställ med betalningsskyldighet',
  nb: 'Bestill med betalingsforpliktelse',
  fi: 'Tilaa maksuvelvollisena',
  pl: 'Zamówienie z obowiązkiem zapłaty',
};

const SELF_DECLARED: MarketRule['age_assurance'] = {
  browse: 'self_declaration',
  photos: 'self_declaration',
  chat: 'self_declaration',
  pay: 'self_declaration',
};

/** Card schemes' dating-merchant rule (Visa Integrity Risk Program): complaints within 7 days. */
const COMPLAINT_DAYS = 7;

/** More than 3 purchases or EUR 100 in 24 hours, or a purchase between 00:00 and 05:00 local time (issue 45, item 10). */
const SPENDING_WARNING: SpendingWarning = { purchases_24h: 3, amount_24h_eur_cents: 10_000, night: { from: 0, to: 5 } };

/** A country without a row of its own: self-declared 18+, no prescribed button, the card schemes' deadline. */
export const DEFAULT_MARKET_RULE: MarketRule = {
  minimum_age: 18,
  age_assurance: SELF_DECLARED,
  order_button: null,
  cancellation_path: false,
  legal_statements: [],
  complaint_days: COMPLAINT_DAYS,
  spending_warning: SPENDING_WARNING,
  time_zone: 'Europe/Amsterdam',
};

const row = (time_zone: string, rule: Partial<MarketRule> = {}): MarketRule => ({ ...DEFAULT_MARKET_RULE, time_zone, ...rule });

/** The countries the demo brands serve (tenants/*.ts), each with its law. A new country is a new row. */
export const MARKET_RULES: Readonly<Record<string, MarketRule>> = {
  NL: row('Europe/Amsterdam'),
  BE: row('Europe/Brussels'),
  // § 312j (3) BGB: the order button; § 312k BGB: the cancellation path (docs/compliance.md).
  DE: row('Europe/Berlin', { order_button: PAYABLE_ORDER_BUTTON, cancellation_path: true }),
  // Austria: the same EU rule (Art. 8 (2) Consumer Rights Directive, § 8 (2) FAGG); issue 45 treats it as DE.
  AT: row('Europe/Vienna', { order_button: PAYABLE_ORDER_BUTTON, cancellation_path: true }),
  CH: row('Europe/Zurich'),
  // Online Safety Act: highly effective age assurance for user-to-user services with pornographic content.
  GB: row('Europe/London', {
    age_assurance: { browse: 'self_declaration', photos: 'highly_effective', chat: 'highly_effective', pay: 'highly_effective' },
  }),
  IE: row('Europe/Dublin'),
  // 18 U.S.C. 2257: the record-keeping statement for US visitors.
  US: row('America/Chicago', { legal_statements: ['us_2257'] }),
};

/** The law's row for a country (upper-case ISO code), the default row for any other or none. */
export function baseMarketRule(country: string | null | undefined): MarketRule {
  return (country && MARKET_RULES[country.toUpperCase()]) || DEFAULT_MARKET_RULE;
}

/**
 * Euros per unit of the currencies the brands sell in, for "EUR 100 or the currency's equivalent". Fixed, rounded
 * and updated by hand: a threshold, not a price; a currency without a rate counts as euros.
 */
export const EUR_PER_UNIT: Readonly<Record<string, number>> = { EUR: 1, CHF: 1.07, GBP: 1.17, USD: 0.92 };

export const eurRate = (currency: string) => EUR_PER_UNIT[currency] ?? 1;
