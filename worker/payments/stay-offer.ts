import type { DiscountCode } from '../../core/schemas/payments';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../services/sessions';
import { findCode } from './discounts';

/**
 * The delete-account dialog's offer (issue 17, item 4): a real personal code worth the brand's
 * company.delete_discount. It is a discount_codes row with user_id = the member (nobody else can find it) and
 * validity 'once_per_user', so reservationScope gives it one use per member: applied at checkout, once.
 */
export const STAY_OFFER = { prefix: 'BLIJF-', days: 30, kind: 'stay' } as const;

/** Whether the brand makes the offer at all: a discount the codes table can hold (0 < p < 100). */
export const offersStayDiscount = (tenant: Tenant): boolean => tenant.company.delete_discount > 0 && tenant.company.delete_discount < 100;

/**
 * The member's stay code, made on first request (the same one after that). Answers 404 when the brand makes no
 * offer, and the code's refusal ('Code reeds gebruikt') once the member has used it: the dialog then shows none.
 */
export async function stayOffer(db: D1Database, tenant: Tenant, member: SessionMember, now: Date): Promise<DiscountCode> {
  if (!offersStayDiscount(tenant)) throw new ApiFailure(404, 'code_not_found', 'errors.code_not_found');
  const code = `${STAY_OFFER.prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const expires = new Date(now.getTime() + STAY_OFFER.days * 86_400_000).toISOString();
  // Two tabs asking at once make one code: the insert only happens when the member has none.
  await db
    .prepare(
      `INSERT INTO discount_codes (tenant_id, code, user_id, expires, value_percentage, validity, kind, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, 'once_per_user', '${STAY_OFFER.kind}', ?6
        WHERE NOT EXISTS (SELECT 1 FROM discount_codes WHERE tenant_id = ?1 AND user_id = ?3 AND kind = '${STAY_OFFER.kind}')`,
    )
    .bind(tenant.id, code, member.id, expires, tenant.company.delete_discount, now.toISOString())
    .run();
  const row = await db
    .prepare(`SELECT code FROM discount_codes WHERE tenant_id = ? AND user_id = ? AND kind = '${STAY_OFFER.kind}' ORDER BY id LIMIT 1`)
    .bind(tenant.id, member.id)
    .first<{ code: string }>();
  const found = await findCode(db, tenant.id, member, row!.code, now);
  if (found.expired) throw new ApiFailure(410, 'code_expired', 'errors.code_expired');
  return found;
}
