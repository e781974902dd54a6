/** What a price per message needs of a package and of a brand's shops (core/schemas/payments.ts has the whole). */
interface PricedPackage {
  price: number;
  credits: number;
}
interface Shops {
  packages: Readonly<Record<string, readonly PricedPackage[]>>;
  countries: Readonly<Record<string, { currency: string }>>;
}

// The "vanaf" price of a message (issue 17, item 1): what the cheapest message costs when bought through the
// brand's cheapest credits. Shown prices and the tenant check both come from here, so they cannot disagree with
// the packages the shop sells.

/** Cents per message at the lowest price per credit among the packages, rounded to the nearest cent. */
export function cheapestMessageCents(packages: readonly PricedPackage[], messageCredits: number): number | null {
  if (packages.length === 0) return null;
  const perCredit = Math.min(...packages.map((pkg) => pkg.price / pkg.credits));
  return Math.round(perCredit * messageCredits);
}

/** The cheapest message per currency of the brand's packages. */
export function messagePricesByCurrency(payments: Shops, messageCredits: number): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const [currency, packages] of Object.entries(payments.packages)) {
    const cents = cheapestMessageCents(packages, messageCredits);
    if (cents !== null) prices[currency] = cents;
  }
  return prices;
}

/**
 * settings.minimum_message_costs as the server serves it: per country the brand sells in, the cheapest message in
 * that country's currency (costs in whole currency units, as SPEC.md §3 has it).
 */
export function minimumMessageCosts(payments: Shops, messageCredits: number): Record<string, { costs: number; currency: string }> {
  const byCurrency = messagePricesByCurrency(payments, messageCredits);
  const costs: Record<string, { costs: number; currency: string }> = {};
  for (const [country, { currency }] of Object.entries(payments.countries)) {
    const cents = byCurrency[currency];
    if (cents !== undefined) costs[country] = { costs: cents / 100, currency };
  }
  return costs;
}

/** About how many messages a package buys (whole messages only). */
export const messagesInPackage = (pkg: Pick<PricedPackage, 'credits'>, messageCredits: number): number =>
  messageCredits > 0 ? Math.floor(pkg.credits / messageCredits) : 0;
