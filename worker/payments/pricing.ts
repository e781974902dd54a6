import { moneyFormatter } from '../../core/money';
import { bestDiscount, type DiscountChoice } from '../../core/rules/discount';
import type { DiscountCode, Package } from '../../core/schemas/payments';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../auth/sessions';
import { findPackage, shopFor, type Shop } from './catalogue';
import { checkApplicable, findCode, isFirstPurchase, ownDiscount } from './discounts';
import { assertAgeAssured } from '../age/gate';

export interface PricedOrder {
  shop: Shop;
  pkg: Package;
  discount: DiscountCode | null;
  amount: number;
}

/**
 * The server's price of an order: the package of the member's country, less the best discount that fits. The client
 * sends the amount it showed; a different amount (a tampered request, or a discount that ran out meanwhile) is
 * refused, so nobody is charged a price they did not see.
 */
export async function priceOrder(
  c: AppContext,
  member: SessionMember,
  input: { package_id: number; amount: number; currency: string; code?: string; method: string | null },
): Promise<PricedOrder> {
  // Every order is priced here first: where the market rule asks a highly effective age check to pay, none without.
  await assertAgeAssured(c, member.id, ['pay']);
  const tenant = c.get('tenant');
  const shop = shopFor(tenant, c.get('country'), member);
  const pkg = findPackage(shop, input.package_id);
  if (!pkg) throw new ApiFailure(404, 'package_not_found', 'errors.package_not_found');
  if (input.currency !== shop.currency) throw new ApiFailure(409, 'amount_changed', 'errors.amount_changed');
  if (input.method !== null && !shop.methods.includes(input.method as Shop['methods'][number])) {
    throw new ApiFailure(400, 'method_unavailable', 'errors.method_unavailable');
  }
  const order = { country: shop.country, currency: shop.currency, listPrice: pkg.price, method: input.method };
  let choice: DiscountChoice<DiscountCode> = { applied: null, price: pkg.price, passedOver: null };
  if (input.code) {
    const db = c.env.DB;
    const now = c.get('now');
    const typed = await findCode(db, tenant.id, member, input.code, now);
    checkApplicable(typed, order, moneyFormatter(c.get('language'), shop.currency));
    // A typed code never raises the price (issue 44, item 11): it competes with the member's own first-purchase
    // discount, and only the better one is charged and reserved (checkout.ts); the other is not held.
    const own = isFirstPurchase(typed, member.id) ? null : await ownDiscount(db, tenant.id, member, now);
    choice = bestDiscount(own, typed, order);
  }
  if (input.amount !== choice.price) throw new ApiFailure(409, 'amount_changed', 'errors.amount_changed');
  return { shop, pkg, discount: choice.applied, amount: choice.price };
}
