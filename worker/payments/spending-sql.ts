import { EUR_PER_UNIT } from '../../core/markets/rules';
import { LIMIT_WINDOW_DAYS } from '../../core/rules/spending-limits';

/**
 * The SQL that enforces a member's own limits and pause where an order is inserted (worker/payments/orders.ts
 * `placeOrder`): part of the INSERT's WHERE, so deciding and writing are one statement and 20 orders at once cannot
 * pass a limit together (D1 runs one statement at a time; each counts the ones inserted before it).
 */

/** A stored value as it stands at `now`: its pending value once that value's time has come. */
const effective = (alias: string, column: 'amount' | 'until', now: string) =>
  `(CASE WHEN ${alias}.pending_from IS NOT NULL AND ${alias}.pending_from <= ${now} THEN ${alias}.pending_${column} ELSE ${alias}.${column} END)`;

// Constants of core/markets/rules.ts only (never input): euros per unit of each currency.
const RATE_CASES = Object.entries(EUR_PER_UNIT)
  .filter(([code]) => /^[A-Z]{3}$/.test(code))
  .map(([code, rate]) => `WHEN '${code}' THEN ${Number(rate)}`)
  .join(' ');
export const rate = (currency: string) => `(CASE ${currency} ${RATE_CASES} ELSE 1 END)`;

/** An amount in cents of `from` as cents of `to`: exact when they are the same currency. */
export const inCurrency = (amount: string, from: string, to: string) =>
  `(CASE WHEN ${from} = ${to} THEN ${amount} ELSE ROUND(${amount} * ${rate(from)} / ${rate(to)}) END)`;

/** The placeholders of the order's INSERT that the condition reads. */
export interface OrderParams {
  tenant: string;
  member: string;
  currency: string;
  amount: string;
  /** The order's time, ISO. */
  now: string;
  /** The start of the day, week and month windows (`spendingWindows`), ISO. */
  since: Record<'day' | 'week' | 'month', string>;
}

/** The start of each limit's window before `now`, in the order of OrderParams.since. */
export function spendingWindows(now: Date): Record<'day' | 'week' | 'month', string> {
  const start = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  return { day: start(LIMIT_WINDOW_DAYS.day), week: start(LIMIT_WINDOW_DAYS.week), month: start(LIMIT_WINDOW_DAYS.month) };
}

/**
 * True while the member has no pause in force and the order keeps every limit: the orders that hold money
 * (`holding`, a SQL list of statuses) in the limit's window plus this one, in the limit's currency, stay within it.
 */
export function spendingAllows(p: OrderParams, holding: string): string {
  return `NOT EXISTS (SELECT 1 FROM spending_limits sp WHERE sp.tenant_id = ${p.tenant} AND sp.member_id = ${p.member} AND sp.kind = 'pause'
                        AND ${effective('sp', 'until', p.now)} > ${p.now})
      AND NOT EXISTS (SELECT 1 FROM spending_limits sl WHERE sl.tenant_id = ${p.tenant} AND sl.member_id = ${p.member}
                        AND sl.kind IN ('day', 'week', 'month') AND ${effective('sl', 'amount', p.now)} IS NOT NULL
                        AND (SELECT COALESCE(SUM(${inCurrency('so.amount', 'so.currency', 'sl.currency')}), 0) FROM orders so
                              WHERE so.tenant_id = ${p.tenant} AND so.member_id = ${p.member} AND so.status IN ${holding}
                                AND so.created_at > (CASE sl.kind WHEN 'day' THEN ${p.since.day} WHEN 'week' THEN ${p.since.week} ELSE ${p.since.month} END))
                            + ${inCurrency(p.amount, p.currency, 'sl.currency')} > ${effective('sl', 'amount', p.now)})`;
}
