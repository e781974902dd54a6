import { TIME_BONUS } from '../../core/constants';
import { discountProblem, type OrderFacts } from '../../core/rules/discount';
import { timeBonusExpires, timeBonusRemaining } from '../../core/rules/time-bonus';
import type { DiscountCode } from '../../core/schemas/payments';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../services/sessions';

/** The welcome discount of SPEC.md §1: 25% on the first purchase, for a week after signup (docs/decisions/004). */
export const WELCOME = { percentage: 25, days: 7 } as const;

/** A discount_codes row: the answer's fields as stored (methods as JSON text), plus kind and use count. */
type CodeRow = Omit<DiscountCode, 'status' | 'expired' | 'paymentmethods'> & {
  status: string;
  paymentmethods: string | null;
  kind: 'code' | 'welcome';
  used: number;
};

/** The key under which a use is recorded: once in total, or once per member. */
export const redemptionScope = (code: string, validity: DiscountCode['validity'], memberId: number) =>
  validity === 'once' ? code : `${code}:${memberId}`;

const asMember = (m: SessionMember) => ({ paid_user: m.paidUser, signup_date: m.signupDate });

/** TIMEBONUS25 as a discount code of SPEC.md §3/§9: valid once per member, until signup_date + 4 hours. */
async function timeBonusCode(db: D1Database, tenantId: string, member: SessionMember, now: Date): Promise<DiscountCode> {
  const used = await isRedeemed(db, tenantId, redemptionScope(TIME_BONUS.code, 'once_per_user', member.id), member.id);
  return {
    code: TIME_BONUS.code,
    country: null,
    user_id: member.id,
    expires: timeBonusExpires(asMember(member)),
    value_percentage: TIME_BONUS.percentage,
    currency: null,
    minimum_order_value: 0,
    status: used ? 'used' : 'active',
    validity: 'once_per_user',
    // The server's clock decides: a request replayed after the window gets no discount.
    expired: timeBonusRemaining(asMember(member), now) === 0,
    paymentmethods: null,
  };
}

/** A use counts unless it is held by the member's own unfinished order (that hold moves to the next order). */
const USED_ELSEWHERE = `SELECT 1 FROM discount_redemptions r WHERE r.tenant_id = ?1 AND r.scope = ?2
    AND NOT (r.member_id = ?3 AND r.order_id IN (SELECT id FROM orders o WHERE o.tenant_id = ?1 AND o.status IN ('created', 'pending')))`;

async function isRedeemed(db: D1Database, tenantId: string, scope: string, memberId: number): Promise<boolean> {
  return (await db.prepare(USED_ELSEWHERE).bind(tenantId, scope, memberId).first()) !== null;
}

/**
 * A code as the member may see it. Codes of another member look like codes that do not exist; a used code says
 * so ('Code reeds gebruikt'). Whether it fits an order is `checkApplicable`'s question.
 */
export async function findCode(db: D1Database, tenantId: string, member: SessionMember, input: string, now: Date): Promise<DiscountCode> {
  const code = input.trim().toUpperCase();
  if (code === TIME_BONUS.code) {
    if (member.paidUser) throw new ApiFailure(404, 'code_not_found', 'errors.code_not_found');
    const bonus = await timeBonusCode(db, tenantId, member, now);
    if (bonus.status === 'used') throw new ApiFailure(409, 'code_used', 'errors.code_used');
    return bonus;
  }
  const row = await db.prepare('SELECT * FROM discount_codes WHERE tenant_id = ? AND code = ?').bind(tenantId, code).first<CodeRow>();
  if (!row || row.status !== 'active' || (row.user_id !== null && row.user_id !== member.id)) {
    throw new ApiFailure(404, 'code_not_found', 'errors.code_not_found');
  }
  row.used = (await isRedeemed(db, tenantId, redemptionScope(row.code, row.validity, member.id), member.id)) ? 1 : 0;
  if (row.used) throw new ApiFailure(409, 'code_used', 'errors.code_used');
  if (row.kind === 'welcome' && member.paidUser) throw new ApiFailure(409, 'code_used', 'errors.code_used');
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
    status: row.used ? 'used' : 'active',
    validity: row.validity,
    expired: row.expires !== null && Date.parse(row.expires) <= now.getTime(),
    paymentmethods: row.paymentmethods ? (JSON.parse(row.paymentmethods) as string[]) : null,
  };
}

/** The member's welcome code, made on first request; null once the member has paid. */
export async function welcomeCode(db: D1Database, tenantId: string, member: SessionMember, now: Date): Promise<DiscountCode | null> {
  if (member.paidUser) return null;
  const existing = await db.prepare("SELECT code FROM discount_codes WHERE tenant_id = ? AND user_id = ? AND kind = 'welcome'").bind(tenantId, member.id).first<{ code: string }>();
  if (!existing) {
    const code = `WELKOM-${crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    const expires = new Date(Date.parse(member.signupDate) + WELCOME.days * 86_400_000).toISOString();
    // A second tab asking at the same moment must not make a second code: the partial unique key is (tenant, user, kind).
    await db
      .prepare(
        `INSERT INTO discount_codes (tenant_id, code, user_id, expires, value_percentage, validity, kind, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 'once_per_user', 'welcome', ?6
          WHERE NOT EXISTS (SELECT 1 FROM discount_codes WHERE tenant_id = ?1 AND user_id = ?3 AND kind = 'welcome')`,
      )
      .bind(tenantId, code, member.id, expires, WELCOME.percentage, now.toISOString())
      .run();
  }
  const row = await db.prepare("SELECT code FROM discount_codes WHERE tenant_id = ? AND user_id = ? AND kind = 'welcome'").bind(tenantId, member.id).first<{ code: string }>();
  try {
    return await findCode(db, tenantId, member, row!.code, now);
  } catch (error) {
    if (error instanceof ApiFailure) return null;
    throw error;
  }
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
  throw new ApiFailure(status, code, message, undefined, problem === 'minimum' ? { amount: formatMoney(discount.minimum_order_value) } : undefined);
}

/**
 * Records the use for an order. A use held by the same member's unfinished order moves to the new order (the
 * member went back and chose again); any other existing use means the code is used. Returns whether it held.
 */
export async function redeem(db: D1Database, tenantId: string, discount: DiscountCode, memberId: number, orderId: number, now: Date): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO discount_redemptions (tenant_id, scope, code, member_id, order_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (tenant_id, scope) DO UPDATE SET order_id = excluded.order_id, created_at = excluded.created_at
        WHERE discount_redemptions.member_id = excluded.member_id
          AND discount_redemptions.order_id IN (SELECT id FROM orders WHERE tenant_id = ?1 AND status IN ('created', 'pending'))`,
    )
    .bind(tenantId, redemptionScope(discount.code, discount.validity, memberId), discount.code, memberId, orderId, now.toISOString())
    .run();
  return result.meta.changes > 0;
}
