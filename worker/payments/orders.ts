import type { Order, OrderStatus, RefundReason } from '../../core/schemas/payments';
import { ApiFailure } from '../errors';
import { DIRECT_DEBIT } from './directdebit';
import { namedBatch, rows } from '../db/batch';
import type { Tables } from '../db/tables';
import { spendingAllows, spendingWindows, type OrderParams } from './spending-sql';
import { spendingRefusal } from './spending-limits';
import { type AttemptKeys, refusal, VELOCITY_CONDITION, velocityBindings } from './velocity';

/** An order row as stored (migrations/0006_payments.sql). */
/** `discount_scope`: the reservation this order holds in discount_redemptions (null: no code, or an unlimited one). */
export type OrderRow = Tables['orders'] & { recurring: Order['recurring']; status: OrderStatus; refund_reason: RefundReason | null };

export const OPEN_STATUSES: readonly OrderStatus[] = ['created', 'pending'];

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    package_id: row.package_id,
    credits: row.credits,
    list_price: row.list_price,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    discount_code: row.discount_code,
    discount_percentage: row.discount_percentage,
    recurring: row.recurring,
    created_at: row.created_at,
    paid_at: row.paid_at,
    refund_reason: row.refund_reason,
    made_premium: row.made_premium === 1,
  };
}

export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'tenant_id'
  | 'provider_payment_id'
  | 'status'
  | 'updated_at'
  | 'paid_at'
  | 'refund_reason'
  | 'refunded_at'
  | 'charged_back_at'
  | 'made_premium'
  | 'ip'
  | 'card_fingerprint'
  | 'user_agent'
  | 'terms_version'
> &
  /** Where the attempt came from, on which card and device, when known (velocity.ts; the evidence pack). */
  Partial<Pick<OrderRow, 'ip' | 'card_fingerprint' | 'user_agent'>>;

/** Statuses of an order that holds its discount reservation: open, or paid (a paid use stays used). */
export const HOLDING_STATUSES = "('created', 'pending', 'paid')";

const isReservationConflict = (error: unknown) => /UNIQUE constraint failed: discount_redemptions/i.test(String(error));

/** The INSERT's bound values, ?1 to ?29 (placeOrder). */
function insertParams(tenantId: string, o: NewOrder, keys: AttemptKeys): unknown[] {
  const now = new Date(o.created_at);
  const windows = spendingWindows(now);
  return [
    tenantId,
    o.member_id,
    o.package_id,
    o.credits,
    o.currency,
    o.list_price,
    o.amount,
    o.discount_code,
    o.discount_percentage,
    o.discount_scope,
    o.country,
    o.method,
    o.issuer,
    o.recurring,
    o.provider,
    o.consent_at,
    o.language,
    o.created_at,
    new Date(now.getTime() - DIRECT_DEBIT.limitDays * 86_400_000).toISOString(),
    DIRECT_DEBIT.monthlyLimitCents,
    // ?21 to ?25: the attempt limits' (velocity.ts); ?26 to ?28: the spending limits' windows (ORDER_PARAMS).
    ...velocityBindings(keys, now),
    windows.day,
    windows.week,
    windows.month,
    // ?29: the device (the evidence pack of a chargeback), cut to a length a User-Agent needs.
    o.user_agent?.slice(0, 400) ?? null,
  ];
}

/**
 * Places an order in one batch that decides and writes together (docs/decisions/004-payments.md):
 * - a direct debit is inserted only while the member's direct debits of the last 30 days plus this one stay
 *   within the limit, whatever path placed it (the form, a repeat order on a direct-debit mandate);
 * - a single-use discount is reserved by inserting its redemption row. The row is unique per scope, so a second
 *   open order with the code fails the batch, and neither the order nor the reservation is written. A reservation
 *   whose order failed, was cancelled, expired or was refunded is released first.
 * - it is a purchase attempt, placed only within the attempt limits and outside a pause after declines
 *   (velocity.ts: counted in this same INSERT);
 * - the member's own pause and spending limits (issue 45 item 9, spending-sql.ts) hold in the same INSERT;
 * - no purchase while the brand's staff blocked the member's purchases (issue 44 item 4: the account itself stays).
 * It records the terms version the member had accepted then (the evidence pack of a chargeback).
 * Refusals: 409 code_used (the code is held by another order), 409 purchases_blocked, 409 spending_paused / spending_limit,
 * 429 purchase_limited, purchase_paused, directdebit_limit.
 */
