import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants';
import {
  AGE_ASSURANCE_LEVELS,
  AGE_GATED_FEATURES,
  baseMarketRule,
  DEFAULT_MARKET_RULE,
  LEGAL_STATEMENTS,
  MARKET_RULES,
  type MarketRule,
} from './rules';

/**
 * A brand's own, stricter market rules (tenant file `market_rules`): per country, or '*' for every country. Only what
 * it names changes; the tenant schema refuses anything looser than the law's row (`loosenings`).
 */
export const MarketOverrideSchema = z.strictObject({
  minimum_age: z.number().int().min(18).max(99).optional(),
  age_assurance: z.partialRecord(z.enum(AGE_GATED_FEATURES), z.enum(AGE_ASSURANCE_LEVELS)).optional(),
  /** Button words where the law prescribes none (where it does, they cannot be replaced). */
  order_button: z.partialRecord(z.enum(LANGUAGES), z.string().trim().min(3).max(60)).optional(),
  cancellation_path: z.boolean().optional(),
  legal_statements: z.array(z.enum(LEGAL_STATEMENTS)).optional(),
  complaint_days: z.number().int().min(1).max(60).optional(),
  spending_warning: z
    .strictObject({
      purchases_24h: z.number().int().min(0).optional(),
      amount_24h_eur_cents: z.number().int().min(0).optional(),
      night: z
        .strictObject({ from: z.number().int().min(0).max(23), to: z.number().int().min(1).max(24) })
        .refine((n) => n.from < n.to, 'from before to (hours of one night, 0-24)')
        .nullable()
        .optional(),
    })
    .optional(),
});
export type MarketOverride = z.infer<typeof MarketOverrideSchema>;

export const ALL_COUNTRIES = '*';
export const MarketOverridesSchema = z
  .record(z.string().regex(/^([A-Z]{2}|\*)$/, "an ISO country code or '*'"), MarketOverrideSchema)
  .default({});
export type MarketOverrides = z.infer<typeof MarketOverridesSchema>;

const level = (value: (typeof AGE_ASSURANCE_LEVELS)[number]) => AGE_ASSURANCE_LEVELS.indexOf(value);

/** The brand's row over the law's: what the override names replaces the law's value (checked stricter first). */
export function applyOverride(base: MarketRule, o: MarketOverride | undefined): MarketRule {
  if (!o) return base;
  const warning = { ...base.spending_warning, ...o.spending_warning };
  return {
    ...base,
    minimum_age: o.minimum_age ?? base.minimum_age,
    age_assurance: { ...base.age_assurance, ...o.age_assurance },
    order_button: o.order_button && !base.order_button ? o.order_button : base.order_button,
    cancellation_path: o.cancellation_path ?? base.cancellation_path,
    legal_statements: o.legal_statements ? [...new Set([...base.legal_statements, ...o.legal_statements])] : base.legal_statements,
    complaint_days: o.complaint_days ?? base.complaint_days,
    spending_warning: warning,
  };
}

/** The rule that applies to a visitor or member of the country on the brand: the law's row, then the brand's. */
export function marketRule(country: string | null | undefined, overrides: MarketOverrides = {}): MarketRule {
  const code = country?.toUpperCase();
  const brandWide = applyOverride(baseMarketRule(code), overrides[ALL_COUNTRIES]);
  return applyOverride(brandWide, code ? overrides[code] : undefined);
}

/** The button words for a language where the rule prescribes them, else null (the catalogue's own text applies). */
export function orderButtonWords(rule: MarketRule, language: string): string | null {
  const words = rule.order_button;
  if (!words) return null;
  const base = language.split('-')[0] as Language;
  return words[language as Language] ?? words[base] ?? words.en ?? null;
}

export interface Loosening {
  path: (string | number)[];
  message: string;
}

/** Everything in the brand's row for the country that is looser than the law's, with the reason (empty: none). */
export function loosenings(country: string, base: MarketRule, o: MarketOverride): Loosening[] {
  const found: Loosening[] = [];
  const add = (path: (string | number)[], message: string) => found.push({ path, message: `${country}: ${message}` });
  if (o.minimum_age !== undefined && o.minimum_age < base.minimum_age)
    add(['minimum_age'], `the law asks for at least ${base.minimum_age}, not ${o.minimum_age}`);
  for (const [feature, value] of Object.entries(o.age_assurance ?? {})) {
    const required = base.age_assurance[feature as keyof MarketRule['age_assurance']];
    if (value && level(value) < level(required))
      add(['age_assurance', feature], `${feature} needs ${required} age assurance, not ${value}`);
  }
  if (o.order_button && base.order_button)
    add(
      ['order_button'],
      `the law prescribes the order button's words ("${base.order_button.de ?? base.order_button.en}"); they cannot be replaced`,
    );
  if (o.cancellation_path === false && base.cancellation_path)
    add(['cancellation_path'], 'the law asks for the cancellation path (§ 312k BGB)');
  for (const statement of base.legal_statements)
    if (o.legal_statements && !o.legal_statements.includes(statement))
      add(['legal_statements'], `the law asks for the ${statement} statement`);
  if (o.complaint_days !== undefined && o.complaint_days > base.complaint_days)
    add(['complaint_days'], `complaints must be handled within ${base.complaint_days} days, not ${o.complaint_days}`);
  const warning = o.spending_warning ?? {};
  const limits = base.spending_warning;
  if (warning.purchases_24h !== undefined && warning.purchases_24h > limits.purchases_24h)
    add(['spending_warning', 'purchases_24h'], `the pause screen shows after ${limits.purchases_24h} purchases in 24 hours at the latest`);
  if (warning.amount_24h_eur_cents !== undefined && warning.amount_24h_eur_cents > limits.amount_24h_eur_cents)
    add(
      ['spending_warning', 'amount_24h_eur_cents'],
      `the pause screen shows above ${limits.amount_24h_eur_cents} euro cents in 24 hours at the latest`,
    );
  if (warning.night !== undefined && limits.night) {
    const night = warning.night;
    if (!night || night.from > limits.night.from || night.to < limits.night.to)
      add(['spending_warning', 'night'], `the night rule must cover ${limits.night.from}:00-${limits.night.to}:00 local time`);
  }
  return found;
}

/** Every loosening in a brand's market rules: a country's row against its law, '*' against every country's. */
export function overrideLoosenings(overrides: MarketOverrides): Loosening[] {
  const found: Loosening[] = [];
  for (const [key, override] of Object.entries(overrides)) {
    const countries = key === ALL_COUNTRIES ? [...Object.keys(MARKET_RULES), 'default'] : [key];
    for (const country of countries) {
      const base = country === 'default' ? DEFAULT_MARKET_RULE : baseMarketRule(country);
      // Brand-wide words fill the button only where no law prescribes it (applyOverride): never a loosening.
      const checked = key === ALL_COUNTRIES ? { ...override, order_button: undefined } : override;
      for (const l of loosenings(country, base, checked)) found.push({ path: [key, ...l.path], message: l.message });
    }
  }
  return found;
}
