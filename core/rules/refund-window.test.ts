import { describe, expect, it } from 'vitest';
import { paidCreditsLeft, refundableUntil, refundWindowStart } from './refund-window';

describe('the refund window', () => {
  const now = new Date('2026-11-29T12:00:00.000Z');
  it('starts refund_days before now', () => {
    expect(refundWindowStart(now, 14)).toBe('2026-11-15T12:00:00.000Z');
    expect(refundWindowStart(now, 0)).toBe(now.toISOString());
  });
  it('ends refund_days after the payment', () => {
    expect(refundableUntil('2026-11-20T08:30:00.000Z', 14)).toBe('2026-12-04T08:30:00.000Z');
  });
  it('an order paid exactly at the start is inside the window on both sides', () => {
    const paid = refundWindowStart(now, 14);
    expect(refundableUntil(paid, 14)).toBe(now.toISOString());
  });
});

describe('paid credits left', () => {
  it('is the balance when the purchases granted more', () => expect(paidCreditsLeft(210, 275)).toBe(210));
  it('is what the purchases granted when the balance holds free credits too', () => expect(paidCreditsLeft(260, 120)).toBe(120));
  it('is never negative', () => {
    expect(paidCreditsLeft(0, 120)).toBe(0);
    expect(paidCreditsLeft(-5, 120)).toBe(0);
  });
});