export async function placeOrder(db: D1Database, tenantId: string, o: NewOrder): Promise<number> {
  const keys = { ip: o.ip ?? null, card: o.card_fingerprint ?? null };
  const params = insertParams(tenantId, o, keys);
  const insert = db
    .prepare(
      `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, discount_code, discount_percentage, discount_scope, country,
                           method, issuer, recurring, provider, status, consent_at, language, created_at, updated_at, ip, card_fingerprint,
                           user_agent, terms_version)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 'created', ?16, ?17, ?18, ?18, ?21, ?22, ?29,
              (SELECT version FROM consents WHERE tenant_id = ?1 AND member_id = ?2 AND kind = 'terms' AND granted = 1 ORDER BY id DESC LIMIT 1)
        WHERE ${NOT_BLOCKED}
          AND (?12 <> 'directdebit'
           OR (SELECT COALESCE(SUM(amount), 0) FROM orders WHERE tenant_id = ?1 AND member_id = ?2 AND method = 'directdebit'
                 AND status IN ${HOLDING_STATUSES} AND created_at > ?19) + ?7 <= ?20)
          AND ${VELOCITY_CONDITION}
          AND ${spendingAllows(ORDER_PARAMS, HOLDING_STATUSES)}
       RETURNING id`,
    )
    .bind(...params);
  const scope = o.discount_scope;
  const steps = scope
    ? ([
        [
          null,
          db
            .prepare(
              `DELETE FROM discount_redemptions WHERE tenant_id = ?1 AND scope = ?2 AND order_id NOT IN (SELECT id FROM orders WHERE tenant_id = ?1 AND status IN ${HOLDING_STATUSES})`,
            )
            .bind(tenantId, scope),
        ],
        ['order', rows<Pick<OrderRow, 'id'>>(insert)],
        // changes() = 1: only when the order was inserted (the limit may have refused it); a held scope fails the batch.
        [
          null,
          db
            .prepare(
              'INSERT INTO discount_redemptions (tenant_id, scope, code, member_id, order_id, created_at) SELECT ?1, ?2, ?3, ?4, last_insert_rowid(), ?5 WHERE changes() = 1',
            )
            .bind(tenantId, scope, o.discount_code, o.member_id, o.created_at),
        ],
      ] as const)
    : ([['order', rows<Pick<OrderRow, 'id'>>(insert)]] as const);
  let results: { order: D1Result<Pick<OrderRow, 'id'>> };
  try {
    results = await namedBatch(db, steps);
  } catch (error) {
    if (isReservationConflict(error)) throw new ApiFailure(409, 'code_used', 'errors.code_used');
    throw error;
  }
  const placed: Pick<OrderRow, 'id'> | undefined = results.order.results[0];
  if (!placed) {
    // Which condition refused it, asked again in the order the member can act on: staff block, attempts, own limits, direct debit.
    const blocked = await db.prepare(`SELECT ${NOT_BLOCKED} AS allowed`).bind(tenantId, o.member_id).first<{ allowed: number }>();
    if (blocked?.allowed === 0) throw new ApiFailure(409, 'purchases_blocked', 'errors.purchases_blocked');
    const velocity = await refusal(db, tenantId, o.member_id, keys, new Date(o.created_at));
    if (velocity) throw velocity;
    const own = await db
      .prepare(`SELECT ${spendingAllows(ORDER_PARAMS, HOLDING_STATUSES)} AS allowed`)
      .bind(...params.slice(0, 28)) // D1 wants as many values as the highest ?N it reads (?28 here)
      .first<{ allowed: number }>();
    if (own?.allowed === 0)
      throw (
        (await spendingRefusal(db, tenantId, o.member_id, new Date(o.created_at))) ??
        new ApiFailure(409, 'spending_limit', 'errors.spending_limit')
      );
    throw new ApiFailure(429, 'directdebit_limit', 'errors.directdebit_limit');
  }
  return placed.id;
}

