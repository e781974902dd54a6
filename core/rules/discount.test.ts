import { describe, expect, it } from 'vitest';
import { bestDiscount, discountProblem, type DiscountTerms, orderPrice, unservedCodeFields } from './discount';

const code = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  code: 'NLONLY20',
  country: 'NL',
  value_percentage: 20,
  currency: 'EUR',
  minimum_order_value: 2000,
  expired: false,
  paymentmethods: ['ideal'],
  ...over,
});
const order = { country: 'NL', currency: 'EUR', listPrice: 2995, method: 'ideal' };

describe('discount conditions (the shop and the server share them)', () => {
  it('names the first condition an order misses, or none', () => {
    expect(discountProblem(code(), order)).toBeNull();
    expect(discountProblem(code({ expired: true }), order)).toBe('expired');
    expect(discountProblem(code(), { ...order, country: 'BE' })).toBe('country');
    expect(discountProblem(code(), { ...order, currency: 'GBP' })).toBe('currency');
    expect(discountProblem(code(), { ...order, listPrice: 1995 })).toBe('minimum');
    expect(discountProblem(code(), { ...order, method: 'paypal' })).toBe('method');
    // No method chosen yet (the package grid): the method condition waits.
    expect(discountProblem(code(), { ...order, method: null })).toBeNull();
  });

  it('prices an order with a fitting code, and at list price otherwise', () => {
    expect(orderPrice(code(), order)).toBe(2396);
    expect(orderPrice(code(), { ...order, method: 'paypal' })).toBe(2995);
    expect(orderPrice(null, order)).toBe(2995);
  });
});

describe('back-office codes only for where the brand sells (issue 42)', () => {
  const markets = { countries: ['GB', 'IE', 'US'], shops: { GB: { currency: 'GBP' }, IE: { currency: 'EUR' }, US: { currency: 'USD' } } };
  it('takes a served country, a served currency and the country with its own currency', () => {
    expect(unservedCodeFields(markets, { country: null, currency: null })).toEqual({});
    expect(unservedCodeFields(markets, { country: 'IE', currency: null })).toEqual({});
    expect(unservedCodeFields(markets, { country: null, currency: 'USD' })).toEqual({});
    expect(unservedCodeFields(markets, { country: 'GB', currency: 'GBP' })).toEqual({});
  });
  it('names the field that no order could meet', () => {
    expect(unservedCodeFields(markets, { country: 'NL', currency: null })).toEqual({ country: 'validation.country_not_served' });
    expect(unservedCodeFields(markets, { country: null, currency: 'JPY' })).toEqual({ currency: 'validation.currency_not_served' });
    expect(unservedCodeFields(markets, { country: 'GB', currency: 'USD' })).toEqual({ currency: 'validation.currency_not_country' });
    expect(unservedCodeFields(markets, { country: 'DE', currency: 'CHF' })).toEqual({
      country: 'validation.country_not_served',
      currency: 'validation.currency_not_served',
    });
    // A country in the settings without a shop sells nothing.
    expect(unservedCodeFields({ ...markets, countries: [...markets.countries, 'CA'] }, { country: 'CA', currency: null })).toEqual({
      country: 'validation.country_not_served',
    });
  });
});

describe('the best discount (a code never raises the price)', () => {
  const own = code({
    code: 'TIMEBONUS25',
    country: null,
    currency: null,
    minimum_order_value: 0,
    value_percentage: 25,
    paymentmethods: null,
  });
  const typed = (percentage: number, over: Partial<DiscountTerms> = {}) =>
    code({ code: `DEMO${percentage}`, country: null, minimum_order_value: 0, paymentmethods: null, value_percentage: percentage, ...over });

  it("keeps the member's own discount when the typed code gives less, and passes the code over", () => {
    // The 120-credit pack: EUR 22,46 with the 25% welcome discount, EUR 26,95 with DEMO10.
    expect(bestDiscount(own, typed(10), order)).toEqual({ applied: own, price: 2246, passedOver: typed(10) });
  });

  it('takes the typed code when it gives more, and passes the own discount over', () => {
    expect(bestDiscount(own, typed(50), order)).toEqual({ applied: typed(50), price: 1497, passedOver: own });
  });

  it('on a tie the own discount applies, so the code stays unused', () => {
    expect(bestDiscount(own, typed(25), order)).toEqual({ applied: own, price: 2246, passedOver: typed(25) });
  });

  it('a code that does not fit is no candidate: the own discount still applies', () => {
    expect(bestDiscount(own, typed(50, { expired: true }), order)).toEqual({ applied: own, price: 2246, passedOver: null });
    expect(bestDiscount(own, typed(50, { paymentmethods: ['paypal'] }), order)).toEqual({ applied: own, price: 2246, passedOver: null });
    // The method is not chosen yet (the package grid): the method condition waits, as in discountProblem.
    expect(bestDiscount(own, typed(50, { paymentmethods: ['paypal'] }), { ...order, method: null }).applied?.code).toBe('DEMO50');
  });

  it('without an own discount the fitting code applies; without either the list price', () => {
    expect(bestDiscount(null, typed(10), order)).toEqual({ applied: typed(10), price: 2695, passedOver: null });
    expect(bestDiscount(own, null, order)).toEqual({ applied: own, price: 2246, passedOver: null });
    expect(bestDiscount(null, typed(10, { expired: true }), order)).toEqual({ applied: null, price: 2995, passedOver: null });
    expect(bestDiscount(null, null, order)).toEqual({ applied: null, price: 2995, passedOver: null });
  });

  it('the own discount typed as a code is one discount, not two', () => {
    expect(bestDiscount(own, { ...own }, order)).toEqual({ applied: own, price: 2246, passedOver: null });
  });
});
