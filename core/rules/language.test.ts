import { describe, expect, it } from 'vitest';
import { chooseLanguage, switcherLanguages, toLanguage, intlLocale } from './language';

describe('chooseLanguage', () => {
  it("takes the member's saved language first", () => {
    expect(chooseLanguage({ memberLanguage: 'fr', cookie: 'de', domainLanguage: 'nl-NL', country: 'NL' })).toBe('fr');
  });
  it('then the i18n_redirected cookie', () => {
    expect(chooseLanguage({ cookie: 'de', domainLanguage: 'nl-NL', country: 'NL' })).toBe('de');
  });
  it("then the brand's domain_language (its first two letters)", () => {
    expect(chooseLanguage({ domainLanguage: 'nl-NL', country: 'FR' })).toBe('nl');
  });
  it("then the first visible language of the visitor's country", () => {
    expect(chooseLanguage({ country: 'FI' })).toBe('fi');
    expect(chooseLanguage({ country: 'CH' })).toBe('de');
  });
  it('else nl', () => {
    expect(chooseLanguage({})).toBe('nl');
    expect(chooseLanguage({ country: 'JP' })).toBe('nl');
  });
  it('skips values we do not serve instead of failing', () => {
    expect(chooseLanguage({ memberLanguage: 'xx', cookie: '<b>', domainLanguage: 'pt-PT', country: 'SE' })).toBe('sv');
  });
  it('uses the US variant of English for US visitors', () => {
    expect(chooseLanguage({ domainLanguage: 'en-GB', country: 'US' })).toBe('en-US');
    expect(chooseLanguage({ cookie: 'en-US', country: 'GB' })).toBe('en');
  });
});

describe('switcherLanguages', () => {
  it("offers the country's visible languages with the current one first", () => {
    expect(switcherLanguages('BE', 'nl', [])).toEqual(['nl', 'fr', 'de']);
    expect(switcherLanguages('US', 'en-US', [])).toEqual(['en-US', 'es']);
  });
  it("keeps the brand's languages reachable", () => {
    expect(switcherLanguages('NL', 'nl', ['nl', 'en'])).toEqual(['nl', 'en']);
  });
});

describe('toLanguage', () => {
  it('maps locale tags to served languages', () => {
    expect(toLanguage('de-AT')).toBe('de');
    expect(toLanguage('nb-NO')).toBe('nb');
    expect(toLanguage('pt-BR')).toBeNull();
  });
});

describe('intlLocale', () => {
  it("writes our 'en' as British English and leaves the US variant and other languages as they are", () => {
    const time = (language: string) =>
      new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date('2026-11-29T19:05:00Z'),
      );
    expect(time('en')).toBe('29 Nov 2026, 19:05');
    expect(time('en-US')).toMatch(/^Nov 29, 2026, 7:05\sPM$/);
    expect(intlLocale('de')).toBe('de');
  });
});
