import { describe, expect, it } from 'vitest';
import { COUNT_METRICS, TIME_METRICS } from '../../../core/schemas/staff-dashboard';
import type { Dashboard } from '../../../core/schemas/staff-back-office-answers';
import { daysWithData, hasFigures } from './dashboard-days';

// Issue 46, item 8: a young brand's dashboard shows the days that have figures, not 90 empty ones.
function answer(days: number, known: (day: number) => boolean, revenue: Record<string, (number | null)[]> = {}): Dashboard {
  const list = Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10));
  const series = Object.fromEntries(
    [...COUNT_METRICS, ...TIME_METRICS].map((m) => [
      m,
      list.map((_, i) => (known(i) ? (TIME_METRICS.includes(m as never) ? null : i) : null)),
    ]),
  ) as Dashboard['series'];
  return { brand: 'flirtlokaal', from: list[0], to: list.at(-1)!, days: list, series, revenue, live_at: '', rolled_up_at: null };
}

describe("the dashboard's days with figures", () => {
  it('keeps only today for a brand whose past days are unknown (before the first roll-up)', () => {
    const d = daysWithData(answer(90, (i) => i === 89))!;
    expect(d.days).toEqual(['2026-11-29']);
    expect(d.series.signups).toEqual([89]);
    expect(d.series.answer_ms_median).toEqual([null]);
    expect(d.from).toBe('2026-09-01');
  });

  it('starts at the first day with any known figure, revenue included, and keeps the gaps after it', () => {
    const d = daysWithData(answer(10, (i) => i === 6 || i === 9, { EUR: [null, null, null, null, 0, null, 5, null, null, 1] }))!;
    expect(d.days).toHaveLength(6);
    expect(d.revenue.EUR).toEqual([0, null, 5, null, null, 1]);
    expect(d.series.signups).toEqual([null, null, 6, null, null, 9]);
  });

  it('is the answer itself when the first day has figures, and null when no day has any', () => {
    const full = answer(5, () => true);
    expect(daysWithData(full)).toBe(full);
    expect(daysWithData(answer(90, () => false))).toBeNull();
  });

  it('tells a chart without figures', () => {
    expect(hasFigures([{ values: [null, null] }, { values: [null] }])).toBe(false);
    expect(hasFigures([{ values: [null, 0] }])).toBe(true);
  });
});
