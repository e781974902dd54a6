import { describe, expect, it } from 'vitest';
import { nextOnRoute, routedProviders, routeFor } from './payment-routing';

describe('routeFor', () => {
  const payments = { provider: 'ccbill' as const, routes: { GB: { creditcard: ['ccbill' as const, 'verotel' as const] } } };

  it('lists the providers of a country and method in the order of the tenant file', () => {
    expect(routeFor(payments, 'GB', 'creditcard')).toEqual(['ccbill', 'verotel']);
  });

  it("uses the brand's one provider where nothing is listed, as a tenant without routes always did", () => {
    expect(routeFor(payments, 'GB', 'applepay')).toEqual(['ccbill']);
    expect(routeFor(payments, 'US', 'creditcard')).toEqual(['ccbill']);
    expect(routeFor({ provider: 'verotel' }, 'NL', 'ideal')).toEqual(['verotel']);
  });

  it('names the next provider after a soft decline, and none after the last', () => {
    expect(nextOnRoute(['ccbill', 'verotel'], 'ccbill')).toBe('verotel');
    expect(nextOnRoute(['ccbill', 'verotel'], 'verotel')).toBeNull();
    expect(nextOnRoute(['ccbill'], 'sandbox')).toBeNull();
  });
});

describe('routedProviders', () => {
  it("lists the brand's provider and every routed one once, so a mandate made at any of them can be charged again", () => {
    const payments = { provider: 'verotel', routes: { NL: { directdebit: ['sandbox'] }, BE: { creditcard: ['verotel', 'ccbill'] } } };
    expect(routedProviders(payments)).toEqual(['verotel', 'sandbox', 'ccbill']);
    expect(routedProviders({ provider: 'ccbill' })).toEqual(['ccbill']);
  });
});
