import type { OrderStatus } from '../../core/schemas/payments';
import { refundWindowStart } from '../../core/rules/refund-window';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';
import type { Guard } from '../auth/staff-session';
import { ledgerEntryIf, takeBackIf } from '../db/ledger';
import { sendConfirmation } from './confirmation-mail';
import type { SettleContext } from './settle-context';
import { HOLDING_STATUSES, memberOrder, OPEN_STATUSES, type OrderRow } from './orders';
import type { ProviderPayment, ProviderStatus } from './provider';
import { ProviderError } from './provider-error';
import { logEvent } from '../log';
import { namedBatch } from '../db/batch';
import { publishToMember } from '../live/events';
import type { Tables } from '../db/tables';
import { recordCardFingerprint } from './velocity';
import { recordPurchase, reverseOrder } from '../tracking/conversions';

/**
 * The order state machine: created -> pending -> paid | failed | cancelled | expired, each final state reached
 * once. A webhook, a returning member and the bench may all ask at the same moment; every path ends here, reads the
 * payment from the provider, and writes with conditional statements in one batch, so:
 * - credits are granted once (the ledger's ref 'order:<id>' is unique, and the batch is all-or-nothing),
 * - the first paid order makes the member premium for good (paid_user is only ever set to 1) and says so (made_premium),
 * - only the request whose UPDATE moved the order sends the confirmation mail.
 */
