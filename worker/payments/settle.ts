import type { OrderStatus } from '../../core/schemas/payments';
import type { Tenant } from '../../core/schemas/tenant';
import { ApiFailure } from '../errors';
import { ledgerEntry } from '../services/ledger';
import { sendConfirmation } from './confirmation-mail';
import { OPEN_STATUSES, type OrderRow } from './orders';
import type { PaymentProvider, ProviderPayment, ProviderStatus } from './provider';

/**
 * The order state machine: created -> pending -> paid | failed | cancelled | expired, each final state reached
 * once. A webhook, a returning member and the bench may all ask at the same moment; every path ends here, reads the
 * payment from the provider, and writes with conditional statements in one batch, so:
 * - credits are granted once (the ledger's ref 'order:<id>' is unique, and the batch is all-or-nothing),
 * - the first paid order makes the member premium for good (paid_user is only ever set to 1),
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
  const ok =
    payment.metadata.tenant === tenant.id && Number(payment.metadata.order_id) === order.id && payment.amount === order.amount && payment.currency === order.currency;
  if (!ok) {
    console.error(JSON.stringify({ level: 'error', message: 'payment does not match order', tenant: tenant.id, order: order.id, payment: payment.id }));
    throw new ApiFailure(409, 'payment_mismatch', 'errors.payment_mismatch');
  }
}

export interface SettleContext {
  env: Env;
  tenant: Tenant;
  provider: PaymentProvider;
  now: Date;
  /** Absolute URL of the order's page, for the confirmation mail. */
  orderUrl: (id: number) => string;
}

/** Brings the order up to date with the provider; returns its status afterwards. */
export async function settleOrder(ctx: SettleContext, order: OrderRow): Promise<OrderStatus> {
  if (!order.provider_payment_id || !OPEN_STATUSES.includes(order.status)) return order.status;
  const payment = await ctx.provider.get(order.provider_payment_id);
  if (!payment) throw new ApiFailure(404, 'unknown_payment', 'errors.unknown_payment');
  verify(order, payment, ctx.tenant);
  const target = TARGET[payment.status];
  if (target === 'pending') return order.status === 'created' ? 'pending' : order.status;
  return target === 'paid' ? markPaid(ctx, order, payment) : markUnpaid(ctx, order, target);
}

async function markPaid(ctx: SettleContext, order: OrderRow, payment: ProviderPayment): Promise<OrderStatus> {
  const { env, tenant, now } = ctx;
  const db = env.DB;
  const at = now.toISOString();
  const statements = [
    db.prepare("UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ? AND tenant_id = ? AND status IN ('created', 'pending')")
      .bind(at, at, order.id, tenant.id),
    ledgerEntry(db, { tenantId: tenant.id, memberId: order.member_id, delta: order.credits, reason: 'purchase', ref: `order:${order.id}`, now }),
    db.prepare('UPDATE members SET paid_user = 1 WHERE id = ? AND tenant_id = ? AND paid_user = 0').bind(order.member_id, tenant.id),
  ];
  if (payment.mandate?.valid) {
    const m = payment.mandate;
    statements.push(
      db.prepare(
        `INSERT INTO payment_mandates (tenant_id, member_id, provider, customer_id, mandate_id, method, label, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, provider, mandate_id) DO NOTHING`,
      ).bind(tenant.id, order.member_id, ctx.provider.name, m.customerId, m.mandateId, m.method, m.label, at),
    );
  }
  const results = await db.batch(statements);
  if (results[0].meta.changes > 0) await sendConfirmation(ctx, order, at);
  return 'paid';
}

async function markUnpaid(ctx: SettleContext, order: OrderRow, target: OrderStatus): Promise<OrderStatus> {
  const db = ctx.env.DB;
  const at = ctx.now.toISOString();
  await db.batch([
    db.prepare("UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND tenant_id = ? AND status IN ('created', 'pending')").bind(target, at, order.id, ctx.tenant.id),
    // The discount is free again: the member did not get it.
    db.prepare(
      `DELETE FROM discount_redemptions WHERE tenant_id = ?1 AND order_id = ?2
          AND EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND tenant_id = ?1 AND status IN ('failed', 'cancelled', 'expired'))`,
    ).bind(ctx.tenant.id, order.id),
  ]);
  return target;
}
