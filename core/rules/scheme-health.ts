/**
 * Scheme health (issue 44, item 7): the card schemes watch dating (MCC 7273) as high integrity risk, so a brand's
 * operators see, per provider and calendar month (UTC), the two ratios the schemes act on, computed from the orders
 * the server itself acted on.
 *
 * - Visa VAMP (from 1 April 2026): (TC40 fraud reports + TC15 non-fraud disputes) / settled card-not-present
 *   transactions, all counted in the same month (a dispute in the month it was reported). Excessive at 1.5 %.
 * - Mastercard ECP: chargebacks received in a month / transactions of the PREVIOUS month. Excessive Chargeback
 *   Merchant at >= 100 chargebacks and >= 1.5 %.
 * Online card payments are all card-not-present; the scheme counts only its own cards, the orders do not say which
 * scheme a card belongs to, so both ratios here count every card payment at the provider (the acquirer's view).
 */

/** The methods that are card payments (Apple Pay carries a card). Everything else is outside both programmes. */
export const CARD_METHODS = ['creditcard', 'applepay'] as const;

/**
 * What each provider tells the server after a sale. A provider that does not send disputes or fraud reports has
 * them unknown (null), never 0: the sandbox checkout plays no chargebacks, and no provider sends TC40 fraud reports.
 */
export const PROVIDER_REPORTS: Record<string, { disputes: boolean; fraudReports: boolean } | undefined> = {
  sandbox: { disputes: false, fraudReports: false },
  verotel: { disputes: true, fraudReports: false },
  ccbill: { disputes: true, fraudReports: false },
  // The brand as SEPA creditor: its bank's returns are the disputes (no cards, so never in the card ratios).
  sepa: { disputes: true, fraudReports: false },
};

/** Per mille: a warning mark from 0.9 %, the stronger mark and the mail to the brand's owners and admins from 1.2 %. */
export const WARN_PER_MILLE = 9;
export const ALERT_PER_MILLE = 12;
/** Where the schemes call a merchant excessive (both programmes): 1.5 %; ECP also needs 100 chargebacks. */
export const EXCESSIVE_PER_MILLE = 15;
export const ECP_MIN_CHARGEBACKS = 100;

export type HealthLevel = 'ok' | 'warning' | 'alert';

/** A ratio's parts: null numerator when the provider does not report it; a ratio needs a denominator above 0. */
export interface RatioParts {
  count: number | null;
  of: number;
}

/** The ratio as a fraction (0.0123 = 1.23 %), or null when it cannot be known. */
export const ratio = ({ count, of }: RatioParts): number | null => (count === null || of <= 0 ? null : count / of);

/** The mark of a ratio, decided in integers (count / of >= n / 1000), so 9 in 1000 is a warning exactly. */
export function levelOf({ count, of }: RatioParts): HealthLevel {
  if (count === null || of <= 0) return 'ok';
  if (count * 1000 >= ALERT_PER_MILLE * of) return 'alert';
  if (count * 1000 >= WARN_PER_MILLE * of) return 'warning';
  return 'ok';
}

/** The worse of two marks. */
export const worse = (a: HealthLevel, b: HealthLevel): HealthLevel =>
  a === 'alert' || b === 'alert' ? 'alert' : a === 'warning' || b === 'warning' ? 'warning' : 'ok';

/** One provider's card figures of one month: what the orders say. */
export interface MonthCounts {
  settled: number;
  /** Chargebacks received this month; null when the provider does not send them. */
  disputes: number | null;
  /** TC40 fraud reports; null when the provider does not send them (today: every provider). */
  fraudReports: number | null;
}

/**
 * VAMP's parts: fraud reports plus disputes over the month's settled transactions. Without fraud reports the count
 * is the disputes alone (`partial`): a lower bound of Visa's figure, shown as such. Without disputes it is unknown.
 */
export function vampParts(month: MonthCounts): RatioParts & { partial: boolean } {
  if (month.disputes === null) return { count: null, of: month.settled, partial: true };
  return { count: month.disputes + (month.fraudReports ?? 0), of: month.settled, partial: month.fraudReports === null };
}

/** ECP's parts: this month's chargebacks over the previous month's settled transactions. */
export const ecpParts = (month: MonthCounts, previous: Pick<MonthCounts, 'settled'>): RatioParts => ({
  count: month.disputes,
  of: previous.settled,
});

/** The calendar month (YYYY-MM) `n` months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