/** Staff have not blocked the member's purchases (worker/staff/members/actions.ts blockPurchases); ?1 tenant, ?2 member. */
const NOT_BLOCKED = 'NOT EXISTS (SELECT 1 FROM members WHERE id = ?2 AND tenant_id = ?1 AND purchases_blocked_at IS NOT NULL)';

/** Where placeOrder's INSERT keeps what the spending condition reads. */
const ORDER_PARAMS: OrderParams = {
  tenant: '?1',
  member: '?2',
  currency: '?5',
  amount: '?7',
  now: '?18',
  since: { day: '?26', week: '?27', month: '?28' },
};

/** The package of the member's newest paid order in this currency (the shop's "buy again"), null before a purchase. */
export async function lastPaidPackage(db: D1Database, tenantId: string, memberId: number, currency: string): Promise<number | null> {
  const row = await db
    .prepare(
      "SELECT package_id FROM orders WHERE tenant_id = ? AND member_id = ? AND status = 'paid' AND currency = ? ORDER BY id DESC LIMIT 1",
    )
    .bind(tenantId, memberId, currency)
    .first<Pick<OrderRow, 'package_id'>>();
  return row?.package_id ?? null;
}

/** The member's own order; another member's id answers exactly like an id that does not exist. */
export async function memberOrder(db: D1Database, tenantId: string, memberId: number, id: number): Promise<OrderRow> {
  const row = await db
    .prepare('SELECT * FROM orders WHERE id = ? AND tenant_id = ? AND member_id = ?')
    .bind(id, tenantId, memberId)
    .first<OrderRow>();
  if (!row) throw new ApiFailure(404, 'order_not_found', 'errors.order_not_found');
  return row;
}

export async function orderByPayment(db: D1Database, tenantId: string, provider: string, paymentId: string): Promise<OrderRow | null> {
  return db
    .prepare('SELECT * FROM orders WHERE tenant_id = ? AND provider = ? AND provider_payment_id = ?')
    .bind(tenantId, provider, paymentId)
    .first<OrderRow>();
}

export async function recentOrders(db: D1Database, tenantId: string, memberId: number): Promise<OrderRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM orders WHERE tenant_id = ? AND member_id = ? ORDER BY id DESC LIMIT 20')
    .bind(tenantId, memberId)
    .all<OrderRow>();
  return results;
}

export async function attachPayment(db: D1Database, tenantId: string, orderId: number, paymentId: string, now: Date): Promise<void> {
  await db
    .prepare(
      "UPDATE orders SET provider_payment_id = ?, status = 'pending', updated_at = ? WHERE id = ? AND tenant_id = ? AND status = 'created'",
    )
    .bind(paymentId, now.toISOString(), orderId, tenantId)
    .run();
}

/** An order that never reached the provider (its payment could not be created) fails and frees its discount. */
export async function abandonOrder(db: D1Database, tenantId: string, orderId: number, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare("UPDATE orders SET status = 'failed', updated_at = ? WHERE id = ? AND tenant_id = ? AND status = 'created'")
      .bind(now.toISOString(), orderId, tenantId),
    db.prepare('DELETE FROM discount_redemptions WHERE tenant_id = ? AND order_id = ?').bind(tenantId, orderId),
  ]);
}

export type Mandate = Pick<Tables['payment_mandates'], 'provider' | 'customer_id' | 'mandate_id' | 'method' | 'label'>;

/** The member's newest valid mandate at one of `providers` (the brand's routed providers: core/rules/payment-routing.ts). */
export async function latestMandate(
  db: D1Database,
  tenantId: string,
  memberId: number,
  providers: readonly string[],
): Promise<Mandate | null> {
  return db
    .prepare(
      "SELECT provider, customer_id, mandate_id, method, label FROM payment_mandates WHERE tenant_id = ? AND member_id = ? AND provider IN (SELECT value FROM json_each(?)) AND status = 'valid' ORDER BY id DESC LIMIT 1",
    )
    .bind(tenantId, memberId, JSON.stringify(providers))
    .first<Mandate>();
}
