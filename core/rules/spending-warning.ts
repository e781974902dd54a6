import type { SpendingWarning } from '../markets/rules';

/** Why the checkout may show the pause screen first (the answer's `reasons`, core/schemas/spending.ts). */
export const SPENDING_WARNING_REASONS = ['purchases', 'amount', 'night'] as const;
export type SpendingWarningReason = (typeof SPENDING_WARNING_REASONS)[number];

/** What the member spent before the purchase they are about to make (paid orders). */
export interface RecentSpending {
  purchases_24h: number;
  /** The last 24 hours' amount in euro cents (other currencies at their equivalent: core/markets/rules.ts). */
  eur_cents_24h: number;
}

/** The hour (0-23) at `now` in a time zone. */
export function localHour(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now);
  return Number(hour) % 24;
}

/**
 * Why the checkout shows the pause screen first (issue 45, item 10); empty: it does not. The purchase about to be
 * made counts: with 3 as the rule, a 4th purchase in 24 hours is "more than 3". The amount counts what was spent.
 */
export function spendingWarningReasons(rule: SpendingWarning, spent: RecentSpending, now: Date, timeZone: string): SpendingWarningReason[] {
  const reasons: SpendingWarningReason[] = [];
  if (spent.purchases_24h + 1 > rule.purchases_24h) reasons.push('purchases');
  if (spent.eur_cents_24h > rule.amount_24h_eur_cents) reasons.push('amount');
  if (rule.night) {
    const hour = localHour(now, timeZone);
    if (hour >= rule.night.from && hour < rule.night.to) reasons.push('night');
  }
  return reasons;
}
