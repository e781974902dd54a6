import { describe, expect, it } from 'vitest';
import { nextOnRoute, routeFor } from './payment-routing';

describe('routeFor', () => {
  const payments = { provider: 'ccbill' as const, routes: { GB: { creditcard: ['ccbill' as const, 'verotel' as const] } } };

  it('lists the providers of a country and method in the order of the tenant file', () => {
    expect(routeFor(payments, 'GB', 'creditcard')).toEqual(['ccbill', 'verotel']);
  });

  it("uses the brand's one provider where nothing is listed, as a tenant without routes always did", () => {
    expect(routeFor(payments, 'GB', 'applepay')).toEqual(['ccbill']);
    expect(routeFor(payments, 'US', 'creditcard')).toEqual(['ccbill']);
    expect(routeFor({ provider: 'mollie' }, 'NL', 'ideal')).toEqual(['mollie']);
  });

  it('names the next provider after a soft decline, and none after the last', () => {
    expect(nextOnRoute(['ccbill', 'verotel'], 'ccbill')).toBe('verotel');
    expect(nextOnRoute(['ccbill', 'verotel'], 'verotel')).toBeNull();
    expect(nextOnRoute(['ccbill'], 'mollie')).toBeNull();
  });
});
