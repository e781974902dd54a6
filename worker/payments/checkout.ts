import { routeFor } from '../../core/rules/payment-routing';
import { MANDATE_METHODS, type PaymentMethod } from '../../core/schemas/payments';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import type { SessionMember } from '../auth/sessions';
import { ownOpenHolder, reservationScope } from './discounts';
import { abandonOrder, attachPayment, memberOrder, placeOrder, type Mandate, type OrderRow } from './orders';
import type { PricedOrder } from './pricing';
import { providerFor, type PaymentProvider } from './provider';
import { cancelOrder, settleOrder, type SettleContext } from './settle';
import { logEvent } from '../log';
import { mandateFingerprint } from './velocity';

export function settleContext(c: AppContext, provider: PaymentProvider = providerFor(c.env, c.get('tenant'))): SettleContext {
  return {
    env: c.env,
    tenant: c.get('tenant'),
    provider,
    now: c.get('now'),
    orderUrl: (id) => new URL(`/transactions/${id}`, c.req.url).href,
  };
}

interface Start {
  method: PaymentMethod | string;
  issuer?: string;
  /** Charge this stored mandate instead of sending the member to a checkout. */
  mandate?: Mandate;
}

/**
 * Places an order at the server's price (reserving its discount code, within the direct-debit limit: orders.ts
 * `placeOrder`) and creates its payment. A checkout answers with the provider's URL; a
 * charge on a mandate has no checkout, so its outcome is read at once (the webhook that follows changes nothing).
 */
export async function startOrder(
  c: AppContext,
  member: SessionMember,
  priced: PricedOrder,
  start: Start,
): Promise<{ order: OrderRow; checkoutUrl: string | null }> {
  const tenant = c.get('tenant');
  const db = c.env.DB;
  const now = c.get('now');
  // The route's first provider for this country and method (issue 44 item 3); a stored mandate's own for a repeat.
  const provider = providerFor(c.env, tenant, start.mandate?.provider ?? routeFor(tenant.payments, priced.shop.country, start.method)[0]);
  const recurring = start.mandate ? 'recurring' : MANDATE_METHODS.includes(start.method as PaymentMethod) ? 'first' : 'oneoff';
  const scope = priced.discount ? reservationScope(priced.discount, member.id) : null;
  if (scope) await takeOverReservation(settleContext(c, provider), scope, member.id);
  const orderId = await placeOrder(db, tenant.id, {
    member_id: member.id,
    package_id: priced.pkg.id,
    credits: priced.pkg.credits,
    currency: priced.shop.currency,
    list_price: priced.pkg.price,
    amount: priced.amount,
    discount_code: priced.discount?.code ?? null,
    discount_percentage: priced.discount?.value_percentage ?? null,
    discount_scope: scope,
    country: priced.shop.country,
    method: start.method,
    issuer: start.issuer ?? null,
    recurring,
    provider: provider.name,
    consent_at: now.toISOString(),
    language: c.get('language'),
    created_at: now.toISOString(),
    // Purchase attempts are counted per address and card too (velocity.ts); no address locally, where none is told.
    ip: c.req.header('cf-connecting-ip') ?? null,
    card_fingerprint: mandateFingerprint(start.mandate),
    // The device, for the order's evidence pack should the payment be disputed (worker/payments/evidence-pack.ts).
    user_agent: c.req.header('user-agent') ?? null,
  });
  let created: { id: string; checkoutUrl: string | null };
  try {
    created = await provider.create({
      amount: priced.amount,
      currency: priced.shop.currency,
      description: `${tenant.settings.name} #${orderId}: ${priced.pkg.credits} credits`,
      method: start.method,
      issuer: start.issuer,
      redirectUrl: new URL(`/transactions/${orderId}`, c.req.url).href,
      webhookUrl: new URL('/api/payment-webhook.php', c.req.url).href,
      metadata: { tenant: tenant.id, order_id: orderId },
      sequenceType: recurring,
      customerId: start.mandate?.customer_id,
      mandateId: start.mandate?.mandate_id,
      customer: { name: `member ${member.id}`, email: member.email },
    });
  } catch (error) {
    logEvent('error', 'payment could not be created', { tenant: tenant.id, order: orderId, error: String(error) });
    await abandonOrder(db, tenant.id, orderId, now);
    throw new ApiFailure(502, 'payment_failed', 'errors.payment_failed');
  }
  await attachPayment(db, tenant.id, orderId, created.id, now);
  let order = await memberOrder(db, tenant.id, member.id, orderId);
  if (!created.checkoutUrl) {
    await settleOrder(settleContext(c, provider), order);
    order = await memberOrder(db, tenant.id, member.id, orderId);
  }
  return { order, checkoutUrl: created.checkoutUrl };
}

/**
 * A member who left a checkout and orders again with the same code (the welcome discount is applied by itself):
 * the left order is cancelled (at the provider too), which frees the code for the new one. A payment made on it
 * meanwhile keeps it paid, and then the code is used ('Code reeds gebruikt'). Two new orders at once both cancel
 * it; placeOrder's unique reservation lets one of them have the code.
 */
async function takeOverReservation(ctx: SettleContext, scope: string, memberId: number): Promise<void> {
  const left = await ownOpenHolder(ctx.env.DB, ctx.tenant.id, scope, memberId);
  if (!left) return;
  const status = await cancelOrder(ctx, left);
  if (status === 'paid') throw new ApiFailure(409, 'code_used', 'errors.code_used');
}
