import { COUNT_METRICS, TIME_METRICS } from '../../../core/schemas/staff-dashboard';
import type { Dashboard } from '../../../core/schemas/staff-back-office-answers';
import { answerTimes, daysBetween, liveSteps, MARKED_METRICS, readDays, sumDays } from './compute';
import { namedBatch, rows } from '../../db/batch';
import type { Tables } from '../../db/tables';
import type { BrandGroup } from '../../db/request-db';

/** The rollup rows of a brand (or '*') and a range of days: one range of the primary key. */
export const ROLLUP_SQL =
  'SELECT day, metric, currency, value, computed_at FROM daily_figures WHERE tenant_id = ? AND day >= ? AND day <= ?';

type RollupRow = Pick<Tables['daily_figures'], 'day' | 'metric' | 'currency' | 'value' | 'computed_at'>;

/**
 * The dashboard of one brand (`scope` = the brand, one group) or the deployment (`scope` = '*', every brand, one
 * group per database): the days before today from the rollups (one range read of the primary key per database: each
 * database's cron writes its brands' sum as tenant '*'), today as the cron's rollup up to its mark plus the rows since
 * the mark (compute.ts LIVE_SQL: indexed ranges of at most an hour or so per brand; the staff messages of the whole
 * day), in one batch per database, so both parts of today are read at the same moment.
 *
 * Over several databases, counts and revenue of the days before today add up (a day some database has not rolled up
 * is unknown, not a smaller number). Answer times cannot: a median of medians is no median. A past day's are shown
 * when one database had all of its answers, else unknown; today's answers are read one by one from every database.
 */
export async function loadDashboard(groups: BrandGroup[], scope: string, from: string, to: string, now: Date): Promise<Dashboard> {
  const today = now.toISOString().slice(0, 10);
  const days = daysBetween(from, to);
  const live = to >= today;
  const reads = await Promise.all(
    groups.map(({ db, brands }) =>
      namedBatch(db, [
        ['rollup', rows<RollupRow>(db.prepare(ROLLUP_SQL).bind(scope, from, live ? today : to))],
        ...(live ? brands.flatMap((b) => liveSteps(db, b, today)) : []),
      ]),
    ),
  );

  const index = new Map(days.map((d, i) => [d, i]));
  const nulls = () => days.map(() => null as number | null);
  const parts = reads.map(({ rollup }) => rolledUp(rollup.results, days, index, nulls));
  const series = Object.fromEntries([...COUNT_METRICS, ...TIME_METRICS].map((m) => [m, nulls()])) as Dashboard['series'];
  for (const m of COUNT_METRICS) series[m] = days.map((_, i) => sumKnown(parts.map((p) => p.series[m][i])));
  for (const m of TIME_METRICS)
    series[m] = days.map(
      (_, i) =>
        onlyAnswering(
          parts.map((p) => p.series),
          i,
        )?.[m][i] ?? null,
    );
  const revenue: Dashboard['revenue'] = {};
  for (const cur of new Set(parts.flatMap((p) => Object.keys(p.revenue))))
    revenue[cur] = days.map((_, i) => sumKnown(parts.map((p) => p.revenue[cur]?.[i] ?? (p.series.signups[i] === null ? null : 0))));
  const rolledUpAt = parts.reduce<string | null>((at, p) => (p.rolledUpAt && (!at || p.rolledUpAt > at) ? p.rolledUpAt : at), null);

  if (live) {
    const f = sumDays(groups.flatMap(({ brands }, g) => brands.map((b) => readDays(reads[g], b, [today]).get(today)!)));
    const i = index.get(today)!;
    // The rolled-up part of today (MARKED_METRICS and revenue, null before the day's first run) plus the live part.
    const base = (values: ((number | null)[] | undefined)[]) => values.reduce((sum, v) => sum + (v?.[i] ?? 0), 0);
    for (const m of COUNT_METRICS) series[m][i] = (MARKED_METRICS.includes(m) ? base(parts.map((p) => p.series[m])) : 0) + f.counts[m];
    const { median, p90 } = answerTimes(f);
    series.answer_ms_median[i] = median;
    series.answer_ms_p90[i] = p90;
    for (const cur of new Set([...Object.keys(revenue), ...Object.keys(f.revenue)]))
      (revenue[cur] ??= nulls())[i] = base(parts.map((p) => p.revenue[cur])) + (f.revenue[cur] ?? 0);
  }
  return { brand: scope === '*' ? null : scope, from, to, days, series, revenue, live_at: now.toISOString(), rolled_up_at: rolledUpAt };
}

/** One database's rollup rows as series; a rolled-up day without revenue in a currency had 0 of it, not unknown. */
function rolledUp(results: RollupRow[], days: string[], index: Map<string, number>, nulls: () => (number | null)[]) {
  const series = Object.fromEntries([...COUNT_METRICS, ...TIME_METRICS].map((m) => [m, nulls()])) as Dashboard['series'];
  const revenue: Dashboard['revenue'] = {};
  let rolledUpAt: string | null = null;
  for (const r of results) {
    const i = index.get(r.day)!;
    if (r.metric === 'revenue') (revenue[r.currency] ??= nulls())[i] = r.value;
    else if (r.metric in series) series[r.metric as keyof Dashboard['series']][i] = r.value;
    if (!rolledUpAt || r.computed_at > rolledUpAt) rolledUpAt = r.computed_at;
  }
  for (const values of Object.values(revenue))
    days.forEach((_, i) => {
      if (values[i] === null && series.signups[i] !== null) values[i] = 0;
    });
  return { series, revenue, rolledUpAt };
}

/** The one part that answered on day `i` when every part is known and only one answered, else null. */
function onlyAnswering(parts: Dashboard['series'][], i: number): Dashboard['series'] | null {
  if (parts.some((p) => p.answered[i] === null)) return null;
  const answering = parts.filter((p) => (p.answered[i] ?? 0) > 0);
  return answering.length === 1 ? answering[0] : null;
}

/** The sum, or null when any part is unknown. */
const sumKnown = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : values.reduce<number>((sum, v) => sum + (v as number), 0);
