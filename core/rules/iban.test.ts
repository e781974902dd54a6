import { describe, expect, it } from 'vitest';
import { isValidIban, maskIban, normalizeIban } from './iban';

describe('isValidIban', () => {
  it('accepts real check digits, with or without spaces', () => {
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('nl91 abna 0417 1643 00')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB29NWBK60161331926819')).toBe(true);
    expect(isValidIban('BE68539007547034')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length or garbage', () => {
    expect(isValidIban('NL92ABNA0417164300')).toBe(false);
    expect(isValidIban('NL91ABNA041716430')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('hello')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
  it('normalises and masks', () => {
    expect(normalizeIban('nl91 abna-0417')).toBe('NL91ABNA0417');
    expect(maskIban('NL91ABNA0417164300')).toBe('NL91 •••• 4300');
  });
});
