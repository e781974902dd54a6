/**
 * A member's own spending limits and pause (issue 45, item 9), as pure decisions. Protecting oneself works at once;
 * undoing it waits: lowering a limit or pausing (longer) takes effect immediately, raising or removing a limit and
 * lifting or shortening a pause only RAISE_DELAY_MS later, as a pending value the member sees.
 */

export const LIMIT_KINDS = ['day', 'week', 'month'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** The rolling window each limit counts over, in days. */
export const LIMIT_WINDOW_DAYS: Record<LimitKind, number> = { day: 1, week: 7, month: 30 };
/** The pauses a member can choose, in days. */
export const PAUSE_CHOICES = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type PauseChoice = keyof typeof PAUSE_CHOICES;
export const RAISE_DELAY_MS = 24 * 3_600_000;

/** One stored limit or pause (migrations/0023_spending_limits.sql): amount for a limit, until for a pause. */
export interface StoredSpendingRule {
  amount: number | null;
  until: string | null;
  pending_amount: number | null;
  pending_until: string | null;
  pending_from: string | null;
}

export const NO_RULE: StoredSpendingRule = { amount: null, until: null, pending_amount: null, pending_until: null, pending_from: null };

/** The stored rule as it stands at `now`: a pending value whose time has come has replaced the old one. */
export function settle(rule: StoredSpendingRule | null, now: Date): StoredSpendingRule {
  if (!rule) return NO_RULE;
  if (rule.pending_from && Date.parse(rule.pending_from) <= now.getTime())
    return { ...NO_RULE, amount: rule.pending_amount, until: rule.pending_until };
  return rule;
}

const waiting = (now: Date) => new Date(now.getTime() + RAISE_DELAY_MS).toISOString();

/** The row to store when the member asks for this limit (cents; null: no limit). */
export function nextLimit(stored: StoredSpendingRule | null, requested: number | null, now: Date): StoredSpendingRule {
  const current = settle(stored, now).amount;
  if (requested === current) return { ...NO_RULE, amount: current };
  const lower = requested !== null && (current === null || requested < current);
  if (lower) return { ...NO_RULE, amount: requested };
  return { ...NO_RULE, amount: current, pending_amount: requested, pending_from: waiting(now) };
}

/** The pause's end at `now`, or null when there is none (a past end is none). */
export function pauseEnd(stored: StoredSpendingRule | null, now: Date): string | null {
  const until = settle(stored, now).until;
  return until && Date.parse(until) > now.getTime() ? until : null;
}

/** The row to store when the member pauses for a number of days, or lifts the pause (null). */
export function nextPause(stored: StoredSpendingRule | null, days: number | null, now: Date): StoredSpendingRule {
  const current = pauseEnd(stored, now);
  const requested = days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString();
  if (requested === null && current === null) return NO_RULE;
  const longer = requested !== null && (current === null || requested > current);
  if (longer) return { ...NO_RULE, until: requested };
  return { ...NO_RULE, until: current, pending_until: requested, pending_from: waiting(now) };
}
