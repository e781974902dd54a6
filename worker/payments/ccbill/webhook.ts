import type { OrderStatus } from '../../../core/schemas/payments';
import { nextOnRoute, routeFor } from '../../../core/rules/payment-routing';
import { ApiFailure } from '../../errors';
import { logEvent } from '../../log';
import { orderByPayment, type OrderRow } from '../orders';
import { ProviderError } from '../provider-error';
import type { PostbackEvent } from '../provider-types';
import { settleOrder } from '../settle';
import type { SettleContext } from '../settle-context';
import type { PostbackAnswer } from '../verotel/postback';
import { reverseByProvider } from '../verotel/reversal';
import type { CcbillProvider } from './adapter';
import { recordEvent } from './events';
import { SOFT_FAILURE_CODES } from './protocol';

/**
 * A CCBill webhook, from its fields (JSON or form, eventType from the query) to the answer CCBill expects: HTTP 200
 * for a webhook it may stop sending, anything else and CCBill sends it again. Nothing in it is trusted before it
 * verified for this brand (adapter.ts `verify`); then:
 * - the order must be this brand's CCBill order, and a sale (or a reversal that names an amount) for its amount and
 *   currency;
 * - a sale is recorded once (one row per order; a subscription pays one order) and moves the order through
 *   settle.ts, which confirms the subscription with CCBill's status call and grants the credits once;
 * - a decline is recorded; a soft one on an order whose route has another provider leaves the order open for the
 *   cascade (cascade.ts, when the member is back), any other fails it;
 * - a refund, void or chargeback, once CCBill's status call shows it, takes back the unspent credits once, through
 *   the same ledger path as Verotel's (verotel/reversal.ts).
 * Every refusal is logged and changes nothing; an event already applied answers OK again.
 */
export async function handleWebhook(ctx: SettleContext, provider: CcbillProvider, params: URLSearchParams): Promise<PostbackAnswer> {
  const { tenant } = ctx;
  const db = ctx.env.DB;
  const type = params.get('eventType') ?? '';
  const facts = {
    tenant: tenant.id,
    provider: 'ccbill',
    event: type,
    subscription: params.get('subscriptionId'),
    transaction: params.get('transactionId'),
  };
  const event = await provider.postbacks.verify(params);
  if (!event) return refuse(provider, 'not verified (digest, account or subscription)', facts);
  if (!event.paymentId.startsWith(`${tenant.id}-`)) return refuse(provider, "not this brand's order", facts, 'error');
  const order = await orderByPayment(db, tenant.id, 'ccbill', event.paymentId);
  if (!order) {
    // A sale for an order that cascaded to another provider after a decline (the member went back to the form):
    // the money moved at CCBill for an order paid elsewhere, so staff refund it in CCBill's Admin Portal.
    const moved = event.kind === 'sale' ? await orderElsewhere(db, tenant.id, event.paymentId) : null;
    if (moved) return refuse(provider, `sale for an order now at ${moved}: refund it at CCBill`, facts, 'error');
    return refuse(provider, 'unknown order', facts);
  }
  const at = { ...facts, order: order.id };
  if (event.kind === 'other') {
    if (event.name === 'NewSaleFailure') return declined(ctx, order, params.get('failureCode') ?? '', at);
    logEvent('info', 'ccbill webhook not acted on', at);
    return { status: 200, body: provider.postbacks.accepted, outcome: 'ignored' };
  }
  if (!sameMoney(event, order)) {
    const got = { amount: event.amount, currency: event.currency, order_amount: order.amount, order_currency: order.currency };
    return refuse(provider, 'amount or currency differs from the order', { ...at, ...got }, 'error');
  }
  const base = { tenant_id: tenant.id, reference: event.paymentId, amount: event.amount, currency: event.currency };
  if (event.kind === 'sale') {
    await recordEvent(db, { ...base, kind: 'sale', subscription_id: event.transactionId }, ctx.now);
    return settleSale(ctx, provider, order, at);
  }
  if (!['paid', 'refunded', 'charged_back'].includes(order.status))
    return refuse(provider, `${type} for an order that is ${order.status}`, at, 'error');
  const kind = type === 'Void' ? 'void' : event.kind;
  const subscriptionId = params.get('subscriptionId') ?? '';
  try {
    if (!(await provider.confirmsReversal(subscriptionId, kind)))
      return refuse(provider, `CCBill's status does not show the ${kind}`, at, 'error');
  } catch (error) {
    if (error instanceof ProviderError) return refuse(provider, 'provider call failed', { ...at, error: String(error) });
    throw error;
  }
  await recordEvent(db, { ...base, kind, subscription_id: subscriptionId }, ctx.now);
  const { status, takenBack } = await reverseByProvider(ctx, order, event.kind);
  logEvent('info', `ccbill ${type} applied`, { ...at, status, taken_back: takenBack });
  return { status: 200, body: provider.postbacks.accepted, outcome: status };
}

