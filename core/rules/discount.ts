import { discountedPrice } from './time-bonus';

/** The conditions of a discount code that decide whether it fits an order (a DiscountCode of core/schemas/payments.ts). */
export interface DiscountTerms {
  code: string;
  expired: boolean;
  country: string | null;
  currency: string | null;
  minimum_order_value: number;
  paymentmethods: readonly string[] | null;
  value_percentage: number;
}

/** What an order is, as far as a discount code's conditions go (SPEC.md §5). */
export interface OrderFacts {
  country: string;
  currency: string;
  /** The package's list price in cents: the minimum order value compares against it. */
  listPrice: number;
  /** Null while no method is chosen yet (the package grid): the method condition is then not checked. */
  method: string | null;
}

export type DiscountProblem = 'expired' | 'country' | 'currency' | 'minimum' | 'method';

/**
 * Why a discount code does not fit an order, or null when it does. The server refuses the order with the reason
 * (worker/payments/discounts.ts); the shop shows the full price, so both always agree on what is charged.
 */
export function discountProblem(discount: DiscountTerms, order: OrderFacts): DiscountProblem | null {
  if (discount.expired) return 'expired';
  if (discount.country && discount.country !== order.country) return 'country';
  if (discount.currency && discount.currency !== order.currency) return 'currency';
  if (order.listPrice < discount.minimum_order_value) return 'minimum';
  if (order.method && discount.paymentmethods && !discount.paymentmethods.includes(order.method)) return 'method';
  return null;
}

/** The price of an order: the list price less the discount when the code fits. */
export function orderPrice(discount: DiscountTerms | null, order: OrderFacts): number {
  return discount && discountProblem(discount, order) === null
    ? discountedPrice(order.listPrice, discount.value_percentage)
    : order.listPrice;
}

/** Where a brand sells: its countries (settings) that have a shop (payments), each with its currency. */
export interface BrandMarkets {
  countries: readonly string[];
  shops: Readonly<Record<string, { currency: string }>>;
}

/**
 * The fields of a back-office code that no order of the brand could ever meet, each with its catalogue key: a
 * country the brand does not sell in, a currency none of its shops uses, or one the chosen country's shop does not.
 */
export function unservedCodeFields(
  markets: BrandMarkets,
  code: { country: string | null; currency: string | null },
): Record<string, string> {
  const fields: Record<string, string> = {};
  const sells = (country: string) => markets.countries.includes(country) && markets.shops[country] !== undefined;
  if (code.country !== null && !sells(code.country)) fields.country = 'validation.country_not_served';
  if (code.currency !== null) {
    const currencies = markets.countries.filter(sells).map((c) => markets.shops[c].currency);
    if (!currencies.includes(code.currency)) fields.currency = 'validation.currency_not_served';
    else if (code.country !== null && sells(code.country) && markets.shops[code.country].currency !== code.currency)
      fields.currency = 'validation.currency_not_country';
  }
  return fields;
}

/** The discount an order gets, and the one it passes over (issue 44, item 11). */
export interface DiscountChoice<D extends DiscountTerms = DiscountTerms> {
  /** The discount charged, or null: the list price. */
  applied: D | null;
  /** What is charged, in cents. */
  price: number;
  /** The other discount: it fits too, but gives no lower price, so it is neither charged nor held. */
  passedOver: D | null;
}

/**
 * The best discount for an order, of the member's own first-purchase discount (the time bonus, else the welcome
 * code: SPEC.md §4 "active discount") and a code they typed: the one that fits and gives the lowest price. Typing a
 * code never raises the price. On a tie the member's own discount applies, so the typed code stays unused. A code
 * that does not fit is no candidate (its reason is `discountProblem`'s). The server charges exactly this
 * (worker/payments/pricing.ts) and the checkout shows it.
 */
export function bestDiscount<D extends DiscountTerms>(own: D | null, typed: D | null, order: OrderFacts): DiscountChoice<D> {
  // The member's own discount typed as a code is that one discount, not a second candidate.
  const candidates = own && typed?.code === own.code ? [own] : [own, typed];
  const fitting = candidates.filter((d): d is D => d !== null && discountProblem(d, order) === null);
  let applied: D | null = null;
  let price = order.listPrice;
  for (const discount of fitting) {
    const discounted = discountedPrice(order.listPrice, discount.value_percentage);
    if (discounted < price) [applied, price] = [discount, discounted];
  }
  const passedOver = applied ? (fitting.find((d) => d !== applied) ?? null) : null;
  return { applied, price, passedOver };
}
