/**
 * The brand's refund rule (tenant `refund_days`, shown in the shop as "unused credits can be refunded within N days
 * of purchase"): an order paid at or after the window's start can still be refunded by staff. One definition for the
 * back office's refund, the member page's "refundable" mark and what the delete-account dialog tells the member.
 */
const DAY_MS = 86_400_000;

/** The earliest paid_at (ISO) an order may have and still be refundable now. */
export function refundWindowStart(now: Date, refundDays: number): string {
  return new Date(now.getTime() - refundDays * DAY_MS).toISOString();
}

/** Until when (ISO) an order paid at `paidAt` can be refunded. */
export function refundableUntil(paidAt: string, refundDays: number): string {
  return new Date(Date.parse(paidAt) + refundDays * DAY_MS).toISOString();
}

/**
 * How many of a balance's credits came from purchases, at most: credits are one pool, so the member's balance holds
 * up to what their still-paid orders granted (free credits may have been spent first or last; the pool does not say).
 */
export function paidCreditsLeft(balance: number, paidGranted: number): number {
  return Math.max(0, Math.min(balance, paidGranted));
}
