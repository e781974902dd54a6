import { describe, expect, it } from 'vitest';
import { addMonths, ecpParts, levelOf, PROVIDER_REPORTS, ratio, vampParts } from './scheme-health';

describe('scheme health ratios', () => {
  it('VAMP: fraud reports plus disputes over the same month; without fraud reports a lower bound', () => {
    expect(vampParts({ settled: 1000, disputes: 8, fraudReports: 4 })).toEqual({ count: 12, of: 1000, partial: false });
    expect(vampParts({ settled: 1000, disputes: 8, fraudReports: null })).toEqual({ count: 8, of: 1000, partial: true });
    // A provider that sends no disputes: unknown, not 0.
    expect(ratio(vampParts({ settled: 1000, disputes: null, fraudReports: null }))).toBeNull();
  });

  it("ECP: this month's chargebacks over the previous month's transactions", () => {
    const parts = ecpParts({ settled: 10, disputes: 3, fraudReports: null }, { settled: 200 });
    expect(parts).toEqual({ count: 3, of: 200 });
    expect(ratio(parts)).toBeCloseTo(0.015);
    // No sales the month before: no ratio (not infinity, not 0).
    expect(ratio(ecpParts({ settled: 10, disputes: 3, fraudReports: null }, { settled: 0 }))).toBeNull();
  });

  it('marks 0.9 % as a warning and 1.2 % as an alert, exactly at the threshold', () => {
    expect(levelOf({ count: 8, of: 1000 })).toBe('ok');
    expect(levelOf({ count: 9, of: 1000 })).toBe('warning');
    expect(levelOf({ count: 11, of: 1000 })).toBe('warning');
    expect(levelOf({ count: 12, of: 1000 })).toBe('alert');
    expect(levelOf({ count: 3, of: 250 })).toBe('alert');
    expect(levelOf({ count: null, of: 1000 })).toBe('ok');
    expect(levelOf({ count: 1, of: 0 })).toBe('ok');
  });

  it('knows which providers report disputes and fraud: none sends TC40 fraud reports today', () => {
    expect(Object.values(PROVIDER_REPORTS).some((p) => p?.fraudReports)).toBe(false);
    expect(PROVIDER_REPORTS.verotel?.disputes && PROVIDER_REPORTS.ccbill?.disputes).toBe(true);
    expect(PROVIDER_REPORTS.sandbox?.disputes).toBe(false);
  });

  it('counts calendar months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-06', -6)).toBe('2025-12');
  });
});
