import type { OrderStatus } from '../../../core/schemas/payments';
import type { Tables } from '../../db/tables';
import { logEvent } from '../../log';
import { ibanSubject } from '../directdebit';
import { orderByPayment } from '../orders';
import type { SettleContext } from '../settle-context';
import { reverseByProvider } from '../verotel/reversal';
import { debitPaymentId } from './creditor';

/**
 * The R-transactions a bank reports on a debit (EPC reason codes): AM04 insufficient funds, MD06 the debtor's refund
 * claim within 8 weeks, MD01 no valid mandate, AC04 account closed, MS02 refused by the debtor.
 */
export const RETURN_REASONS = ['AM04', 'MD06', 'MD01', 'AC04', 'MS02'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export type ReturnOutcome =
  | { kind: 'reversed'; status: OrderStatus; takenBack: number; first: boolean }
  | { kind: 'unknown' | 'not_collected' };

/**
 * A bank's return of a debit: the money did not arrive or went back. In this order, each step safe to repeat:
 * 1. the debit is marked returned (one conditional UPDATE: the first report's reason stays);
 * 2. the order is reversed through the shared ledger path (verotel/reversal.ts `reverseByProvider`, kind chargeback:
 *    the unspent credits taken back once, never below zero, the order charged_back, the member told once);
 * 3. the mandate is revoked and the account and member blocked from paying by direct debit again.
 * A second report of the same return, or twenty at once, changes nothing more; a report that stopped after step 1 is
 * finished by the next one.
 */
export async function bankReturn(
  ctx: Pick<SettleContext, 'env' | 'tenant' | 'now' | 'orderUrl'>,
  debitId: number,
  reason: ReturnReason,
): Promise<ReturnOutcome> {
  const db = ctx.env.DB;
  const tenantId = ctx.tenant.id;
  const at = ctx.now.toISOString();
  const marked = await db
    .prepare(
      `UPDATE sepa_debits SET status = 'returned', return_reason = ?, returned_at = ?
        WHERE id = ? AND tenant_id = ? AND status IN ('scheduled', 'submitted')`,
    )
    .bind(reason, at, debitId, tenantId)
    .run();
  const debit = await db
    .prepare(
      `SELECT d.status, d.mandate_reference, m.member_id, m.debtor_iban FROM sepa_debits d
         JOIN sepa_mandates m ON m.tenant_id = d.tenant_id AND m.reference = d.mandate_reference
        WHERE d.id = ? AND d.tenant_id = ?`,
    )
    .bind(debitId, tenantId)
    .first<Pick<Tables['sepa_debits'], 'status' | 'mandate_reference'> & Pick<Tables['sepa_mandates'], 'member_id' | 'debtor_iban'>>();
  if (!debit) return { kind: 'unknown' };
  if (debit.status !== 'returned') return { kind: 'not_collected' };
  const order = await orderByPayment(db, tenantId, 'sepa', debitPaymentId(debitId));
  if (!order) return { kind: 'unknown' };
  const reversed = await reverseByProvider(ctx, order, 'chargeback');
  const block = `sepa_return:${reason}`;
  await db.batch([
    db.prepare("UPDATE sepa_mandates SET status = 'revoked' WHERE tenant_id = ? AND reference = ?").bind(tenantId, debit.mandate_reference),
    db
      .prepare("UPDATE payment_mandates SET status = 'invalid' WHERE tenant_id = ? AND provider = 'sepa' AND mandate_id = ?")
      .bind(tenantId, debit.mandate_reference),
    db
      .prepare('INSERT INTO directdebit_blocks (tenant_id, subject, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(tenantId, await ibanSubject(debit.debtor_iban), block, at),
    db
      .prepare('INSERT INTO directdebit_blocks (tenant_id, subject, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(tenantId, `member:${debit.member_id}`, block, at),
  ]);
  const first = marked.meta.changes > 0;
  if (first)
    logEvent('warn', 'sepa debit returned', { tenant: tenantId, debit: debitId, order: order.id, reason, taken_back: reversed.takenBack });
  return { kind: 'reversed', status: reversed.status, takenBack: reversed.takenBack, first };
}
