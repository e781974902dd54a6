import type { DiscountCode } from '../schemas/payments';
import { discountedPrice } from './time-bonus';

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
export function discountProblem(discount: DiscountCode, order: OrderFacts): DiscountProblem | null {
  if (discount.expired) return 'expired';
  if (discount.country && discount.country !== order.country) return 'country';
  if (discount.currency && discount.currency !== order.currency) return 'currency';
  if (order.listPrice < discount.minimum_order_value) return 'minimum';
  if (order.method && discount.paymentmethods && !discount.paymentmethods.includes(order.method)) return 'method';
  return null;
}

/** The price of an order: the list price less the discount when the code fits. */
export function orderPrice(discount: DiscountCode | null, order: OrderFacts): number {
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