/** The provider an order of this reference moved to, when it is no longer CCBill's. */
async function orderElsewhere(db: D1Database, tenantId: string, reference: string): Promise<string | null> {
  const id = Number(reference.slice(tenantId.length + 1));
  const row = await db
    .prepare("SELECT provider FROM orders WHERE id = ? AND tenant_id = ? AND provider <> 'ccbill'")
    .bind(id, tenantId)
    .first<Pick<OrderRow, 'provider'>>();
  return row?.provider ?? null;
}

/** A sale must name the order's amount and currency; a refund or chargeback may leave them out, else they must agree. */
function sameMoney(event: Exclude<PostbackEvent, { kind: 'other' }>, order: OrderRow): boolean {
  if (event.kind !== 'sale' && event.amount === null && event.currency === null) return true;
  return event.amount === order.amount && event.currency === order.currency;
}

async function settleSale(
  ctx: SettleContext,
  provider: CcbillProvider,
  order: OrderRow,
  facts: Record<string, unknown>,
): Promise<PostbackAnswer> {
  let status: OrderStatus;
  try {
    status = await settleOrder(ctx, order);
  } catch (error) {
    // CCBill's status call down (or not confirming): not OK, so CCBill sends the webhook again later.
    if (error instanceof ProviderError) return refuse(provider, 'provider call failed', { ...facts, error: String(error) });
    if (error instanceof ApiFailure) return refuse(provider, `the sale does not match the order (${error.code})`, facts, 'error');
    throw error;
  }
  if (['paid', 'refunded', 'charged_back'].includes(status)) return { status: 200, body: provider.postbacks.accepted, outcome: status };
  // The sale's subscription already paid another order: this reference has no sale of its own.
  return refuse(provider, `the sale is not this order's (order ${status})`, facts, 'error');
}

/** A verified decline: recorded; the order fails now unless a soft decline may still cascade to the next provider. */
async function declined(ctx: SettleContext, order: OrderRow, code: string, facts: Record<string, unknown>): Promise<PostbackAnswer> {
  const soft = SOFT_FAILURE_CODES.has(code);
  await recordEvent(
    ctx.env.DB,
    {
      tenant_id: ctx.tenant.id,
      reference: order.provider_payment_id!,
      kind: 'failure',
      subscription_id: null,
      amount: null,
      currency: null,
      failure_code: code,
      soft: soft ? 1 : 0,
    },
    ctx.now,
  );
  const next = soft ? nextOnRoute(routeFor(ctx.tenant.payments, order.country, order.method), 'ccbill') : null;
  const status = next ? order.status : await settleOrder(ctx, order);
  logEvent('info', 'ccbill sale declined', { ...facts, code, soft, cascade_to: next, status });
  return { status: 200, body: ctx.provider.postbacks!.accepted, outcome: status };
}

function refuse(
  provider: CcbillProvider,
  reason: string,
  facts: Record<string, unknown>,
  level: 'warn' | 'error' = 'warn',
): PostbackAnswer {
  logEvent(level, `ccbill webhook refused: ${reason}`, facts);
  return { status: 400, body: provider.postbacks.refused(reason), outcome: 'refused' };
}
