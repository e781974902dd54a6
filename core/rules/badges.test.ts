import { describe, expect, it } from 'vitest';
import { badgeText, creditsBadgeTone, pageTitle } from './badges';

describe('badgeText', () => {
  it('shows nothing at zero or below', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});

describe('creditsBadgeTone', () => {
  it('warns at 10 or fewer credits and is danger at 0', () => {
    expect(creditsBadgeTone(11)).toBeNull();
    expect(creditsBadgeTone(10)).toBe('warning');
    expect(creditsBadgeTone(1)).toBe('warning');
    expect(creditsBadgeTone(0)).toBe('danger');
  });
});

describe('pageTitle', () => {
  it('puts unread messages plus new likes in brackets', () => {
    expect(pageTitle('Flirtlokaal', 2, 3)).toBe('(5) Flirtlokaal');
    expect(pageTitle('Flirtlokaal', 0, 0)).toBe('Flirtlokaal');
  });
});
