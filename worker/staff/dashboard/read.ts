import { COUNT_METRICS, TIME_METRICS, type Dashboard } from '../../../core/schemas/staff-dashboard';
import { answerTimes, daysBetween, liveSteps, MARKED_METRICS, readDays, sumDays } from './compute';
import { namedBatch, rows } from '../../services/batch';
import type { Tables } from '../../db/tables';

/** The rollup rows of a brand (or '*') and a range of days: one range of the primary key. */
export const ROLLUP_SQL =
  'SELECT day, metric, currency, value, computed_at FROM daily_figures WHERE tenant_id = ? AND day >= ? AND day <= ?';

type RollupRow = Pick<Tables['daily_figures'], 'day' | 'metric' | 'currency' | 'value' | 'computed_at'>;

/**
 * The dashboard of one brand (`scope` = the brand) or the deployment (`scope` = '*', `brands` = every brand):
 * the days before today from the rollups (one range read of the primary key), today as the cron's rollup up to its
 * mark plus the rows since the mark (compute.ts LIVE_SQL: indexed ranges of at most an hour or so per brand; the
 * staff messages of the whole day), all in one batch, so both parts of today are read at the same moment.
 */
export async function loadDashboard(
  db: D1Database,
  scope: string,
  brands: string[],
  from: string,
  to: string,
  now: Date,
): Promise<Dashboard> {
  const today = now.toISOString().slice(0, 10);
  const days = daysBetween(from, to);
  const live = to >= today;
  const { rollup, ...todays } = await namedBatch(db, [
    ['rollup', rows<RollupRow>(db.prepare(ROLLUP_SQL).bind(scope, from, live ? today : to))],
    ...(live ? brands.flatMap((b) => liveSteps(db, b, today)) : []),
  ]);

  const index = new Map(days.map((d, i) => [d, i]));
  const nulls = () => days.map(() => null as number | null);
  const series = Object.fromEntries([...COUNT_METRICS, ...TIME_METRICS].map((m) => [m, nulls()])) as Dashboard['series'];
  const revenue: Dashboard['revenue'] = {};
  let rolledUpAt: string | null = null;
  for (const r of rollup.results) {
    const i = index.get(r.day)!;
    if (r.metric === 'revenue') (revenue[r.currency] ??= nulls())[i] = r.value;
    else if (r.metric in series) series[r.metric as keyof Dashboard['series']][i] = r.value;
    if (!rolledUpAt || r.computed_at > rolledUpAt) rolledUpAt = r.computed_at;
  }
  if (live) {
    const f = sumDays(brands.map((b) => readDays(todays, b, [today]).get(today)!));
    const i = index.get(today)!;
    // The rolled-up part of today (MARKED_METRICS and revenue, null before the day's first run) plus the live part.
    for (const m of COUNT_METRICS) series[m][i] = (MARKED_METRICS.includes(m) ? (series[m][i] ?? 0) : 0) + f.counts[m];
    const { median, p90 } = answerTimes(f);
    series.answer_ms_median[i] = median;
    series.answer_ms_p90[i] = p90;
    for (const [cur, v] of Object.entries(f.revenue)) (revenue[cur] ??= nulls())[i] = (revenue[cur][i] ?? 0) + v;
  }
  // A day that was rolled up (its counts are there) had no revenue in a currency another day had: 0, not unknown.
  for (const values of Object.values(revenue))
    days.forEach((_, i) => {
      if (values[i] === null && series.signups[i] !== null) values[i] = 0;
    });
  return { brand: scope === '*' ? null : scope, from, to, days, series, revenue, live_at: now.toISOString(), rolled_up_at: rolledUpAt };
}
