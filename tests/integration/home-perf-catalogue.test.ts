import { describe, expect, it } from 'vitest';
import { isEntryKey, pickKeys } from '../../worker/ssr/catalogue';

// The key matching behind the home page's partial catalogue (worker/ssr/catalogue.ts).
describe('entry catalogue keys', () => {
  const entry = { keys: ['home.count', 'nav.login'], prefixes: ['settings.types.'] };

  it('keeps named keys, their plural forms and everything under a template head', () => {
    expect(isEntryKey('nav.login', entry)).toBe(true);
    expect(isEntryKey('home.count_one', entry)).toBe(true);
    expect(isEntryKey('home.count_other', entry)).toBe(true);
    expect(isEntryKey('settings.types.likes', entry)).toBe(true);
  });

  it('drops keys nobody names, and does not treat a key as a namespace', () => {
    expect(isEntryKey('nav.logout', entry)).toBe(false);
    expect(isEntryKey('nav.login.more', entry)).toBe(false);
    expect(isEntryKey('home.count_one.x', entry)).toBe(false);
    expect(isEntryKey('settings.other', entry)).toBe(false);
  });

  it('picks a nested catalogue down to those keys and drops empty branches', () => {
    const catalogue = {
      nav: { login: 'Log in', logout: 'Log out' },
      home: { count_one: 'one', count_other: 'many' },
      mail: { subject: 'x' },
    };
    expect(pickKeys(catalogue, (key) => isEntryKey(key, entry))).toEqual({
      nav: { login: 'Log in' },
      home: { count_one: 'one', count_other: 'many' },
    });
  });
});
