import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '../schemas/payments';
import { discountProblem, orderPrice } from './discount';

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
