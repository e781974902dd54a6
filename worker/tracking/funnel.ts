import { type PayoutGroup, type PayoutTerms, payoutsByMonth } from '../../core/rules/payout';
import { TRAFFIC_COUNTS, type TRAFFIC_DIMENSIONS, type TrafficPayout, type TrafficRow } from '../../core/schemas/traffic';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';
import { daysFrom, hoursOf, TRAFFIC_EVENTS_SQL, TRAFFIC_SUMS } from './traffic-rollup';

/**
 * The funnel of a brand's paid traffic (issue 47 item 5) and the payout owed per network and month, from the rows the
 * postbacks were made from: clicks and conversions counted on the day each happened, by one dimension of the click (a
 * conversion whose click was purged after 13 months counts under '' for the click's dimensions). Whole past days come
 * from the daily rollup (traffic_daily), the full hours of the days not rolled up whole (today) from the hourly one
 * (traffic_hourly), each one range of its primary key with the same statement (traffic-rollup.ts); the hours in
 * neither (the current hour, any the cron has not reached, an hour a reversal took out) from the raw rows, on the
 * (tenant_id, created_at) indexes (docs/decisions/022-traffic-hourly-rollup.md).
 */
type Dimension = (typeof TRAFFIC_DIMENSIONS)[number];

/** The funnel's key over the raw events (TRAFFIC_EVENTS_SQL). */
const KEY: Record<Dimension, string> = {
  network: 'n.name',
  campaign: 'd.campaign',
  sub1: 'd.sub1',
  lander: 'd.lander',
  country: 'd.country',
  day: 'd.day',
};
const MAX_DAYS = 92;
const MAX_ROWS = 500;

/** The rollups: the column of their period and the day it is in. */
const ROLLUPS = {
  traffic_daily: { period: 'd.day', day: 'd.day' },
  traffic_hourly: { period: 'd.hour', day: 'substr(d.hour, 1, 10)' },
} as const;
export type RollupTable = keyof typeof ROLLUPS;

/**
 * The funnel by `by` over the periods [?2, ?3] of brand ?1 in a rollup (days of traffic_daily, hours of
 * traffic_hourly): the rows of its dimension (by network and by day: the 'network' rows), one range of the primary key.
 */
export const funnelRollupSql = (by: Dimension, table: RollupTable = 'traffic_daily') => {
  const { period, day } = ROLLUPS[table];
  return by === 'network' || by === 'day'
    ? `SELECT ${by === 'network' ? 'n.name' : day} AS key, d.currency, ${TRAFFIC_SUMS}
         FROM ${table} d JOIN traffic_networks n ON n.id = d.network_id AND n.tenant_id = d.tenant_id
        WHERE d.tenant_id = ?1 AND d.dimension = 'network' AND ${period} >= ?2 AND ${period} <= ?3 GROUP BY 1, 2`
    : `SELECT d.key AS key, d.currency, ${TRAFFIC_SUMS} FROM ${table} d
        WHERE d.tenant_id = ?1 AND d.dimension = '${by}' AND ${period} >= ?2 AND ${period} <= ?3 GROUP BY 1, 2`;
};
/** The same from the raw rows of [?2, ?3) (ISO times). */
const funnelLiveSql = (by: Dimension) =>
  `WITH d AS (${TRAFFIC_EVENTS_SQL})
   SELECT ${KEY[by]} AS key, d.currency, ${TRAFFIC_SUMS} FROM d JOIN traffic_networks n ON n.id = d.network_id AND n.tenant_id = ?1
    GROUP BY 1, 2`;

/** What a network is owed, per network, month, currency and whether the hold period runs on ?4 (today). */
const payoutColumns = (day: string) => `n.name AS network, substr(${day}, 1, 7) AS month, d.currency,
  julianday(?4) - julianday(${day}) < n.hold_days AS held, SUM(d.confirmed) AS leads, SUM(d.first_purchases) AS sales,
  SUM(d.clawed_sales) AS clawed_sales, SUM(d.kept) AS kept`;
