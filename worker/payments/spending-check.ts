import { marketRule } from '../../core/markets/tighten';
import { spendingWarningReasons } from '../../core/rules/spending-warning';
import type { SpendingCheck } from '../../core/schemas/spending';
import type { Tenant } from '../../core/schemas/tenant';
import type { AppContext } from '../context';
import { type CurrencyOwner, shopFor } from './catalogue';
import { inCurrency, rate } from './spending-sql';

interface Totals {
  amount_24h: number;
  purchases_24h: number;
  eur_24h: number;
  amount_30d: number;
  purchases_30d: number;
}

/**
 * Whether the checkout shows the pause screen first (issue 45, item 10): the market rule of the shop's country (the
 * country the order is placed for), tightened by the brand, over the member's paid orders of the last 24 hours and
 * 30 days, shown in the shop's currency.
 */
export function spendingCheck(c: AppContext, memberId: number): Promise<SpendingCheck> {
  return spendingCheckFor(c.env.DB, c.get('tenant'), c.get('country'), memberId, c.get('now'), c.get('member'));
}

/**
 * The same decision for a member outside their own request (the staff answer screen's protect flag): `country` is the
 * one their shop would be chosen by (the geo country at the checkout; the profile's country elsewhere).
 */
export async function spendingCheckFor(
  db: D1Database,
  tenant: Tenant,
  country: string | null,
  memberId: number,
  now: Date,
  owner: CurrencyOwner | null = null,
): Promise<SpendingCheck> {
  const shop = shopFor(tenant, country, owner);
  const day = new Date(now.getTime() - 86_400_000).toISOString();
  const month = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const shown = inCurrency('amount', 'currency', '?5');
  const totals = await db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN created_at > ?3 THEN ${shown} END), 0) AS amount_24h,
            COUNT(CASE WHEN created_at > ?3 THEN 1 END) AS purchases_24h,
            COALESCE(SUM(CASE WHEN created_at > ?3 THEN amount * ${rate('currency')} END), 0) AS eur_24h,
            COALESCE(SUM(${shown}), 0) AS amount_30d,
            COUNT(*) AS purchases_30d
       FROM orders WHERE tenant_id = ?1 AND member_id = ?2 AND status = 'paid' AND created_at > ?4`,
    )
    .bind(tenant.id, memberId, day, month, shop.currency)
    .first<Totals>();
  const t = totals ?? { amount_24h: 0, purchases_24h: 0, eur_24h: 0, amount_30d: 0, purchases_30d: 0 };
  const rule = marketRule(shop.country, tenant.market_rules);
  const reasons = spendingWarningReasons(
    rule.spending_warning,
    { purchases_24h: t.purchases_24h, eur_cents_24h: Math.round(t.eur_24h) },
    now,
    rule.time_zone,
  );
  return {
    pause_screen: reasons.length > 0,
    reasons,
    currency: shop.currency,
    spent_24h: { amount: Math.round(t.amount_24h), purchases: t.purchases_24h },
    spent_30d: { amount: Math.round(t.amount_30d), purchases: t.purchases_30d },
  };
}
