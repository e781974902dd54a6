import { brandCurrencies } from '../../core/rules/currency';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';

/**
 * Stores the member's own choice among the brand's currencies (issue 46, item 4): from then on every price they see,
 * the shop's packages and the chat's "from" price, is in it. Orders already placed keep the currency they were paid in.
 */
export async function setMemberCurrency(db: D1Database, tenant: Tenant, memberId: number, currency: string): Promise<void> {
  if (!brandCurrencies(tenant.payments.countries).includes(currency)) {
    throw new ApiFailure(400, 'currency_unavailable', 'errors.currency_unavailable', { currency: 'errors.currency_unavailable' });
  }
  await db.prepare('UPDATE members SET currency = ? WHERE id = ? AND tenant_id = ?').bind(currency, memberId, tenant.id).run();
}
