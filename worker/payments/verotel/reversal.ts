import type { OrderStatus } from '../../../core/schemas/payments';
import type { Tables } from '../../db/tables';
import { logEvent } from '../../log';
import { namedBatch, rows } from '../../db/batch';
import { takeBackIf } from '../../db/ledger';
import { publishToMember } from '../../live/events';
import type { OrderRow } from '../orders';
import type { SettleContext } from '../settle-context';
import { sendChargebackMail } from '../confirmation-mail';
import { stopRepeatCharges } from '../stop-repeat';
import { reverseOrder } from '../../tracking/conversions';

/**
 * Money that went back on the provider's side, as a verified postback reports it (provider-agnostic: Verotel's
 * "credit" and "chargeback" today, CCBill's and Segpay's the same way). One batch, whose writes hold only while the
 * order is still paid:
 * - the credits of the order still unspent are taken back through the ledger (never below zero: takeBackIf), under
 *   the same reference a staff refund uses for a refund (`refund:order:<id>`), so a staff refund and the provider's
 *   postback for it take credits back once, whichever arrives first; a chargeback has its own (`chargeback:order:<id>`);
 * - the order moves to refunded (reason 'provider') or charged_back (charged_back_at: the month the schemes count it in);
 * - a chargeback also stops one-click charges on the card it came from (stop-repeat.ts).
 * A chargeback on an order already refunded moves it to charged_back and takes nothing more. Replays, and any number
 * of them at once, find the order moved and change nothing. The member's account is not locked (FTC v. Match Group):
 * the request that moved the order to charged_back (one, however many replays) mails the member what was taken back
 * and that their account stays usable.
 */
export async function reverseByProvider(
  ctx: Pick<SettleContext, 'env' | 'tenant' | 'now' | 'orderUrl'>,
  order: OrderRow,
  kind: 'refund' | 'chargeback',
): Promise<{ status: OrderStatus; takenBack: number }> {
  const { env, tenant, now } = ctx;
  const db = env.DB;
  const at = now.toISOString();
  const ref = `${kind}:order:${order.id}`;
  const move =
    kind === 'refund'
      ? db
          .prepare(
            "UPDATE orders SET status = 'refunded', refund_reason = 'provider', refunded_at = ?3, updated_at = ?3 WHERE id = ?1 AND tenant_id = ?2 AND status = 'paid'",
          )
          .bind(order.id, tenant.id, at)
      : db
          .prepare(
            "UPDATE orders SET status = 'charged_back', refunded_at = COALESCE(refunded_at, ?3), charged_back_at = ?3, updated_at = ?3 WHERE id = ?1 AND tenant_id = ?2 AND status IN ('paid', 'refunded')",
          )
          .bind(order.id, tenant.id, at);
  const results = await namedBatch(db, [
    [
      null,
      takeBackIf(
        db,
        { tenantId: tenant.id, memberId: order.member_id, max: order.credits, reason: 'refund', ref, now },
        "EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND tenant_id = ?2 AND status = 'paid')",
        order.id,
        tenant.id,
      ),
    ],
    // Before the move, whose status it reads (only the request that moves the order stops the tokens).
    ...(kind === 'chargeback' ? ([[null, stopRepeatCharges(db, tenant.id, order)]] as const) : []),
    ['moved', move],
    [
      'order',
      rows<Pick<OrderRow, 'status'>>(db.prepare('SELECT status FROM orders WHERE id = ? AND tenant_id = ?').bind(order.id, tenant.id)),
    ],
    [
      'taken',
      rows<Pick<Tables['credit_ledger'], 'delta'>>(
        db
          .prepare('SELECT delta FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
          .bind(tenant.id, order.member_id, ref),
      ),
    ],
    [
      'balance',
      rows<Pick<Tables['members'], 'credits'>>(
        db.prepare('SELECT credits FROM members WHERE id = ? AND tenant_id = ?').bind(order.member_id, tenant.id),
      ),
    ],
  ]);
  const [current] = results.order.results;
  const [taken] = results.taken.results;
  const takenBack = taken ? -taken.delta : 0;
  if (results.moved.meta.changes > 0) {
    const [balance] = results.balance.results;
    await publishToMember(env, tenant.id, order.member_id, { type: 'credits', credits: balance.credits });
    // What the member had spent of the order stays spent: the books show it as the part not taken back.
    logEvent('warn', `order ${kind === 'refund' ? 'refunded' : 'charged back'} by the payment service`, {
      tenant: tenant.id,
      order: order.id,
      credits: order.credits,
      taken_back: takenBack,
      ...(order.status === 'paid' ? { spent: order.credits - takenBack } : { was: order.status }),
    });
    if (kind === 'chargeback') await sendChargebackMail(ctx, order);
    // The network's reversal postback inside its hold period (issue 47).
    await reverseOrder(env, tenant.id, order.id, kind, now).catch((error: unknown) =>
      logEvent('error', 'reversal not recorded', { tenant: tenant.id, order: order.id, error: String(error) }),
    );
  }
  return { status: current.status, takenBack };
}
