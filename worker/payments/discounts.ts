import { TIME_BONUS } from '../../core/constants';
import { discountProblem, type OrderFacts } from '../../core/rules/discount';
import { timeBonusExpires, timeBonusRemaining } from '../../core/rules/time-bonus';
import type { DiscountCode } from '../../core/schemas/payments';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../auth/sessions';
import { HOLDING_STATUSES, OPEN_STATUSES, type OrderRow } from './orders';
import type { Tables } from '../db/tables';

/** The welcome discount of SPEC.md §1: 25% on the first purchase, for a week after signup (docs/decisions/004). */
export const WELCOME = { percentage: 25, days: 7, prefix: 'WELKOM-' } as const;

/** A discount_codes row: the answer's fields as stored (methods as JSON text), plus kind and use count. */
type CodeRow = Tables['discount_codes'] &
  Omit<DiscountCode, 'status' | 'expired' | 'paymentmethods'> & { kind: 'code' | 'welcome' | 'stay' };

/**
 * The key under which a use is reserved (discount_redemptions, unique per key), or null for an unlimited code:
 * 'once' codes have one key, per-member codes one per member, and the two first-purchase discounts (the welcome
 * code and the time bonus) share one per member, so a member gets one discounted first purchase, not two.
 */
export function reservationScope(discount: Pick<DiscountCode, 'code' | 'validity' | 'user_id'>, memberId: number): string | null {
  if (discount.validity === 'unlimited') return null;
  if (isFirstPurchase(discount, memberId)) return `first-purchase:${memberId}`;
  return discount.validity === 'once' ? discount.code : `${discount.code}:${memberId}`;
}

/** Whether a discount is the member's own first-purchase discount: the time bonus or their welcome code. */
export const isFirstPurchase = (discount: Pick<DiscountCode, 'code' | 'user_id'>, memberId: number): boolean =>
  discount.code === TIME_BONUS.code || (discount.user_id === memberId && discount.code.startsWith(WELCOME.prefix));

const asMember = (m: SessionMember) => ({ paid_user: m.paidUser, signup_date: m.signupDate });

/** TIMEBONUS25 as a discount code of SPEC.md §3/§9: valid once per member, until signup_date + 4 hours. */
function timeBonusCode(member: SessionMember, now: Date): DiscountCode {
  return {
    code: TIME_BONUS.code,
    country: null,
    user_id: member.id,
    expires: timeBonusExpires(asMember(member)),
    value_percentage: TIME_BONUS.percentage,
    currency: null,
    minimum_order_value: 0,
    status: 'active',
    validity: 'once_per_user',
    // The server's clock decides: a request replayed after the window gets no discount.
    expired: timeBonusRemaining(asMember(member), now) === 0,
    paymentmethods: null,
  };
}

/** The order that holds a reservation now (open, or paid), if any. */
async function holderOf(db: D1Database, tenantId: string, scope: string | null): Promise<OrderRow | null> {
  if (!scope) return null;
  return db
    .prepare(
      `SELECT o.* FROM discount_redemptions r JOIN orders o ON o.id = r.order_id AND o.tenant_id = r.tenant_id
        WHERE r.tenant_id = ? AND r.scope = ? AND o.status IN ${HOLDING_STATUSES}`,
    )
    .bind(tenantId, scope)
    .first<OrderRow>();
}

/** A checkout the member left: their own order, still open. */
const isOwnOpen = (holder: OrderRow, memberId: number) => holder.member_id === memberId && OPEN_STATUSES.includes(holder.status);

/** The member's own open order that holds this reservation, if any. */
export async function ownOpenHolder(db: D1Database, tenantId: string, scope: string, memberId: number): Promise<OrderRow | null> {
  const holder = await holderOf(db, tenantId, scope);
  return holder && isOwnOpen(holder, memberId) ? holder : null;
}

/**
 * Refuses a code that another order holds ('Code reeds gebruikt'). The member's own open order does not count: it is
 * a checkout they left, and a new order takes the code over from it (checkout.ts `startOrder`).
 */
async function assertFree(db: D1Database, tenantId: string, scope: string | null, memberId: number): Promise<void> {
  const holder = await holderOf(db, tenantId, scope);
  if (holder && !isOwnOpen(holder, memberId)) throw new ApiFailure(409, 'code_used', 'errors.code_used');
}

/**
 * A code as the member may see it. Codes of another member look like codes that do not exist; a used code says
 * so ('Code reeds gebruikt'). Whether it fits an order is `checkApplicable`'s question.
 */
