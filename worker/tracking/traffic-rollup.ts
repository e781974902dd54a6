import { logEvent } from '../log';

/**
 * The funnel's daily rollup (issue 47; migrations/0045_traffic_daily.sql), as daily_figures is for the figures
 * dashboard, and its hourly rollup of the days not rolled up whole yet (migrations/0047_traffic_hourly.sql,
 * docs/decisions/022-traffic-hourly-rollup.md). TRAFFIC_EVENTS_SQL turns the raw rows of a brand and a time range
 * (clicks, and the conversions with their click's dimensions) into one row per event with the rollup's columns; the
 * cron sums it into traffic_daily per day and into traffic_hourly per hour, and the funnel sums the same rows for the
 * hours not rolled up (the current one). One expression of what counts, so the rollups and the live hour add up the
 * same way.
 *
 * Parameters: ?1 the brand, ?2 and ?3 the range [start, end) as ISO times.
 */
const PURCHASE = "v.event IN ('first_purchase', 'purchase')";
const CLAWED = 'v.reversed_at IS NOT NULL AND julianday(v.reversed_at) - julianday(v.created_at) <= n.hold_days';
const REPEAT = `v.event = 'purchase' AND EXISTS (SELECT 1 FROM conversions f WHERE f.tenant_id = v.tenant_id AND f.member_id = v.member_id
      AND f.event = 'first_purchase' AND julianday(v.created_at) - julianday(f.created_at) <= 30)`;

export const TRAFFIC_EVENTS_SQL = `
  SELECT substr(c.created_at, 1, 10) AS day, substr(c.created_at, 1, 13) AS hour, c.network_id, COALESCE(c.campaign, '') AS campaign, COALESCE(c.sub1, '') AS sub1,
         c.lander, c.country, '' AS currency, 1 AS clicks, 0 AS signups, 0 AS confirmed, 0 AS first_messages, 0 AS first_purchases,
         0 AS repeat_purchases, 0 AS refunds, 0 AS chargebacks, 0 AS clawed_sales, 0 AS gross, 0 AS net, 0 AS kept
    FROM clicks c
   WHERE c.tenant_id = ?1 AND c.created_at >= ?2 AND c.created_at < ?3
  UNION ALL
  SELECT substr(v.created_at, 1, 10), substr(v.created_at, 1, 13), v.network_id, COALESCE(c.campaign, ''), COALESCE(c.sub1, ''), COALESCE(c.lander, ''),
         COALESCE(c.country, ''), COALESCE(v.currency, ''), 0, v.event = 'signup', v.event = 'confirm', v.event = 'first_message',
         v.event = 'first_purchase', ${REPEAT}, v.reversal_kind IS 'refund', v.reversal_kind IS 'chargeback',
         v.event = 'first_purchase' AND ${CLAWED},
         CASE WHEN ${PURCHASE} THEN v.amount ELSE 0 END,
         CASE WHEN ${PURCHASE} AND v.reversed_at IS NULL THEN v.amount ELSE 0 END,
         CASE WHEN ${PURCHASE} AND NOT (${CLAWED}) THEN v.amount ELSE 0 END
    FROM conversions v JOIN traffic_networks n ON n.id = v.network_id AND n.tenant_id = v.tenant_id
    LEFT JOIN clicks c ON c.id = v.click_id AND c.tenant_id = v.tenant_id
   WHERE v.tenant_id = ?1 AND v.created_at >= ?2 AND v.created_at < ?3`;

/** The sums of the rollup's counters over rows aliased `d` (of traffic_daily, or of TRAFFIC_EVENTS_SQL). */
export const TRAFFIC_SUMS = `SUM(d.clicks) AS clicks, SUM(d.signups) AS signups, SUM(d.confirmed) AS confirmed,
  SUM(d.first_messages) AS first_messages, SUM(d.first_purchases) AS first_purchases, SUM(d.repeat_purchases) AS repeat_purchases,
  SUM(d.refunds) AS refunds, SUM(d.chargebacks) AS chargebacks, SUM(d.clawed_sales) AS clawed_sales, SUM(d.gross) AS gross,
  SUM(d.net) AS net, SUM(d.kept) AS kept`;

