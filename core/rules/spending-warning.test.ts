import { describe, expect, it } from 'vitest';
import { marketRule } from '../markets/tighten';
import { localHour, spendingWarningReasons } from './spending-warning';

const rule = marketRule('NL').spending_warning;
const afternoon = new Date('2026-11-29T14:00:00Z');
const reasons = (purchases_24h: number, eur_cents_24h: number, now = afternoon, zone = 'Europe/Amsterdam') =>
  spendingWarningReasons(rule, { purchases_24h, eur_cents_24h }, now, zone);

describe('the pause screen before the checkout', () => {
  it('shows nothing for an ordinary purchase', () => {
    expect(reasons(0, 0)).toEqual([]);
    expect(reasons(2, 10_000)).toEqual([]);
  });

  it('shows at more than 3 purchases in 24 hours, counting the one about to be made', () => {
    expect(reasons(3, 0)).toEqual(['purchases']);
  });

  it('shows above EUR 100 spent in 24 hours', () => {
    expect(reasons(1, 10_001)).toEqual(['amount']);
  });

  it('shows for a purchase between 00:00 and 05:00 local time, in the market time zone', () => {
    // 23:30 UTC is 00:30 in Amsterdam, 23:30 in London.
    const lateNight = new Date('2026-11-29T23:30:00Z');
    expect(reasons(0, 0, lateNight)).toEqual(['night']);
    expect(reasons(0, 0, lateNight, 'Europe/London')).toEqual([]);
    expect(reasons(0, 0, new Date('2026-11-30T03:59:00Z'))).toEqual(['night']);
    expect(reasons(0, 0, new Date('2026-11-30T04:00:00Z'))).toEqual([]);
    expect(localHour(new Date('2026-11-30T06:00:00Z'), 'America/Chicago')).toBe(0);
  });

  it('follows a brand that tightens the thresholds', () => {
    const tight = marketRule('NL', { '*': { spending_warning: { purchases_24h: 1, amount_24h_eur_cents: 2_000 } } }).spending_warning;
    expect(spendingWarningReasons(tight, { purchases_24h: 1, eur_cents_24h: 2_500 }, afternoon, 'Europe/Amsterdam')).toEqual([
      'purchases',
      'amount',
    ]);
  });
});
