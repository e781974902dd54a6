import type { Dashboard } from '../../../core/schemas/staff-back-office-answers';

/**
 * The part of a dashboard answer that has figures (issue 46, item 8): a young brand (or a deployment before the
 * daily roll-up's first run) has nothing known for most of the range, and 90 empty days with one dot at the end say
 * less than the days that have data. The answer from its first day with any known figure (a rolled-up 0 is known;
 * `null` is not) to its end; null when no day in the range has any.
 */
export function daysWithData(d: Dashboard): Dashboard | null {
  const columns = [...Object.values(d.series), ...Object.values(d.revenue)];
  const first = d.days.findIndex((_, i) => columns.some((values) => values[i] !== null));
  if (first < 0) return null;
  if (first === 0) return d;
  const cut = (values: (number | null)[]) => values.slice(first);
  return {
    ...d,
    days: d.days.slice(first),
    series: Object.fromEntries(Object.entries(d.series).map(([m, values]) => [m, cut(values)])) as Dashboard['series'],
    revenue: Object.fromEntries(Object.entries(d.revenue).map(([c, values]) => [c, cut(values)])),
  };
}

/** Whether a chart's columns hold any known value: a chart without one says "no data yet" instead of drawing. */
export const hasFigures = (columns: { values: (number | null)[] }[]): boolean => columns.some((c) => c.values.some((v) => v !== null));