/** The rollup's dimensions besides 'network' (traffic_daily.dimension), each a column of TRAFFIC_EVENTS_SQL. */
export const ROLLUP_DIMENSIONS = ['campaign', 'sub1', 'lander', 'country'] as const;
const COUNTERS =
  'clicks, signups, confirmed, first_messages, first_purchases, repeat_purchases, refunds, chargebacks, clawed_sales, gross, net, kept';
const SUMS = COUNTERS.split(', ')
  .map((c) => `SUM(d.${c})`)
  .join(', ');

/** Days the funnel may read (92) plus the month before its first day, for the payout per month. */
export const TRAFFIC_ROLLUP_DAYS = 124;
/** Days before today recomputed every run: late conversions of a click, late refunds. */
export const TRAFFIC_RECOMPUTED_DAYS = 3;
/** Days per INSERT statement when a brand's whole range is (re)computed. */
const DAYS_PER_STATEMENT = 7;

const dayAfter = (day: string, n = 1) => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = dayAfter(d)) days.push(d);
  return days;
}

/** The hours ('YYYY-MM-DDTHH') of a day, the first `n`. */
export const hoursOf = (day: string, n = 24): string[] => Array.from({ length: n }, (_, h) => `${day}T${String(h).padStart(2, '0')}`);

/** INSERT of the rollup of the raw rows [?2, ?3) of brand ?1 into `table`, per `period` (a column of TRAFFIC_EVENTS_SQL). */
const rollupInsertSql = (table: 'traffic_daily' | 'traffic_hourly', period: 'day' | 'hour') =>
  `WITH d AS MATERIALIZED (${TRAFFIC_EVENTS_SQL})
   INSERT INTO ${table} (tenant_id, dimension, ${period}, network_id, key, currency, ${COUNTERS})
   SELECT ?1, 'network', d.${period}, d.network_id, '', d.currency, ${SUMS} FROM d GROUP BY d.${period}, d.network_id, d.currency
   ${ROLLUP_DIMENSIONS.map((dim) => `UNION ALL SELECT ?1, '${dim}', d.${period}, 0, d.${dim}, d.currency, ${SUMS} FROM d GROUP BY d.${period}, d.${dim}, d.currency`).join('\n')}`;

