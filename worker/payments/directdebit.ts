import { normalizeIban } from '../../core/rules/iban';
import type { DirectDebitForm } from '../../core/schemas/order-form';
import { ApiFailure } from '../errors';
import { hmacSha256Hex, sha256Hex } from '../../core/encoding';
import type { Tables } from '../db/tables';
import type { ProviderMandate } from './provider-types';

/**
 * Direct debit (SPEC.md §3 and §8): the form is confirmed by a 6-digit code sent by SMS. The code is stored only
 * as an HMAC; three wrong codes void the request; a confirmed request cannot be confirmed again (a replayed code
 * is 'Code ongeldig'). Blocked accounts and a monthly amount limit protect against reversed collections.
 */
export const DIRECT_DEBIT = { maxTries: 3, codeMinutes: 15, monthlyLimitCents: 15_000, limitDays: 30, smsPerHour: 3 } as const;

export async function ibanSubject(iban: string): Promise<string> {
  return `iban:${await sha256Hex(normalizeIban(iban))}`;
}

/** Refuses a blocked member or account. */
export async function assertNotBlocked(db: D1Database, tenantId: string, memberId: number, iban: string): Promise<void> {
  const row = await db
    .prepare('SELECT 1 AS x FROM directdebit_blocks WHERE tenant_id = ? AND subject IN (?, ?)')
    .bind(tenantId, `member:${memberId}`, await ibanSubject(iban))
    .first();
  if (row) throw new ApiFailure(403, 'directdebit_blocked', 'errors.directdebit_blocked');
}

/**
 * Refuses early, before an SMS is sent, an order that would take the member's direct debits of the last 30 days
 * over the limit. The limit itself is decided where the order is placed (orders.ts `placeOrder`), in the INSERT.
 */
export async function assertWithinLimit(db: D1Database, tenantId: string, memberId: number, amount: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DIRECT_DEBIT.limitDays * 86_400_000).toISOString();
  const row = await db
    .prepare(
      "SELECT COALESCE(SUM(amount), 0) AS total FROM orders WHERE tenant_id = ? AND member_id = ? AND method = 'directdebit' AND status IN ('created', 'pending', 'paid') AND created_at > ?",
    )
    .bind(tenantId, memberId, since)
    .first<{ total: number }>();
  if (row!.total + amount > DIRECT_DEBIT.monthlyLimitCents) throw new ApiFailure(429, 'directdebit_limit', 'errors.directdebit_limit');
}

export type DirectDebitRequest = Tables['directdebit_requests'];

const codeHash = (secret: string, memberId: number, createdAt: string, code: string) =>
  hmacSha256Hex(secret, `${memberId}:${createdAt}:${code}`);

/** Stores the request and returns its id and the code to send. */
export async function openRequest(
  db: D1Database,
  secret: string,
  tenantId: string,
  memberId: number,
  form: DirectDebitForm,
  amount: number,
  now: Date,
  terms?: { reference: string; debit_date: string },
): Promise<{ id: number; code: string }> {
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, '0');
  const createdAt = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO directdebit_requests (tenant_id, member_id, package_id, amount, currency, discount_code, holder, iban, street, house_number, zip, city, phone, code_hash, created_at, expires_at, mandate_reference, debit_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      tenantId,
      memberId,
      form.package_id,
      amount,
      form.currency,
      form.code ?? null,
      form.holder,
      normalizeIban(form.iban),
      form.street,
      form.house_number,
      form.zip,
      form.city,
      form.phone,
      await codeHash(secret, memberId, createdAt, code),
      createdAt,
      new Date(now.getTime() + DIRECT_DEBIT.codeMinutes * 60_000).toISOString(),
      terms?.reference ?? null,
      terms?.debit_date ?? null,
    )
    .first<Pick<Tables['directdebit_requests'], 'id'>>();
  return { id: row!.id, code };
}

/**
 * Checks the code. A wrong one counts a try (and voids the request at the limit); the right one confirms the
 * request with a conditional UPDATE, so two requests with the same code cannot both succeed.
 */
export async function confirmRequest(
  db: D1Database,
  secret: string,
  tenantId: string,
  memberId: number,
  id: number,
  otp: string,
  now: Date,
): Promise<DirectDebitRequest> {
  const req = await db
    .prepare('SELECT * FROM directdebit_requests WHERE id = ? AND tenant_id = ? AND member_id = ?')
    .bind(id, tenantId, memberId)
    .first<DirectDebitRequest>();
  if (req?.status !== 'open' || Date.parse(req.expires_at) <= now.getTime())
    throw new ApiFailure(400, 'code_invalid', 'errors.code_invalid');
  if (req.tries >= DIRECT_DEBIT.maxTries) throw new ApiFailure(429, 'code_tries', 'errors.code_tries');
  const expected = await codeHash(secret, memberId, req.created_at, otp);
  if (expected !== req.code_hash) {
    const after = await db
      .prepare(
        `UPDATE directdebit_requests SET tries = tries + 1, status = CASE WHEN tries + 1 >= ? THEN 'void' ELSE status END
          WHERE id = ? AND tenant_id = ? AND status = 'open' RETURNING tries`,
      )
      .bind(DIRECT_DEBIT.maxTries, id, tenantId)
      .first<Pick<Tables['directdebit_requests'], 'tries'>>();
    if (!after || after.tries >= DIRECT_DEBIT.maxTries) throw new ApiFailure(429, 'code_tries', 'errors.code_tries');
    throw new ApiFailure(400, 'code_invalid', 'errors.code_invalid', undefined, { tries: DIRECT_DEBIT.maxTries - after.tries });
  }
  const confirmed = await db
    .prepare("UPDATE directdebit_requests SET status = 'confirmed' WHERE id = ? AND tenant_id = ? AND status = 'open' AND tries < ?")
    .bind(id, tenantId, DIRECT_DEBIT.maxTries)
    .run();
  if (confirmed.meta.changes === 0) throw new ApiFailure(400, 'code_invalid', 'errors.code_invalid');
  return req;
}

/**
 * The provider's mandate for the member's IBAN, kept for repeat orders (stored once per mandate), with the creditor
 * and the reference of the mandate text the member signed (issue 44 item 10).
 */
export async function saveMandate(
  db: D1Database,
  tenantId: string,
  memberId: number,
  provider: string,
  mandate: Pick<ProviderMandate, 'customerId' | 'mandateId'>,
  label: string,
  now: Date,
  signed?: { creditorId: string; reference: string },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO payment_mandates (tenant_id, member_id, provider, customer_id, mandate_id, method, label, created_at, creditor_id, mandate_reference)
       VALUES (?, ?, ?, ?, ?, 'directdebit', ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    .bind(
      tenantId,
      memberId,
      provider,
      mandate.customerId,
      mandate.mandateId,
      label,
      now.toISOString(),
      signed?.creditorId ?? null,
      signed?.reference ?? null,
    )
    .run();
}

/** The order a confirmed request became. */
export async function linkOrder(db: D1Database, tenantId: string, requestId: number, orderId: number): Promise<void> {
  await db.prepare('UPDATE directdebit_requests SET order_id = ? WHERE id = ? AND tenant_id = ?').bind(orderId, requestId, tenantId).run();
}
