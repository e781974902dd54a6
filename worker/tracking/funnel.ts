import type { TRAFFIC_DIMENSIONS, TrafficRow } from '../../core/schemas/traffic';
import { ApiFailure } from '../errors';

/**
 * The funnel of a brand's paid traffic (issue 47 item 5) from the rows the postbacks were made from: clicks and
 * conversions in the period, counted on the day each happened, by one dimension of the click (a conversion whose
 * click was purged after 13 months counts under '' for the click's dimensions, under its network for 'network').
 * Reads ranges of the (tenant_id, created_at) indexes of both tables; the period is at most 92 days. A daily rollup
 * for a brand with millions of clicks (as daily_figures is for the figures) is still to do (decision 018).
 */
type Dimension = (typeof TRAFFIC_DIMENSIONS)[number];

const CLICK_KEY: Record<Dimension, string> = {
  network: 'n.name',
  campaign: "COALESCE(c.campaign, '')",
  sub1: "COALESCE(c.sub1, '')",
  lander: 'c.lander',
  country: 'c.country',
  day: 'substr(c.created_at, 1, 10)',
};
const CONVERSION_KEY: Record<Dimension, string> = {
  network: 'n.name',
  campaign: "COALESCE(c.campaign, '')",
  sub1: "COALESCE(c.sub1, '')",
  lander: "COALESCE(c.lander, '')",
  country: "COALESCE(c.country, '')",
  day: 'substr(v.created_at, 1, 10)',
};
const MAX_DAYS = 92;

export async function trafficFunnel(db: D1Database, tenantId: string, by: Dimension, from: string, to: string): Promise<TrafficRow[]> {
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  if (!(days >= 1 && days <= MAX_DAYS)) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { to: 'validation.invalid' });
  const repeat = `v.event = 'purchase' AND EXISTS (SELECT 1 FROM conversions f WHERE f.tenant_id = v.tenant_id AND f.member_id = v.member_id
      AND f.event = 'first_purchase' AND julianday(v.created_at) - julianday(f.created_at) <= 30)`;
  const counts = db
    .prepare(
      `WITH events AS (
         SELECT ${CLICK_KEY[by]} AS k, 1 AS clicks, 0 AS signups, 0 AS confirmed, 0 AS first_messages, 0 AS first_purchases, 0 AS repeats,
                0 AS refunds, 0 AS chargebacks
           FROM clicks c JOIN traffic_networks n ON n.id = c.network_id AND n.tenant_id = c.tenant_id
          WHERE c.tenant_id = ?1 AND c.created_at >= ?2 AND c.created_at < ?3
         UNION ALL
         SELECT ${CONVERSION_KEY[by]}, 0, v.event = 'signup', v.event = 'confirm', v.event = 'first_message', v.event = 'first_purchase',
                ${repeat}, v.reversal_kind IS 'refund', v.reversal_kind IS 'chargeback'
           FROM conversions v JOIN traffic_networks n ON n.id = v.network_id AND n.tenant_id = v.tenant_id
           LEFT JOIN clicks c ON c.id = v.click_id AND c.tenant_id = v.tenant_id
          WHERE v.tenant_id = ?1 AND v.created_at >= ?2 AND v.created_at < ?3
       )
       SELECT k AS key, SUM(clicks) AS clicks, SUM(signups) AS signups, SUM(confirmed) AS confirmed, SUM(first_messages) AS first_messages,
              SUM(first_purchases) AS first_purchases, SUM(repeats) AS repeat_purchases, SUM(refunds) AS refunds, SUM(chargebacks) AS chargebacks
         FROM events GROUP BY k ORDER BY clicks DESC, k LIMIT 500`,
    )
    .bind(tenantId, start, end);
  const money = db
    .prepare(
      `SELECT ${CONVERSION_KEY[by]} AS key, v.currency, SUM(v.amount) AS gross, SUM(CASE WHEN v.reversed_at IS NULL THEN v.amount ELSE 0 END) AS net
         FROM conversions v JOIN traffic_networks n ON n.id = v.network_id AND n.tenant_id = v.tenant_id
         LEFT JOIN clicks c ON c.id = v.click_id AND c.tenant_id = v.tenant_id
        WHERE v.tenant_id = ?1 AND v.created_at >= ?2 AND v.created_at < ?3 AND v.event IN ('first_purchase', 'purchase')
        GROUP BY 1, 2`,
    )
    .bind(tenantId, start, end);
  const [rows, revenue] = await db.batch([counts, money]);
  const byKey = new Map<string, TrafficRow['revenue']>();
  for (const r of revenue.results as { key: string; currency: string; gross: number; net: number }[]) {
    byKey.set(r.key, [...(byKey.get(r.key) ?? []), { currency: r.currency, gross: r.gross, net: r.net }]);
  }
  return (rows.results as Omit<TrafficRow, 'revenue'>[]).map((r) => ({
    ...r,
    key: String(r.key ?? ''),
    revenue: byKey.get(String(r.key ?? '')) ?? [],
  }));
}
