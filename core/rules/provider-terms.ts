/**
 * Payment providers whose published terms exclude adult dating and paid flirt chat, which every brand of this
 * engine is (docs/decisions/013-adult-acquirers.md; sources of November 2026, look them up again before relying on
 * them). A brand on one of these could not take a payment in production: its account would be closed.
 *
 * The tenant schema (core/schemas/payments.ts) refuses these as a brand's provider and on any of its routes, with
 * this reason in the issue.
 */
export const ADULT_EXCLUDED_PROVIDERS = {
  mollie: {
    terms: 'Mollie prohibits "sexual dating" and "any sexual or pornographic digital content"',
    source: 'https://help.mollie.com/hc/en-us/articles/115000481665',
  },
  stripe: {
    terms: 'Stripe prohibits "adult content or services" (older wording: "adult live chat features")',
    source: 'https://support.stripe.com/questions/prohibited-and-restricted-businesses-list-faqs',
  },
  paypal: {
    terms: 'PayPal prohibits "services whose purpose is to facilitate meetings for sexually oriented activities"',
    source: 'PayPal help article help384 (reachable only through an adult biller such as Segpay)',
  },
} as const;

/** Why an adult brand may not use this provider, naming its terms and their source; null when nothing says so. */
export function adultTermsRefusal(provider: string): string | null {
  const excluded = (ADULT_EXCLUDED_PROVIDERS as Record<string, { terms: string; source: string }>)[provider];
  return excluded ? `${provider} does not serve adult dating: ${excluded.terms} (${excluded.source})` : null;
}