export const payoutRollupSql = (table: RollupTable = 'traffic_daily') => {
  const { period, day } = ROLLUPS[table];
  return `SELECT ${payoutColumns(day)}
  FROM ${table} d JOIN traffic_networks n ON n.id = d.network_id AND n.tenant_id = d.tenant_id
 WHERE d.tenant_id = ?1 AND d.dimension = 'network' AND ${period} >= ?2 AND ${period} <= ?3 GROUP BY 1, 2, 3, 4`;
};
export const PAYOUT_ROLLUP_SQL = payoutRollupSql();
const PAYOUT_LIVE_SQL = `WITH d AS (${TRAFFIC_EVENTS_SQL})
SELECT ${payoutColumns('d.day')} FROM d JOIN traffic_networks n ON n.id = d.network_id AND n.tenant_id = ?1 GROUP BY 1, 2, 3, 4`;

type Sums = Omit<TrafficRow, 'key' | 'revenue'> & { key: string | null; currency: string; gross: number; net: number };
type PayoutSums = {
  network: string;
  month: string;
  currency: string;
  held: number;
  leads: number;
  sales: number;
  clawed_sales: number;
  kept: number;
};

/**
 * The raw time ranges [start, end) (ISO) to count: the contiguous runs of the hours of `days` (sorted) whose day is
 * not in `rolledDays` and which are not in `rolledHours`.
 */
function unrolledRanges(days: string[], rolledDays: Set<string>, rolledHours: Set<string>): [string, string][] {
  const ranges: [string, string][] = [];
  for (const day of days) {
    if (rolledDays.has(day)) continue;
    for (const hour of hoursOf(day)) {
      if (rolledHours.has(hour)) continue;
      const start = `${hour}:00:00.000Z`;
      const end = new Date(Date.parse(start) + 3_600_000).toISOString();
      const last = ranges.at(-1);
      if (last && last[1] === start) last[1] = end;
      else ranges.push([start, end]);
    }
  }
  return ranges;
}

export interface TrafficReport {
  rows: TrafficRow[];
  payouts: TrafficPayout[];
  rolled_up_at: string | null;
}

