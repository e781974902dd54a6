import type { SpendingWarningReason } from './spending-warning';

/** Why the staff answer screen flags a member "protect" (issue 45, item 11); empty: it does not. */
export const PROTECT_REASONS = ['purchases', 'amount', 'night', 'own_limits', 'paused'] as const;
export type ProtectReason = (typeof PROTECT_REASONS)[number];

export interface ProtectInput {
  /** The pause screen's reasons for this member's next purchase (spendingWarningReasons, same market rule). */
  warning: SpendingWarningReason[];
  /** Paid purchases of the last 24 hours. */
  purchases_24h: number;
  /** The member set a spending limit of their own / is in a pause they chose. */
  own_limits: boolean;
  paused: boolean;
}

/**
 * The pause screen's decision, read for an operator: the member's next purchase would meet the pause screen for what
 * they spent, or they limited or paused themselves. The night hours alone say nothing about one member (every member
 * would be flagged at night), so "night" counts only for a member who bought within those 24 hours.
 */
export function protectReasons(input: ProtectInput): ProtectReason[] {
  const reasons: ProtectReason[] = input.warning.filter((r) => r !== 'night' || input.purchases_24h > 0);
  if (input.own_limits) reasons.push('own_limits');
  if (input.paused) reasons.push('paused');
  return reasons;
}
