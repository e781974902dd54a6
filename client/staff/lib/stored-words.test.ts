import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../../../core/data/interests';
import { PAYMENT_METHODS, PROVIDER_NAMES } from '../../../core/schemas/payments';
import en from '../i18n/en.json';
import nl from '../i18n/nl.json';
import { giftWords } from './gift-words';
import { interestWords } from './interest-words';
import type { Label } from './label';
import { mandateWords, methodWords, providerWords } from './payment-words';

// Issue 46, item 7: what the workspace stores it shows in words, in the workspace's language, through the
// catalogues themselves (a key missing from one shows the stored value, and these tests fail).
const over =
  (catalogue: object): Label =>
  (key, stored) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    return typeof text === 'string' ? text : stored;
  };
const english = over(en);
const dutch = over(nl);
const GIFTS = ['rose', 'heart', 'chocolate', 'champagne', 'teddy', 'diamond', 'cocktail', 'kiss'];

describe('stored values in words', () => {
  it('names every interest in both languages, never by its slug', () => {
    expect(['adventure', 'anal_sex', 'animals'].map((s) => interestWords(s, english)).join(' · ')).toBe('Adventure · Anal sex · Animals');
    expect(interestWords('anal_sex', dutch)).toBe('Anale seks');
    for (const { slug } of INTERESTS)
      for (const label of [english, dutch]) expect(interestWords(slug, label), slug).not.toBe(slug.replace(/_/g, ' '));
    expect(interestWords('new_thing', english)).toBe('new thing');
  });

  it("names a gift by the gift's name", () => {
    expect(giftWords('rose', dutch)).toBe('Roos');
    expect(giftWords('teddy', english)).toBe('Teddy bear');
    for (const gift of GIFTS) for (const label of [english, dutch]) expect(giftWords(gift, label)).not.toBe(gift);
  });

  it('names payment methods, a pair of them and providers as their makers write them', () => {
    expect(methodWords('ideal', english)).toBe('iDEAL');
    expect(methodWords('directdebit / ideal', english)).toBe('SEPA direct debit / iDEAL');
    expect(methodWords('directdebit', dutch)).toBe('SEPA-incasso');
    expect(methodWords('przelewy24', english)).toBe('Przelewy24');
    for (const m of PAYMENT_METHODS) for (const label of [english, dutch]) expect(label(`value.payment_method.${m}`, ''), m).not.toBe('');
    expect(providerWords('ccbill', english)).toBe('CCBill');
    expect(providerWords('sandbox', dutch)).toBe('Sandbox (testbetalingen)');
    for (const p of PROVIDER_NAMES) for (const label of [english, dutch]) expect(label(`value.provider.${p}`, ''), p).not.toBe('');
  });

  it("writes a mandate's method in words and keeps its masked number", () => {
    expect(mandateWords('ideal •••• 1234', english)).toBe('iDEAL •••• 1234');
    expect(mandateWords('Visa •••• 4242', english)).toBe('Visa •••• 4242');
    expect(mandateWords('NL** **** **** **12 34', dutch)).toBe('NL** **** **** **12 34');
  });
});
