import { describe, expect, it } from 'vitest';
import { brandCurrencies, memberCurrency, shopCountry, signupCurrency } from './currency';

// Velvet Nights: the UK in pounds, Ireland in euros, the US in dollars.
const velvet = { GB: { currency: 'GBP' }, IE: { currency: 'EUR' }, US: { currency: 'USD' } };
const euroOnly = { DE: { currency: 'EUR' }, AT: { currency: 'EUR' } };

describe('one currency per member', () => {
  it('lists the brand currencies once, in the order of its countries', () => {
    expect(brandCurrencies(velvet)).toEqual(['GBP', 'EUR', 'USD']);
    expect(brandCurrencies(euroOnly)).toEqual(['EUR']);
  });

  it('gives a new member the currency of their signup country, else the brand first country', () => {
    expect(signupCurrency(velvet, 'GB')).toBe('GBP');
    expect(signupCurrency(velvet, 'US')).toBe('USD');
    expect(signupCurrency(velvet, 'FR')).toBe('GBP');
    expect(signupCurrency(velvet, null)).toBe('GBP');
  });

  it('keeps the stored currency while the brand sells in it, else falls back to the profile country', () => {
    expect(memberCurrency(velvet, 'GBP', 'US')).toBe('GBP');
    expect(memberCurrency(velvet, 'USD', 'GB')).toBe('USD');
    expect(memberCurrency(velvet, null, 'GB')).toBe('GBP');
    expect(memberCurrency(velvet, 'CHF', 'IE')).toBe('EUR');
  });

  it('a UK member browsing from the US shops in the UK shop; a visitor from the US in the US one', () => {
    expect(shopCountry(velvet, 'US', 'GBP')).toBe('GB');
    expect(shopCountry(velvet, 'US', null)).toBe('US');
    expect(shopCountry(velvet, 'IE', 'EUR')).toBe('IE');
    expect(shopCountry(velvet, 'XX', null)).toBe('GB');
    // A currency the brand does not sell in cannot move the shop.
    expect(shopCountry(euroOnly, 'AT', 'GBP')).toBe('AT');
  });
});
