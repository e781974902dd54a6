import type { DiscountCode } from '../../core/schemas/payments';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../auth/sessions';
import { findCode, personalCode } from './discounts';

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
  const expires = new Date(now.getTime() + STAY_OFFER.days * 86_400_000).toISOString();
  const code = await personalCode(
    db,
    tenant.id,
    member.id,
    { kind: STAY_OFFER.kind, prefix: STAY_OFFER.prefix, percentage: tenant.company.delete_discount, expires },
    now,
  );
  const found = await findCode(db, tenant.id, member, code, now);
  if (found.expired) throw new ApiFailure(410, 'code_expired', 'errors.code_expired');
  return found;
}
