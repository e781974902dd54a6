import { protectReasons } from '../../../core/rules/protect';
import type { StaffConversation } from '../../../core/schemas/staff-answers';
import type { Tenant } from '../../../core/schemas/tenant';
import { spendingCheckFor } from '../../payments/spending-check';
import { ownSpendingRules } from '../../payments/spending-limits';

/**
 * The answer screen's "protect" flag (issue 45, item 11), decided on the server from the member's paid orders and
 * own spending rules: the pause screen's decision (same market rule, the shop of the member's profile country),
 * read by core/rules/protect.ts.
 */
export async function memberProtection(
  db: D1Database,
  tenant: Tenant,
  memberId: number,
  country: string,
  now: Date,
): Promise<StaffConversation['protect']> {
  const [check, own] = await Promise.all([
    spendingCheckFor(db, tenant, country, memberId, now),
    ownSpendingRules(db, tenant.id, memberId, now),
  ]);
  const reasons = protectReasons({
    warning: check.reasons,
    purchases_24h: check.spent_24h.purchases,
    own_limits: own.limits,
    paused: own.paused,
  });
  return { flagged: reasons.length > 0, reasons };
}