const TARGET: Record<ProviderStatus, OrderStatus> = {
  open: 'pending',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/** A payment that does not belong to this order (forged, or a bug on either side) never moves it. */
function verify(order: OrderRow, payment: ProviderPayment, tenant: Tenant): void {
  // An amount the provider cannot tell yet (an open Verotel sale) is no mismatch; a paid one must say it, and agree.
  const unknownAmount = payment.amount === null && payment.currency === null && payment.status !== 'paid';
  const ok =
    payment.metadata.tenant === tenant.id &&
    Number(payment.metadata.order_id) === order.id &&
    (unknownAmount || (payment.amount === order.amount && payment.currency === order.currency));
  if (!ok) {
    logEvent('error', 'payment does not match order', { tenant: tenant.id, order: order.id, payment: payment.id });
    throw new ApiFailure(409, 'payment_mismatch', 'errors.payment_mismatch');
  }
}

export type { SettleContext } from './settle-context';

const FINAL_UNPAID: readonly OrderStatus[] = ['failed', 'cancelled', 'expired'];

/**
 * Brings the order up to date with the provider; returns its status afterwards. An order we closed as failed,
 * cancelled or expired is still settled when the provider later says it was paid (a late bank transfer): the
 * money moved, so the member gets the credits, or the money back when the order's discount is no longer theirs.
 */
export async function settleOrder(ctx: SettleContext, order: OrderRow): Promise<OrderStatus> {
  const open = OPEN_STATUSES.includes(order.status);
  if (!order.provider_payment_id || !(open || FINAL_UNPAID.includes(order.status))) return order.status;
  const payment = await ctx.provider.get(order.provider_payment_id);
  if (!payment) throw new ApiFailure(404, 'unknown_payment', 'errors.unknown_payment');
  verify(order, payment, ctx.tenant);
  if (payment.cardFingerprint && !order.card_fingerprint)
    await recordCardFingerprint(ctx.env.DB, ctx.tenant.id, order.id, payment.cardFingerprint);
  const target = TARGET[payment.status];
  if (target === 'paid') return markPaid(ctx, order, payment);
  if (!open) return order.status;
  if (target === 'pending') return order.status === 'created' ? 'pending' : order.status;
  return markUnpaid(ctx, order, target);
}

/** Whether the order is paid now: the condition of every write that a paid order brings. */
const IS_PAID = "EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND tenant_id = ?2 AND status = 'paid')";

/**
 * One batch: keep (or take back, when it was released and nobody holds it) the order's discount reservation, move
 * the order to paid only while it holds that reservation, and grant the credits, premium and the mandate only if
 * the order is paid. A paid payment whose order could not become paid lost its discount to another order: it is
 * refunded in full, and the order says why (refunded, code_used). So a single-use code is paid for at most once.
 */
async function markPaid(ctx: SettleContext, order: OrderRow, payment: ProviderPayment): Promise<OrderStatus> {
  const { env, tenant, now } = ctx;
  const db = env.DB;
  const at = now.toISOString();
  const results = await namedBatch(db, paidStatements(ctx, order, payment, at));
  if (results.moved.meta.changes > 0) {
    // The member's other open tabs (the shop, a chat) show the bought credits at once.
    const [balance] = results.balance.results as Pick<Tables['members'], 'credits'>[];
    await publishToMember(env, tenant.id, order.member_id, { type: 'credits', credits: balance.credits });
    await sendConfirmation(ctx, order, at);
    // The sale or rebill of a member a paid click brought (issue 47): once, by the request that moved the order.
    await recordPurchase(env, tenant.id, order, now).catch((error: unknown) =>
      logEvent('error', 'purchase conversion not recorded', { tenant: tenant.id, order: order.id, error: String(error) }),
    );
    return 'paid';
  }
  const current = (await db
    .prepare('SELECT status FROM orders WHERE id = ? AND tenant_id = ?')
    .bind(order.id, tenant.id)
    .first<Pick<OrderRow, 'status'>>())!.status;
  if (current === 'paid' || current === 'refunded') return current;
  return refundLostDiscount(ctx, order);
}

/**
 * The one batch that pays an order: the discount's redemption, the move to paid, the credits in the ledger, premium
 * for a first order, the direct-debit mandate, and the balance after. Each write after the move holds only if the
 * order is paid now (IS_PAID), so a repeated or concurrent settle changes nothing twice.
 */
function paidStatements(ctx: SettleContext, order: OrderRow, payment: ProviderPayment, at: string) {
  const { tenant, now } = ctx;
  const db = ctx.env.DB;
  const steps: (readonly ['moved' | 'balance' | null, D1PreparedStatement])[] = [];
  if (order.discount_scope) {
    steps.push([
      null,
      db
        .prepare(
          `INSERT INTO discount_redemptions (tenant_id, scope, code, member_id, order_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (tenant_id, scope) DO UPDATE SET member_id = excluded.member_id, order_id = excluded.order_id, created_at = excluded.created_at
          WHERE discount_redemptions.order_id NOT IN (SELECT id FROM orders WHERE tenant_id = ?1 AND status IN ${HOLDING_STATUSES})`,
        )
        .bind(tenant.id, order.discount_scope, order.discount_code, order.member_id, order.id, at),
    ]);
  }
  steps.push([
    'moved',
    db
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = ?3, updated_at = ?3 WHERE id = ?1 AND tenant_id = ?2 AND status IN ('created', 'pending', 'failed', 'cancelled', 'expired')
          AND (discount_scope IS NULL OR EXISTS (SELECT 1 FROM discount_redemptions r WHERE r.tenant_id = ?2 AND r.scope = orders.discount_scope AND r.order_id = ?1))`,
      )
      .bind(order.id, tenant.id, at),
  ]);
  steps.push(
    [
      null,
      ledgerEntryIf(
        db,
        { tenantId: tenant.id, memberId: order.member_id, delta: order.credits, reason: 'purchase', ref: `order:${order.id}`, now },
        IS_PAID,
        order.id,
        tenant.id,
      ),
    ],
    // The order records that it made the member premium before the member's row says so: in one batch, so of two
    // first orders paid at once only the one that found paid_user = 0 tells the member "now premium".
    [
      null,
      db
        .prepare(
          `UPDATE orders SET made_premium = 1 WHERE id = ?1 AND tenant_id = ?2 AND status = 'paid'
            AND EXISTS (SELECT 1 FROM members WHERE id = ?3 AND tenant_id = ?2 AND paid_user = 0)`,
        )
        .bind(order.id, tenant.id, order.member_id),
    ],
    [
      null,
      db
        .prepare(`UPDATE members SET paid_user = 1 WHERE id = ?3 AND tenant_id = ?2 AND paid_user = 0 AND ${IS_PAID}`)
        .bind(order.id, tenant.id, order.member_id),
    ],
  );
  if (payment.mandate?.valid) {
    const m = payment.mandate;
    steps.push([
      null,
      db
        .prepare(
          `INSERT INTO payment_mandates (tenant_id, member_id, provider, customer_id, mandate_id, method, label, created_at)
         SELECT ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE ${IS_PAID}
         ON CONFLICT (tenant_id, provider, mandate_id) DO NOTHING`,
        )
        .bind(order.id, tenant.id, order.member_id, ctx.provider.name, m.customerId, m.mandateId, m.method, m.label, at),
    ]);
  }
  steps.push(['balance', db.prepare('SELECT credits FROM members WHERE id = ? AND tenant_id = ?').bind(order.member_id, tenant.id)]);
  return steps;
}

/** The whole amount back through the provider; the key makes two requests for one refund refund once. */
function refundWhole(ctx: Pick<SettleContext, 'provider' | 'tenant'>, order: OrderRow, why: string, key: string) {
  return ctx.provider.refund({
    paymentId: order.provider_payment_id!,
    amount: order.amount,
    currency: order.currency,
    description: `${ctx.tenant.settings.name} #${order.id}: ${why}`,
    idempotencyKey: `order-${order.id}-${key}`,
  });
}

/** Pays the whole amount back (idempotent at the provider per order) and closes the order as refunded, once. */
async function refundLostDiscount(ctx: SettleContext, order: OrderRow): Promise<OrderStatus> {
  const at = ctx.now.toISOString();
  await refundWhole(ctx, order, 'discount code already used', 'code-used');
  await ctx.env.DB.prepare(
    "UPDATE orders SET status = 'refunded', refund_reason = 'code_used', refunded_at = ?, updated_at = ? WHERE id = ? AND tenant_id = ? AND status NOT IN ('paid', 'refunded')",
  )
    .bind(at, at, order.id, ctx.tenant.id)
    .run();
  logEvent('warn', 'paid order refunded: its discount code was used by another order', { tenant: ctx.tenant.id, order: order.id });
  return 'refunded';
}

async function markUnpaid(ctx: SettleContext, order: OrderRow, target: OrderStatus): Promise<OrderStatus> {
  const db = ctx.env.DB;
  const at = ctx.now.toISOString();
  await db.batch([
    db
      .prepare("UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND tenant_id = ? AND status IN ('created', 'pending')")
      .bind(target, at, order.id, ctx.tenant.id),
    // The discount is free again: the member did not get it.
    db
      .prepare(
        `DELETE FROM discount_redemptions WHERE tenant_id = ?1 AND order_id = ?2
          AND EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND tenant_id = ?1 AND status IN ('failed', 'cancelled', 'expired'))`,
      )
      .bind(ctx.tenant.id, order.id),
  ]);
  return target;
}

/**
 * A refund an admin asked for in the back office (issue 15): a paid order, paid within the brand's refund_days,
 * all of its amount back through the provider (the sandboxes record it; a provider's refund call carries the
 * idempotency key, so concurrent requests refund once). Then one batch whose every write holds only while the
 * order is still paid and inside the period: the order's credits are taken back through the ledger (what is left of
 * them, never below zero), the caller's audit row, and last the order moves to refunded (reason 'staff'). Of
 * concurrent refunds of one order exactly one moves it; the others answer 409 order_refunded and change nothing.
 */
export async function refundByStaff(
  ctx: Pick<SettleContext, 'env' | 'tenant' | 'provider' | 'now'>,
  order: OrderRow,
  audit: (guard: Guard) => D1PreparedStatement,
): Promise<{ takenBack: number }> {
  const { env, tenant, now } = ctx;
  const db = env.DB;
  const since = refundWindowStart(now, tenant.settings.refund_days);
  if (order.status === 'refunded') throw new ApiFailure(409, 'order_refunded', 'errors.order_refunded');
  if (order.status !== 'paid' || !order.provider_payment_id || !order.paid_at)
    throw new ApiFailure(409, 'order_not_paid', 'errors.order_not_paid');
  if (order.paid_at < since)
    throw new ApiFailure(409, 'refund_period_over', 'errors.refund_period_over', undefined, { days: tenant.settings.refund_days });

  await refundWhole(ctx, order, 'refunded by the shop', 'staff-refund').catch(async (error: unknown) => {
    // A provider refuses to refund a sale it has already refunded (another staff member's refund, or its own with
    // its postback under way): once the order is no longer paid that is "already refunded", not a server error.
    if (error instanceof ProviderError && (await memberOrder(db, tenant.id, order.member_id, order.id)).status !== 'paid')
      throw new ApiFailure(409, 'order_refunded', 'errors.order_refunded');
    throw error;
  });
  // Numbered for the ledger's statement (its condition binds come first), anonymous for the audit row's guard.
  const refundable = (p: [string, string, string]) =>
    `EXISTS (SELECT 1 FROM orders WHERE id = ${p[0]} AND tenant_id = ${p[1]} AND status = 'paid' AND paid_at >= ${p[2]})`;
  const ref = `refund:order:${order.id}`;
  const at = now.toISOString();
  const results = await namedBatch(db, [
    [
      null,
      takeBackIf(
        db,
        { tenantId: tenant.id, memberId: order.member_id, max: order.credits, reason: 'refund', ref, now },
        refundable(['?1', '?2', '?3']),
        order.id,
        tenant.id,
        since,
      ),
    ],
    [null, audit({ sql: refundable(['?', '?', '?']), params: [order.id, tenant.id, since] })],
    [
      'refunded',
      db
        .prepare(
          "UPDATE orders SET status = 'refunded', refund_reason = 'staff', refunded_at = ?3, updated_at = ?3 WHERE id = ?1 AND tenant_id = ?2 AND status = 'paid' AND paid_at >= ?4",
        )
        .bind(order.id, tenant.id, at, since),
    ],
  ]);
  if (results.refunded.meta.changes === 0) throw new ApiFailure(409, 'order_refunded', 'errors.order_refunded');
  // Inside the network's hold period the network is told (issue 47): once, by the request that refunded.
  await reverseOrder(env, tenant.id, order.id, 'refund', now).catch((error: unknown) =>
    logEvent('error', 'reversal not recorded', { tenant: tenant.id, order: order.id, error: String(error) }),
  );
  const row = await db
    .prepare('SELECT delta FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
    .bind(tenant.id, order.member_id, ref)
    .first<Pick<Tables['credit_ledger'], 'delta'>>();
  return { takenBack: row ? -row.delta : 0 };
}

/**
 * The member cancels an open order (issue 18 item 10: "cancel" and "another method" on /transactions/{id}). The
 * provider is asked first, so a payment made meanwhile still counts (the order then is paid); otherwise its payment
 * is cancelled at the provider and the order closes as cancelled in the conditional batch that frees its discount
 * code. Parallel requests close it once; a payment that arrives after all settles as a late one (settleOrder).
 */
export async function cancelOrder(ctx: SettleContext, order: OrderRow): Promise<OrderStatus> {
  if (!OPEN_STATUSES.includes(order.status)) return order.status;
  if (order.provider_payment_id) {
    const status = await settleOrder(ctx, order);
    if (!OPEN_STATUSES.includes(status)) return status;
    await ctx.provider.cancel(order.provider_payment_id);
  }
  return markUnpaid(ctx, order, 'cancelled');
}
