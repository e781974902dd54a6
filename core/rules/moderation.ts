/**
 * The DSA's notice-and-action rules as pure decisions (issue 45 items 6-8, docs/compliance.md): what may be reported
 * and why, what a decision may do and on which ground, the six-month appeal window (Art. 20 (1)) and when a notice,
 * appeal or complaint is overdue (the market rule's complaint deadline, 7 days by the card schemes' rule).
 */

export const REPORT_TARGETS = ['profile', 'photo', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['illegal', 'minor', 'scam', 'harassment', 'fake_or_stolen_photo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a decision does: no_action restricts nothing; every other action is a restriction with a statement of reasons. */
export const DECISION_ACTIONS = ['no_action', 'remove_photo', 'remove_text', 'block_account', 'limit_visibility'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
export type Restriction = Exclude<DecisionAction, 'no_action'>;

/**
 * The grounds a decision names (Art. 17 (3) (d), (e)): the law it applies (illegal content) or the clause of the
 * brand's terms it enforces. The statement's text for each is in the catalogues (`reports.grounds.<key>`).
 */
export const GROUNDS = ['illegal_content', 'minor_safety', 'fraud', 'harassment', 'impersonation', 'terms', 'photo_rules'] as const;
export type Ground = (typeof GROUNDS)[number];

/** The ground a notice's reason suggests to the moderator (who may choose another). */
export const GROUND_OF_REASON: Record<ReportReason, Ground> = {
  illegal: 'illegal_content',
  minor: 'minor_safety',
  scam: 'fraud',
  harassment: 'harassment',
  fake_or_stolen_photo: 'impersonation',
  other: 'terms',
};

/** Which decisions a notice about a kind of content allows (a message's text cannot be "removed" from a profile). */
export function actionsFor(target: ReportTarget): readonly DecisionAction[] {
  if (target === 'photo') return ['no_action', 'remove_photo', 'block_account', 'limit_visibility'];
  if (target === 'profile') return ['no_action', 'remove_text', 'block_account', 'limit_visibility'];
  return ['no_action', 'block_account', 'limit_visibility'];
}

export const APPEAL_MONTHS = 6;

/** The last moment an appeal is accepted: six calendar months after the statement (the month's end when shorter). */
export function appealUntil(statementAt: Date): Date {
  const until = new Date(statementAt.getTime());
  const day = until.getUTCDate();
  until.setUTCDate(1);
  until.setUTCMonth(until.getUTCMonth() + APPEAL_MONTHS);
  const lastDay = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)).getUTCDate();
  until.setUTCDate(Math.min(day, lastDay));
  return until;
}

export const canAppeal = (until: Date, now: Date) => now.getTime() <= until.getTime();

const DAY_MS = 86_400_000;

/** When something received at `receivedAt` must be handled: `days` later (the market rule's complaint_days). */
export const dueAt = (receivedAt: Date, days: number) => new Date(receivedAt.getTime() + days * DAY_MS);

/** Overdue once the deadline has passed while it is still open. */
export const isOverdue = (receivedAt: Date, now: Date, days: number) => now.getTime() > dueAt(receivedAt, days).getTime();

/** Whole days since `receivedAt` (the queue's "age"). */
export const ageDays = (receivedAt: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - receivedAt.getTime()) / DAY_MS));

/** The median of a list (the transparency figures' time to decision); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
