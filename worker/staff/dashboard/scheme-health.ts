import {
  addMonths,
  CARD_METHODS,
  ecpParts,
  levelOf,
  PROVIDER_REPORTS,
  ratio,
  vampParts,
  type MonthCounts,
} from '../../../core/rules/scheme-health';
import { SCHEME_HEALTH_MONTHS, type SchemeHealth, type SchemeHealthRow } from '../../../core/schemas/scheme-health';
import { namedBatchPerDatabase, rows } from '../../db/batch';
import type { BrandGroup } from '../../db/request-db';
import type { Tables } from '../../db/tables';

// Scheme health per brand, provider and calendar month (issue 44, item 7; core/rules/scheme-health.ts has the
// definitions). Computed from the orders the server acted on, so a figure is what the money did: a sale is an
// order's paid_at, a dispute its charged_back_at (set when the provider's verified chargeback moved it, migration
// 0028), a refund its refunded_at unless that refund was the chargeback itself. Card payments only (CARD_METHODS).
// Each query reads one brand's range of one partial index on (tenant_id, <time>); months are UTC, from ISO strings.

const CARDS = `method IN (${CARD_METHODS.map((m) => `'${m}'`).join(', ')})`;
export const SCHEME_SQL = {
  settled: `SELECT provider, substr(paid_at, 1, 7) AS month, currency, COUNT(*) AS n, SUM(amount) AS amount FROM orders
             WHERE tenant_id = ?1 AND paid_at >= ?2 AND paid_at < ?3 AND ${CARDS} GROUP BY provider, month, currency`,
  disputes: `SELECT provider, substr(charged_back_at, 1, 7) AS month, COUNT(*) AS n FROM orders
              WHERE tenant_id = ?1 AND charged_back_at >= ?2 AND charged_back_at < ?3 AND ${CARDS} GROUP BY provider, month`,
  // A chargeback on an order that was not refunded sets refunded_at to its own time: that is no refund.
  refunds: `SELECT provider, substr(refunded_at, 1, 7) AS month, COUNT(*) AS n FROM orders
             WHERE tenant_id = ?1 AND refunded_at >= ?2 AND refunded_at < ?3 AND ${CARDS} AND paid_at IS NOT NULL
               AND (charged_back_at IS NULL OR refunded_at < charged_back_at) GROUP BY provider, month`,
  alerts: 'SELECT provider, month, created_at FROM scheme_health_alerts WHERE tenant_id = ?1 AND month >= ?2',
} as const;

type CountRow = { provider: string; month: string; n: number };
type SettledRow = CountRow & { currency: string; amount: number };
type AlertRow = Pick<Tables['scheme_health_alerts'], 'provider' | 'month' | 'created_at'>;

/** The shown months (oldest first) ending with the month of `now`, and the bounds the queries read (one month more, for ECP). */
export function monthsUpTo(now: Date, count: number = SCHEME_HEALTH_MONTHS) {
  const current = now.toISOString().slice(0, 7);
  const months = Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
  return { months, start: `${addMonths(months[0], -1)}-01`, end: `${addMonths(current, 1)}-01` };
}

function steps(db: D1Database, brand: string, start: string, end: string, first: string) {
  const bind = (sql: string) => db.prepare(sql).bind(brand, start, end);
  return [
    [`${brand}:settled`, rows<SettledRow>(bind(SCHEME_SQL.settled))],
    [`${brand}:disputes`, rows<CountRow>(bind(SCHEME_SQL.disputes))],
    [`${brand}:refunds`, rows<CountRow>(bind(SCHEME_SQL.refunds))],
    [`${brand}:alerts`, rows<AlertRow>(db.prepare(SCHEME_SQL.alerts).bind(brand, first))],
  ] as const;
}

/** Every brand's rows of the months up to `now`'s, one batch per database (brand, provider, month order). */
export async function computeSchemeHealth(
  groups: BrandGroup[],
  now: Date,
  count: number = SCHEME_HEALTH_MONTHS,
): Promise<SchemeHealthRow[]> {
  const { months, start, end } = monthsUpTo(now, count);
  const results = await namedBatchPerDatabase(groups, (db, brand) => steps(db, brand, start, end, months[0]));
  const out: SchemeHealthRow[] = [];
  for (const brand of groups.flatMap((g) => g.brands).sort()) {
    const settled = results[`${brand}:settled`].results;
    const disputes = results[`${brand}:disputes`].results;
    const refunds = results[`${brand}:refunds`].results;
    const alerts = results[`${brand}:alerts`].results;
    const shown = new Set(months);
    const providers = new Set([...settled, ...disputes, ...refunds].filter((r) => shown.has(r.month)).map((r) => r.provider));
    for (const provider of [...providers].sort()) {
      const at = <R extends CountRow>(list: R[], month: string) => list.filter((r) => r.provider === provider && r.month === month);
      const counts = (month: string): MonthCounts => {
        const reports = PROVIDER_REPORTS[provider] ?? { disputes: false, fraudReports: false };
        return {
          settled: at(settled, month).reduce((sum, r) => sum + r.n, 0),
          disputes: reports.disputes ? at(disputes, month).reduce((sum, r) => sum + r.n, 0) : null,
          fraudReports: null,
        };
      };
      for (const month of months) {
        const c = counts(month);
        const vamp = vampParts(c);
        const ecp = ecpParts(c, counts(addMonths(month, -1)));
        out.push({
          brand,
          provider,
          month,
          settled: c.settled,
          settled_amount: Object.fromEntries(at(settled, month).map((r) => [r.currency, r.amount])),
          disputes: c.disputes,
          fraud_reports: c.fraudReports,
          refunds: at(refunds, month).reduce((sum, r) => sum + r.n, 0),
          vamp_ratio: ratio(vamp),
          vamp_partial: vamp.partial,
          vamp_level: levelOf(vamp),
          ecp_previous_settled: ecp.of,
          ecp_ratio: ratio(ecp),
          ecp_level: levelOf(ecp),
          alerted_at: alerts.find((a) => a.provider === provider && a.month === month)?.created_at ?? null,
        });
      }
    }
  }
  return out;
}

/** The answer of scheme-health.php: one brand (`scope`) or every brand ('*'). */
export async function loadSchemeHealth(groups: BrandGroup[], scope: string, now: Date): Promise<SchemeHealth> {
  return {
    brand: scope === '*' ? null : scope,
    months: monthsUpTo(now).months,
    rows: await computeSchemeHealth(groups, now),
    computed_at: now.toISOString(),
  };
}