/** Deletes the hourly rollup (rows and marks) of the hours [from, to) of a brand. */
function forgetHours(db: D1Database, tenant: string, from: string, to: string): D1PreparedStatement[] {
  return ['traffic_hourly', 'traffic_hours'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE tenant_id = ? AND hour >= ? AND hour < ?`).bind(tenant, from, to),
  );
}

/**
 * Deletes and writes again the rollup of the days [from, to] of a brand, and marks them rolled up; their hours go
 * (the day's rows count them now).
 */
function recompute(db: D1Database, tenant: string, from: string, to: string, at: string): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM traffic_daily WHERE tenant_id = ? AND day >= ? AND day <= ?').bind(tenant, from, to),
    db.prepare(rollupInsertSql('traffic_daily', 'day')).bind(tenant, `${from}T00:00:00.000Z`, `${dayAfter(to)}T00:00:00.000Z`),
    db
      .prepare(
        `INSERT INTO traffic_days (tenant_id, day, computed_at) SELECT ?1, value, ?2 FROM json_each(?3) WHERE true
         ON CONFLICT (tenant_id, day) DO UPDATE SET computed_at = excluded.computed_at`,
      )
      .bind(tenant, at, JSON.stringify(daysFrom(from, to))),
    ...forgetHours(db, tenant, `${from}T00`, `${dayAfter(to)}T00`),
  ];
}

/** Deletes and writes again the hourly rollup of the first `hours` full hours of `day` of a brand, and marks them. */
function recomputeHours(db: D1Database, tenant: string, day: string, hours: number, at: string): D1PreparedStatement[] {
  const marked = hoursOf(day, hours);
  const end = hours === 24 ? `${dayAfter(day)}T00:00:00.000Z` : `${day}T${String(hours).padStart(2, '0')}:00:00.000Z`;
  return [
    ...forgetHours(db, tenant, `${day}T00`, `${dayAfter(day)}T00`),
    db.prepare(rollupInsertSql('traffic_hourly', 'hour')).bind(tenant, `${day}T00:00:00.000Z`, end),
    db
      .prepare('INSERT INTO traffic_hours (tenant_id, hour, computed_at) SELECT ?1, value, ?2 FROM json_each(?3) WHERE true')
      .bind(tenant, at, JSON.stringify(marked)),
  ];
}

/**
 * A reversal's statements, in its UPDATE's batch after it: the hours of the conversions of order ?2 reversed at ?3 go
 * from the hourly rollup (rows and marks), so the funnel counts them from the raw rows (with the reversal) until
 * the next run writes them again. A reversed conversion of a whole past day shows at the next run, which recomputes
 * the days of conversions reversed lately.
 */
export function forgetReversedHours(db: D1Database, tenant: string, orderId: number, at: string): D1PreparedStatement[] {
  return ['traffic_hourly', 'traffic_hours'].map((table) =>
    db
      .prepare(
        `DELETE FROM ${table} WHERE tenant_id = ?1 AND hour IN (SELECT substr(created_at, 1, 13) FROM conversions
          WHERE tenant_id = ?1 AND order_id = ?2 AND reversed_at = ?3)`,
      )
      .bind(tenant, orderId, at),
  );
}

/**
 * The cron's rollup of each brand (hourly, beside the figures'): the whole days before today, idempotent (a day is
 * deleted and written again from the raw rows, in one batch per brand: a transaction, so a reader sees the old day
 * or the new one and two runs at once write the same). Every run: the last TRAFFIC_RECOMPUTED_DAYS days, and every
 * older day a conversion of which was reversed in that time (its net and clawbacks changed); the whole
 * TRAFFIC_ROLLUP_DAYS when a day of them is missing (a new deployment, a new brand, missed runs). Then today's full
 * hours, all of them again every run (late clicks and conversions of an hour, reversals of its conversions), in the
 * same batch: a day written whole takes the place of its hours.
 */
export async function rollUpTraffic(db: D1Database, now: Date, tenantIds: readonly string[]): Promise<{ brands: number; days: number }> {
  const today = now.toISOString().slice(0, 10);
  const yesterday = dayAfter(today, -1);
  const oldest = dayAfter(today, -TRAFFIC_ROLLUP_DAYS);
  const recent = dayAfter(today, -TRAFFIC_RECOMPUTED_DAYS);
  const at = now.toISOString();
  let days = 0;
  for (const tenant of tenantIds) {
    const [marked, reversed] = await db.batch<{ n?: number; day?: string }>([
      db.prepare('SELECT COUNT(*) AS n FROM traffic_days WHERE tenant_id = ? AND day >= ? AND day <= ?').bind(tenant, oldest, yesterday),
      db
        .prepare(
          `SELECT DISTINCT substr(created_at, 1, 10) AS day FROM conversions
            WHERE tenant_id = ? AND reversed_at >= ? AND created_at >= ? AND created_at < ? LIMIT 400`,
        )
        .bind(tenant, `${recent}T00:00:00.000Z`, `${oldest}T00:00:00.000Z`, `${recent}T00:00:00.000Z`),
    ]);
    const complete = (marked.results[0]?.n ?? 0) >= TRAFFIC_ROLLUP_DAYS;
    const from = complete ? recent : oldest;
    const statements: D1PreparedStatement[] = [];
    for (let d = from; d <= yesterday; d = dayAfter(d, DAYS_PER_STATEMENT)) {
      const last = dayAfter(d, DAYS_PER_STATEMENT - 1);
      statements.push(...recompute(db, tenant, d, last < yesterday ? last : yesterday, at));
    }
    const older = complete ? reversed.results.map((r) => r.day!).filter((d) => d < from) : [];
    for (const day of older) statements.push(...recompute(db, tenant, day, day, at));
    const fullHours = now.getUTCHours();
    if (fullHours > 0) statements.push(...recomputeHours(db, tenant, today, fullHours, at));
    try {
      await db.batch(statements);
      days += daysFrom(from, yesterday).length + older.length;
    } catch (error) {
      // One brand's failure leaves its days as they were (the batch is a transaction); the others go on.
      logEvent('error', 'traffic rollup failed', { tenant, error: String(error) });
    }
  }
  return { brands: tenantIds.length, days };
}