export async function findCode(db: D1Database, tenantId: string, member: SessionMember, input: string, now: Date): Promise<DiscountCode> {
  const code = input.trim().toUpperCase();
  if (code === TIME_BONUS.code) {
    if (member.paidUser) throw new ApiFailure(404, 'code_not_found', 'errors.code_not_found');
    const bonus = timeBonusCode(member, now);
    await assertFree(db, tenantId, reservationScope(bonus, member.id), member.id);
    return bonus;
  }
  const row = await db.prepare('SELECT * FROM discount_codes WHERE tenant_id = ? AND code = ?').bind(tenantId, code).first<CodeRow>();
  if (row?.status !== 'active' || (row.user_id !== null && row.user_id !== member.id)) {
    throw new ApiFailure(404, 'code_not_found', 'errors.code_not_found');
  }
  if (row.kind === 'welcome' && member.paidUser) throw new ApiFailure(409, 'code_used', 'errors.code_used');
  await assertFree(db, tenantId, reservationScope(row, member.id), member.id);
  return toDiscount(row, now);
}

function toDiscount(row: CodeRow, now: Date): DiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.user_id,
    expires: row.expires,
    value_percentage: row.value_percentage,
    currency: row.currency,
    minimum_order_value: row.minimum_order_value,
    // A used or reserved code is refused before it gets here ('Code reeds gebruikt').
    status: 'active',
    validity: row.validity,
    expired: row.expires !== null && Date.parse(row.expires) <= now.getTime(),
    paymentmethods: row.paymentmethods ? (JSON.parse(row.paymentmethods) as string[]) : null,
  };
}

/**
 * The member's own code of a kind (welcome, stay offer), made on first request and the same one after that: the
 * insert only happens while the member has none, so two tabs asking at once make one code. Returns its code.
 */
export async function personalCode(
  db: D1Database,
  tenantId: string,
  memberId: number,
  spec: { kind: string; prefix: string; percentage: number; expires: string },
  now: Date,
): Promise<string> {
  const code = `${spec.prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  await db
    .prepare(
      `INSERT INTO discount_codes (tenant_id, code, user_id, expires, value_percentage, validity, kind, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, 'once_per_user', ?6, ?7
        WHERE NOT EXISTS (SELECT 1 FROM discount_codes WHERE tenant_id = ?1 AND user_id = ?3 AND kind = ?6)`,
    )
    .bind(tenantId, code, memberId, spec.expires, spec.percentage, spec.kind, now.toISOString())
    .run();
  const row = await db
    .prepare('SELECT code FROM discount_codes WHERE tenant_id = ? AND user_id = ? AND kind = ? ORDER BY id LIMIT 1')
    .bind(tenantId, memberId, spec.kind)
    .first<Pick<Tables['discount_codes'], 'code'>>();
  return row!.code;
}

const welcomeExpires = (member: SessionMember) => new Date(Date.parse(member.signupDate) + WELCOME.days * 86_400_000).toISOString();

/** The member's welcome code, made on first request; null once the member has paid. */
export async function welcomeCode(db: D1Database, tenantId: string, member: SessionMember, now: Date): Promise<DiscountCode | null> {
  if (member.paidUser) return null;
  const expires = welcomeExpires(member);
  const code = await personalCode(
    db,
    tenantId,
    member.id,
    { kind: 'welcome', prefix: WELCOME.prefix, percentage: WELCOME.percentage, expires },
    now,
  );
  try {
    return await findCode(db, tenantId, member, code, now);
  } catch (error) {
    if (error instanceof ApiFailure) return null;
    throw error;
  }
}

/**
 * The member's own first-purchase discount, the "active discount" of SPEC.md §4 that the shop shows by itself: the
 * time bonus while it runs, otherwise the welcome code during its week; null once paid, after both, or while another
 * order holds the first-purchase discount. A typed code competes with it (core/rules/discount.ts bestDiscount).
 */
export async function ownDiscount(db: D1Database, tenantId: string, member: SessionMember, now: Date): Promise<DiscountCode | null> {
  if (member.paidUser) return null;
  if (timeBonusRemaining(asMember(member), now) > 0) {
    try {
      return await findCode(db, tenantId, member, TIME_BONUS.code, now);
    } catch (error) {
      if (error instanceof ApiFailure) return null;
      throw error;
    }
  }
  // No welcome code is made for a member whose week is over.
  if (Date.parse(welcomeExpires(member)) <= now.getTime()) return null;
  return welcomeCode(db, tenantId, member, now);
}

const REFUSALS = {
  expired: [410, 'code_expired', 'errors.code_expired'],
  country: [400, 'code_country', 'errors.code_country'],
  currency: [400, 'code_currency', 'errors.code_currency'],
  minimum: [400, 'code_minimum', 'errors.code_minimum'],
  method: [400, 'code_method', 'errors.code_method'],
} as const;

/** Refuses a code that does not fit this order (core/rules/discount.ts), with the reason in the member's language. */
export function checkApplicable(discount: DiscountCode, order: OrderFacts, formatMoney: (cents: number) => string): void {
  const problem = discountProblem(discount, order);
  if (!problem) return;
  const [status, code, message] = REFUSALS[problem];
  throw new ApiFailure(
    status,
    code,
    message,
    undefined,
    problem === 'minimum' ? { amount: formatMoney(discount.minimum_order_value) } : undefined,
  );
}
