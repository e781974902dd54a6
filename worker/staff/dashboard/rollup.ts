import { DASHBOARD_DAYS, TIME_METRICS } from '../../../core/schemas/staff-dashboard';
import { TENANTS } from '../../tenants';
import { addDays, answerTimes, computeDays, computeSpan, type DayFigures, LIVE_FROM_METRIC, MARKED_METRICS } from './compute';
import type { Tables } from '../../db/tables';

/** Days before today the cron recomputes every run, so late payments, refunds and activations are reflected. */
export const RECOMPUTED_DAYS = 3;
/** Rows per INSERT statement (one JSON array each), well inside D1's statement and parameter sizes. */
const ROWS_PER_STATEMENT = 400;

type FigureRow = [tenant: string, day: string, metric: string, currency: string, value: number | null];

function rowsOf(tenant: string, day: string, f: DayFigures): FigureRow[] {
  const rows: FigureRow[] = Object.entries(f.counts).map(([metric, n]) => [tenant, day, metric, '', n]);
  const { median, p90 } = answerTimes(f);
  rows.push([tenant, day, TIME_METRICS[0], '', median], [tenant, day, TIME_METRICS[1], '', p90]);
  for (const [currency, amount] of Object.entries(f.revenue)) rows.push([tenant, day, 'revenue', currency, amount]);
  return rows;
}

/**
 * The first day to recompute: RECOMPUTED_DAYS ago, or earlier when a brand (or the deployment) misses a day of
 * the dashboard's range (a new deployment, a new brand, missed runs): then the whole range, in the same queries.
 */
async function firstDay(db: D1Database, brands: string[], today: string): Promise<string> {
  const oldest = addDays(today, -(DASHBOARD_DAYS - 1));
  const { results } = await db
    .prepare("SELECT tenant_id, COUNT(*) AS n FROM daily_figures WHERE metric = 'signups' AND day >= ? AND day < ? GROUP BY tenant_id")
    .bind(oldest, today)
    .all<Pick<Tables['daily_figures'], 'tenant_id'> & { n: number }>();
  const complete = new Set(results.filter((r) => r.n >= DASHBOARD_DAYS - 1).map((r) => r.tenant_id));
  return [...brands, '*'].every((b) => complete.has(b)) ? addDays(today, -RECOMPUTED_DAYS) : oldest;
}

/**
 * Today up to the last full hour before `now`: the metrics the dashboard adds its live part to (MARKED_METRICS,
 * revenue) and the mark itself (LIVE_FROM_METRIC, epoch ms), so the dashboard counts only the rows since the mark
 * (compute.ts LIVE_SQL). Nothing in the first hour of the day: the dashboard then counts the whole day live.
 */
async function todaySoFar(db: D1Database, brands: string[], today: string, now: Date): Promise<FigureRow[]> {
  const mark = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  if (mark <= Date.parse(`${today}T00:00:00Z`)) return [];
  const figures = await computeSpan(db, brands, today, new Date(mark).toISOString(), [today]);
  const rows: FigureRow[] = [];
  for (const [tenant, days] of figures) {
    const f = days.get(today)!;
    rows.push(...MARKED_METRICS.map((metric): FigureRow => [tenant, today, metric, '', f.counts[metric]]), [
      tenant,
      today,
      LIVE_FROM_METRIC,
      '',
      mark,
    ]);
    for (const [currency, amount] of Object.entries(f.revenue)) rows.push([tenant, today, 'revenue', currency, amount]);
  }
  return rows;
}

/**
 * The Cron Trigger's rollup: every brand's figures (and their sum, tenant '*') of the days before today, and of
 * today up to the last full hour (todaySoFar), written over whatever an earlier run wrote. Idempotent (values are
 * set, never added) and safe to run twice at once: all rows go in one batch, a transaction, and both runs write
 * the same values from the same data. An earlier day's mark goes in the same batch (that day is whole now).
 */
export async function rollUp(
  db: D1Database,
  now: Date,
  brands: string[] = TENANTS.map((t) => t.id),
): Promise<{ from: string; to: string; rows: number }> {
  const today = now.toISOString().slice(0, 10);
  const from = await firstDay(db, brands, today);
  const to = addDays(today, -1);
  const figures = await computeDays(db, brands, from, to);
  const rows: FigureRow[] = [];
  for (const [tenant, days] of figures) for (const [day, f] of days) rows.push(...rowsOf(tenant, day, f));
  rows.push(...(await todaySoFar(db, brands, today, now)));
  const at = now.toISOString();
  const statements: D1PreparedStatement[] = [
    db.prepare('DELETE FROM daily_figures WHERE metric = ? AND day < ?').bind(LIVE_FROM_METRIC, today),
  ];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      db
        .prepare(
          `INSERT INTO daily_figures (tenant_id, day, metric, currency, value, computed_at)
         SELECT r.value ->> '$[0]', r.value ->> '$[1]', r.value ->> '$[2]', r.value ->> '$[3]', r.value ->> '$[4]', ?2 FROM json_each(?1) r WHERE true
         ON CONFLICT (tenant_id, day, metric, currency) DO UPDATE SET value = excluded.value, computed_at = excluded.computed_at`,
        )
        .bind(JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT)), at),
    );
  }
  await db.batch(statements);
  return { from, to, rows: rows.length };
}
