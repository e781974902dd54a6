import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../core/state';
import { createI18n } from './i18n';
import nl from '../locales/nl.json';
import pl from '../locales/pl.json';

// The page's translator reads the catalogues as i18next did: nested keys, {{x}}, plural suffixes, the key when missing.
describe('createI18n', () => {
  it('fills {{x}} from the values, nested keys included', () => {
    const { t } = createI18n('nl', nl as Catalogue);
    expect(t('chat.credits_left', { count: 7 })).toBe((nl.chat.credits_left as string).replace('{{count}}', '7'));
    expect(t('validation.invalid')).toBe(nl.validation.invalid);
    // Keys are typed from nl.json: the type check (npm test) refuses one the catalogue lacks.
    // @ts-expect-error 'chat.no_such_key' is not a key of nl.json
    expect(t('chat.no_such_key')).toBe('chat.no_such_key');
  });

  it('picks the plural form the language asks for by count, else the plain key', () => {
    const catalogue = { interest: { n: '{{count}} x', n_one: 'one x', n_few: '{{count}} few', n_many: '{{count}} many' } };
    const { t } = createI18n('pl', catalogue);
    expect([1, 3, 5].map((count) => t('interest.n', { count }))).toEqual(['one x', '3 few', '5 many']);
    // Polish 'other' (fractions) has no form here: the plain key.
    expect(t('interest.n', { count: 2.5 })).toBe('2.5 x');
  });

  it('answers a missing key with the key, and knows the rest of the catalogue once it is added', () => {
    const i18n = createI18n('pl', { common: { loading: (pl.common as Catalogue).loading } });
    expect(i18n.t('validation.invalid')).toBe('validation.invalid');
    i18n.add(pl as Catalogue);
    expect(i18n.t('validation.invalid')).toBe(pl.validation.invalid);
    expect(i18n.t('common.loading')).toBe((pl.common as Catalogue).loading);
  });
});
