import type { OrderStatus } from '../../../core/schemas/payments';
import { ApiFailure } from '../../errors';
import { logEvent } from '../../log';
import { orderByPayment, type OrderRow } from '../orders';
import { ProviderError } from '../provider-error';
import type { PostbackEvent, SignedPostbacks } from '../provider-types';
import { settleOrder } from '../settle';
import type { SettleContext } from '../settle-context';
import { parseReference } from './adapter';
import { reverseByProvider } from './reversal';

/**
 * A postback of a provider whose postbacks carry the data (Verotel FlexPay), from the query it came with to the
 * answer the provider expects. Nothing in it is trusted before its signature verified with this brand's key; then:
 * - the order must be this brand's (the reference names the brand) and exist, for the postback's amount and currency;
 * - a sale is checked against the provider's status service and moves the order through settle.ts, which grants
 *   the credits once (the ledger's `order:<id>` is unique), however often and however concurrently it is replayed;
 * - a refund or chargeback takes back the unspent credits once (reversal.ts).
 * Every refusal is logged and changes nothing; the provider gets its error answer and retries (or, for a card sale
 * it never got "OK" for, pays the member back by itself). An event already applied answers "OK" again.
 */
export interface PostbackAnswer {
  status: 200 | 400;
  body: string;
  outcome: OrderStatus | 'ignored' | 'refused';
}

export async function handlePostback(ctx: SettleContext, params: URLSearchParams): Promise<PostbackAnswer> {
  const { tenant, provider } = ctx;
  const postbacks = provider.postbacks;
  if (!postbacks)
    return refuse({ accepted: 'OK', refused: (r) => `ERROR - ${r}`, verify: async () => null }, 'no signed postbacks here', {});
  const event = await postbacks.verify(params);
  const facts = { tenant: tenant.id, provider: provider.name, reference: params.get('referenceID'), sale: params.get('saleID') };
  if (!event) return refuse(postbacks, 'invalid signature', facts);
  const reference = parseReference(event.paymentId);
  if (reference?.tenant !== tenant.id) return refuse(postbacks, "not this brand's order", facts, 'error');
  const order = await orderByPayment(ctx.env.DB, tenant.id, provider.name, event.paymentId);
  if (!order) return refuse(postbacks, 'unknown order', facts);
  if (event.kind === 'other') {
    logEvent('info', 'postback event not acted on', { ...facts, event: event.name });
    return { status: 200, body: postbacks.accepted, outcome: 'ignored' };
  }
  if (!sameMoney(event, order)) {
    const got = { amount: event.amount, currency: event.currency, order_amount: order.amount, order_currency: order.currency };
    return refuse(postbacks, 'amount or currency differs from the order', { ...facts, ...got }, 'error');
  }
  if (event.kind === 'sale') return settleSale(ctx, postbacks, order, facts);
  if (!['paid', 'refunded', 'charged_back'].includes(order.status))
    return refuse(postbacks, `${event.kind} for an order that is ${order.status}`, facts, 'error');
  const { status, takenBack } = await reverseByProvider(ctx, order, event.kind);
  logEvent('info', `postback ${event.kind} applied`, { ...facts, order: order.id, status, taken_back: takenBack });
  return { status: 200, body: postbacks.accepted, outcome: status };
}

/** A sale must name the order's amount and currency; a refund or chargeback may leave them out, else they must agree. */
function sameMoney(event: Exclude<PostbackEvent, { kind: 'other' }>, order: OrderRow): boolean {
  if (event.kind !== 'sale' && event.amount === null && event.currency === null) return true;
  return event.amount === order.amount && event.currency === order.currency;
}

/** The sale, checked against the status service (settleOrder asks `get`), moves the order once. */
async function settleSale(ctx: SettleContext, postbacks: SignedPostbacks, order: OrderRow, facts: Record<string, unknown>) {
  let status: OrderStatus;
  try {
    status = await settleOrder(ctx, order);
  } catch (error) {
    // The status service down, or (a late sale on an order whose discount went elsewhere) a refund Verotel takes only
    // in its Control Center: not "OK", so Verotel retries, and for a card sale it never got "OK" for, pays it back.
    if (error instanceof ProviderError) return refuse(postbacks, 'provider call failed', { ...facts, error: String(error) });
    if (error instanceof ApiFailure) return refuse(postbacks, `status service disagrees (${error.code})`, facts, 'error');
    throw error;
  }
  // Paid now or before; refunded when the order's discount code went to another order meanwhile (settle.ts).
  if (['paid', 'refunded', 'charged_back'].includes(status)) return { status: 200 as const, body: postbacks.accepted, outcome: status };
  return refuse(postbacks, `the status service does not confirm the sale (order ${status})`, facts, 'error');
}

function refuse(
  postbacks: SignedPostbacks,
  reason: string,
  facts: Record<string, unknown>,
  level: 'warn' | 'error' = 'warn',
): PostbackAnswer {
  logEvent(level, `postback refused: ${reason}`, facts);
  return { status: 400, body: postbacks.refused(reason), outcome: 'refused' };
}
