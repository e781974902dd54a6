import { describe, expect, it } from 'vitest';
import { brandText } from './brand-text';

describe('brand texts per language', () => {
  const warning = { nl: 'Fictief', fr: 'Fictif', en: 'Fictional' };
  it("picks the page's language, then its base language, then the domain language", () => {
    expect(brandText(warning, 'fr', 'nl-NL')).toBe('Fictif');
    expect(brandText(warning, 'en-US', 'nl-NL')).toBe('Fictional');
    expect(brandText(warning, 'de', 'nl-NL')).toBe('Fictief');
    expect(brandText({ fr: 'Fictif' }, 'de', 'nl-NL')).toBe('Fictif');
    expect(brandText('Eén tekst', 'fr', 'nl-NL')).toBe('Eén tekst');
  });
});
