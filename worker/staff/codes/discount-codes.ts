import { TIME_BONUS } from '../../../core/constants';
import type { DiscountCodeInput } from '../../../core/schemas/staff-codes';
import type { StaffDiscountCode } from '../../../core/schemas/staff-back-office-answers';
import { ApiFailure } from '../../errors';
import { HOLDING_STATUSES } from '../../payments/orders';
import { auditStatement, type StaffSession } from '../../auth/staff-session';
import type { Tables } from '../../db/tables';
import { namedBatch, rows } from '../../db/batch';

/**
 * The brand's discount codes in the back office (issue 15 item 3). They are the `discount_codes` rows the shop reads
 * (worker/payments/discounts.ts findCode, reservationScope), so a code made here is used by the member's checkout
 * through the same rules: once / once per member / unlimited, country, currency, minimum, methods, expiry.
 * Only codes of kind 'code' are the back office's: a member's own welcome and stay-offer codes are not listed or
 * edited here.
 */

type Row = Pick<
  Tables['discount_codes'],
  'code' | 'value_percentage' | 'country' | 'currency' | 'minimum_order_value' | 'paymentmethods' | 'validity' | 'expires' | 'created_at'
> & { validity: StaffDiscountCode['validity'] };
/** Orders per code, paid or still holding a reservation, per currency. */
type UseRow = Pick<Tables['orders'], 'currency' | 'amount'> & { code: string; paid: number; n: number };

const COLUMNS = 'code, value_percentage, country, currency, minimum_order_value, paymentmethods, validity, expires, created_at';
const notFound = () => new ApiFailure(404, 'code_not_found', 'errors.code_not_found');

/** Every back-office code of the brand, newest first, with its paid uses, open reservations and revenue. */
export async function listDiscountCodes(db: D1Database, tenantId: string, now: Date, only?: string): Promise<StaffDiscountCode[]> {
  const codeFilter = only === undefined ? '' : ' AND code = ?2';
  const params = only === undefined ? [tenantId] : [tenantId, only];
  const { codes, orders } = await namedBatch(db, [
    [
      'codes',
      rows<Row>(
        db
          .prepare(
            `SELECT ${COLUMNS} FROM discount_codes WHERE tenant_id = ?1 AND kind = 'code'${codeFilter} ORDER BY created_at DESC, id DESC LIMIT 500`,
          )
          .bind(...params),
      ),
    ],
    // Reads orders_discount_code (migration 0018): only the brand's orders that carry one of its codes.
    [
      'orders',
      rows<UseRow>(
        db
          .prepare(
            `SELECT discount_code AS code, status = 'paid' AS paid, currency, COUNT(*) AS n, SUM(amount) AS amount FROM orders
            WHERE tenant_id = ?1 AND discount_code IN (SELECT code FROM discount_codes WHERE tenant_id = ?1 AND kind = 'code'${codeFilter})
              AND status IN ${HOLDING_STATUSES}
            GROUP BY discount_code, paid, currency`,
          )
          .bind(...params),
      ),
    ],
  ]);
  const totals = new Map<string, { uses: number; reserved: number; revenue: { currency: string; amount: number }[] }>();
  for (const o of orders.results) {
    const t = totals.get(o.code) ?? { uses: 0, reserved: 0, revenue: [] };
    if (o.paid) {
      t.uses += o.n;
      t.revenue.push({ currency: o.currency, amount: o.amount });
    } else {
      t.reserved += o.n;
    }
    totals.set(o.code, t);
  }
  return codes.results.map((r) => ({
    code: r.code,
    value_percentage: r.value_percentage,
    country: r.country,
    currency: r.currency,
    minimum_order_value: r.minimum_order_value,
    paymentmethods: r.paymentmethods ? (JSON.parse(r.paymentmethods) as string[]) : null,
    validity: r.validity,
    expires: r.expires,
    expired: r.expires !== null && Date.parse(r.expires) <= now.getTime(),
    created_at: r.created_at,
    ...(totals.get(r.code) ?? { uses: 0, reserved: 0, revenue: [] }),
  }));
}

