import { describe, expect, it } from 'vitest';
import { isOneLine, toOneLine } from './one-line';

describe('one-line values', () => {
  it('refuses line breaks and other control characters, keeps letters of every script', () => {
    for (const bad of ['a\r\nb', 'a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\u007fb'])
      expect(isOneLine(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['Sanne', 'Zoë 😀', 'Jürgen-Émile O’Neil', 'Ærø', '名前']) expect(isOneLine(good), good).toBe(true);
  });

  it('turns runs of them into one space', () => {
    expect(toOneLine('Hi\r\nBcc: x@y.test')).toBe('Hi Bcc: x@y.test');
    expect(toOneLine('a\u2028\u0000b')).toBe('a b');
    expect(isOneLine(toOneLine('a\r\n\tb\u0085c'))).toBe(true);
  });
});