export async function trafficFunnel(
  db: D1Database,
  tenantId: string,
  by: Dimension,
  from: string,
  to: string,
  now: Date = new Date(),
): Promise<TrafficReport> {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (!(days >= 1 && days <= MAX_DAYS)) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { to: 'validation.invalid' });
  const today = now.toISOString().slice(0, 10);
  // The payout is per month: the whole months the period touches, up to today.
  const monthFrom = `${from.slice(0, 7)}-01`;
  const monthTo = (() => {
    const next = new Date(Date.parse(`${to.slice(0, 7)}-01T00:00:00.000Z`));
    next.setUTCMonth(next.getUTCMonth() + 1);
    const last = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
    return last < today ? last : today;
  })();
  const last = to > monthTo ? to : monthTo;
  const [marks, hourMarks, terms] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT day, computed_at FROM traffic_days WHERE tenant_id = ? AND day >= ? AND day <= ?').bind(tenantId, monthFrom, last),
    db
      .prepare('SELECT hour, computed_at FROM traffic_hours WHERE tenant_id = ? AND hour >= ? AND hour <= ?')
      .bind(tenantId, `${monthFrom}T00`, `${last}T23`),
    db
      .prepare('SELECT name, payout_model, payout_amount, revshare_percent, payout_currency FROM traffic_networks WHERE tenant_id = ?')
      .bind(tenantId),
  ]);
  const rolled = new Set<string>();
  let rolledUpAt: string | null = null;
  for (const m of marks.results as { day: string; computed_at: string }[]) {
    if (m.day >= today) continue;
    rolled.add(m.day);
    if (!rolledUpAt || m.computed_at > rolledUpAt) rolledUpAt = m.computed_at;
  }
  // Full hours only: a mark of the current hour (a clock ahead of this one) is not trusted.
  const thisHour = now.toISOString().slice(0, 13);
  const rolledHours = new Set<string>();
  for (const m of hourMarks.results as { hour: string; computed_at: string }[]) {
    if (m.hour >= thisHour) continue;
    rolledHours.add(m.hour);
    if (!rolledUpAt || m.computed_at > rolledUpAt) rolledUpAt = m.computed_at;
  }
  // The hourly rollup is read up to the last full hour, as its marks are.
  const lastFullHour = new Date(Date.parse(`${thisHour}:00:00.000Z`) - 3_600_000).toISOString().slice(0, 13);
  const upTo = (day: string) => (`${day}T23` < lastFullHour ? `${day}T23` : lastFullHour);
  const funnelLive = unrolledRanges(daysFrom(from, to), rolled, rolledHours);
  const payoutLive = monthFrom <= monthTo ? unrolledRanges(daysFrom(monthFrom, monthTo), rolled, rolledHours) : [];
  const statements = [
    db.prepare(funnelRollupSql(by)).bind(tenantId, from, to),
    db.prepare(funnelRollupSql(by, 'traffic_hourly')).bind(tenantId, `${from}T00`, upTo(to)),
    ...funnelLive.map((range) => db.prepare(funnelLiveSql(by)).bind(tenantId, ...range)),
    db.prepare(PAYOUT_ROLLUP_SQL).bind(tenantId, monthFrom, monthTo, today),
    db.prepare(payoutRollupSql('traffic_hourly')).bind(tenantId, `${monthFrom}T00`, upTo(monthTo), today),
    ...payoutLive.map((range) => db.prepare(PAYOUT_LIVE_SQL).bind(tenantId, ...range, today)),
  ];
  const results = await db.batch<Record<string, unknown>>(statements);
  const funnelParts = results.slice(0, 2 + funnelLive.length).flatMap((r) => r.results as Sums[]);
  const payoutParts = results.slice(2 + funnelLive.length).flatMap((r) => r.results as PayoutSums[]);
  return { rows: funnelRows(funnelParts), payouts: payouts(payoutParts, terms.results as PayoutTermsRow[]), rolled_up_at: rolledUpAt };
}

const COUNTS = TRAFFIC_COUNTS;

/** The rolled-up and the live sums added per key (counts over every currency, money per currency), most clicks first. */
function funnelRows(parts: Sums[]): TrafficRow[] {
  const rows = new Map<string, TrafficRow>();
  for (const p of parts) {
    const key = String(p.key ?? '');
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        clicks: 0,
        signups: 0,
        confirmed: 0,
        first_messages: 0,
        first_purchases: 0,
        repeat_purchases: 0,
        refunds: 0,
        chargebacks: 0,
        revenue: [],
      };
      rows.set(key, row);
    }
    for (const k of COUNTS) row[k] += Number(p[k] ?? 0);
    if (!p.currency) continue;
    const money = row.revenue.find((m) => m.currency === p.currency);
    if (money) {
      money.gross += Number(p.gross);
      money.net += Number(p.net);
    } else row.revenue.push({ currency: p.currency, gross: Number(p.gross), net: Number(p.net) });
  }
  return [...rows.values()]
    .sort((a, b) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, MAX_ROWS)
    .map((r) => ({ ...r, revenue: r.revenue.sort((a, b) => a.currency.localeCompare(b.currency)) }));
}

type PayoutTermsRow = Pick<Tables['traffic_networks'], 'name' | 'payout_amount' | 'revshare_percent' | 'payout_currency'> & {
  payout_model: PayoutTerms['payout_model'];
};

function payouts(parts: PayoutSums[], terms: PayoutTermsRow[]): TrafficPayout[] {
  const byName = new Map(terms.map((t) => [t.name, t]));
  const groups: PayoutGroup[] = parts.map((p) => ({
    network: p.network,
    month: p.month,
    currency: p.currency,
    held: Boolean(p.held),
    leads: Number(p.leads),
    sales: Number(p.sales),
    clawedSales: Number(p.clawed_sales),
    kept: Number(p.kept),
  }));
  return payoutsByMonth(groups, (name) => byName.get(name));
}