async function one(db: D1Database, tenantId: string, code: string, now: Date): Promise<StaffDiscountCode> {
  const [found] = await listDiscountCodes(db, tenantId, now, code);
  if (!found) throw notFound();
  return found;
}

const detailOf = (input: DiscountCodeInput) => {
  const { brand: _brand, ...detail } = input;
  return detail;
};

/**
 * A new code. The unique (brand, code) key decides: of two admins making one code at once, one gets it and the
 * other the 409, and the audit row is written only for the insert that happened (same batch, `changes()`).
 */
export async function createDiscountCode(
  db: D1Database,
  staff: StaffSession,
  input: DiscountCodeInput,
  now: Date,
): Promise<StaffDiscountCode> {
  // The time bonus is answered by its rule before the table is read (findCode): a row of that name would never apply.
  if (input.code === TIME_BONUS.code) throw codeExists();
  const { insert } = await namedBatch(db, [
    [
      'insert',
      db
        .prepare(
          `INSERT INTO discount_codes (tenant_id, code, country, user_id, expires, value_percentage, currency, minimum_order_value, status, validity, paymentmethods, kind, created_at)
       VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 'active', ?, ?, 'code', ?) ON CONFLICT (tenant_id, code) DO NOTHING`,
        )
        .bind(input.brand, input.code, ...conditionsOf(input), now.toISOString()),
    ],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand: input.brand,
        action: 'discount_code_create',
        targetType: 'discount_code',
        targetId: input.code,
        detail: detailOf(input),
        now,
        guard: { sql: 'changes() = 1', params: [] },
      }),
    ],
  ]);
  if (insert.meta.changes !== 1) throw codeExists();
  return one(db, input.brand, input.code, now);
}

/** A code's conditions in the column order both statements name: country, expires ... paymentmethods. */
function conditionsOf(input: DiscountCodeInput) {
  const { country, expires, value_percentage, currency, minimum_order_value, validity, paymentmethods } = input;
  return [
    country,
    expires,
    value_percentage,
    currency,
    minimum_order_value,
    validity,
    paymentmethods ? JSON.stringify(paymentmethods) : null,
  ];
}

const codeExists = () => new ApiFailure(409, 'code_exists', 'errors.code_exists', { code: 'errors.code_exists' });

/** New conditions for an existing back-office code; uses already made stay as they were. */
export async function updateDiscountCode(
  db: D1Database,
  staff: StaffSession,
  input: DiscountCodeInput,
  now: Date,
): Promise<StaffDiscountCode> {
  const { update } = await namedBatch(db, [
    [
      'update',
      db
        .prepare(
          `UPDATE discount_codes SET country = ?, expires = ?, value_percentage = ?, currency = ?, minimum_order_value = ?, validity = ?, paymentmethods = ?
        WHERE tenant_id = ? AND code = ? AND kind = 'code'`,
        )
        .bind(...conditionsOf(input), input.brand, input.code),
    ],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand: input.brand,
        action: 'discount_code_edit',
        targetType: 'discount_code',
        targetId: input.code,
        detail: detailOf(input),
        now,
        guard: { sql: 'changes() = 1', params: [] },
      }),
    ],
  ]);
  if (update.meta.changes !== 1) throw notFound();
  return one(db, input.brand, input.code, now);
}

/**
 * Ends a code now: its expiry becomes this moment, so the shop answers 'code_expired' from here on. The row stays
 * with its uses and revenue. Expiring an expired code changes nothing and writes no audit row.
 */
export async function expireDiscountCode(
  db: D1Database,
  staff: StaffSession,
  brand: string,
  code: string,
  now: Date,
): Promise<StaffDiscountCode> {
  const at = now.toISOString();
  await db.batch([
    db
      .prepare(
        `UPDATE discount_codes SET expires = ?1 WHERE tenant_id = ?2 AND code = ?3 AND kind = 'code' AND (expires IS NULL OR expires > ?1)`,
      )
      .bind(at, brand, code),
    auditStatement(db, {
      staffId: staff.id,
      brand,
      action: 'discount_code_expire',
      targetType: 'discount_code',
      targetId: code,
      now,
      guard: { sql: 'changes() = 1', params: [] },
    }),
  ]);
  return one(db, brand, code, now);
}
