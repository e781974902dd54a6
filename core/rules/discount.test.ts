import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '../schemas/payments';
import { discountProblem, orderPrice, unservedCodeFields } from './discount';

const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'NLONLY20',
  country: 'NL',
  user_id: null,
  expires: '2030-01-01T00:00:00Z',
  value_percentage: 20,
  currency: 'EUR',
  minimum_order_value: 2000,
  status: 'active',
  validity: 'once',
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
