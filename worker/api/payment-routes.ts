import { Hono } from 'hono';
import { OrderIdSchema, OrderRequestSchema, RepeatOrderSchema } from '../../core/schemas/payments';
import type { AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { isIdealIssuer } from '../payments/catalogue';
import { settleContext, startOrder } from '../payments/checkout';
import { latestMandate, memberOrder, OPEN_STATUSES, recentOrders, toOrder } from '../payments/orders';
import { priceOrder } from '../payments/pricing';
import { providerFor, ProviderError } from '../payments/provider';
import { cancelOrder, settleOrder } from '../payments/settle';
import { jsonBody, limit, requireMember } from './helpers';
import { packagesFor } from '../calls/packages';

/** The credits shop: packages, orders, repeat orders (docs/api/payments.md). */
export const paymentRoutes = new Hono<AppEnv>();

const ORDER_LIMIT = { limit: 20, windowSeconds: 3600 };

// A visitor's shop follows the country alone; a member's carries their mandate and last package, so it is never
// cached (worker/middleware/api-cache.ts makes an answer without Cache-Control private, no-store).
paymentRoutes.get('/packages.php', async (c) =>
  c.json(await packagesFor(c), 200, c.get('member') ? {} : { 'Cache-Control': 'private, max-age=300', Vary: 'Cookie' }),
);

paymentRoutes.post('/order.php', async (c) => {
  const member = requireMember(c);
  const input = parseOrFail(OrderRequestSchema, await jsonBody(c));
  await limit(c, `order:${member.id}`, ORDER_LIMIT);
  if (input.method === 'directdebit') throw new ApiFailure(400, 'method_unavailable', 'errors.method_unavailable');
  if (input.issuer && (input.method !== 'ideal' || !isIdealIssuer(input.issuer)))
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { issuer: 'validation.invalid' });
  const priced = await priceOrder(c, member, { ...input, method: input.method });
  const { order, checkoutUrl } = await startOrder(c, member, priced, { method: input.method, issuer: input.issuer });
  return c.json({ order: toOrder(order), checkout_url: checkoutUrl }, 201);
});

paymentRoutes.post('/repeat-order.php', async (c) => {
  const member = requireMember(c);
  const input = parseOrFail(RepeatOrderSchema, await jsonBody(c));
  await limit(c, `order:${member.id}`, ORDER_LIMIT);
  const mandate = await latestMandate(c.env.DB, c.get('tenant').id, member.id, providerFor(c.env, c.get('tenant')).name);
  if (!mandate) throw new ApiFailure(409, 'no_mandate', 'errors.no_mandate');
  const priced = await priceOrder(c, member, { ...input, method: null });
  const { order } = await startOrder(c, member, priced, { method: mandate.method, mandate });
  return c.json({ order: toOrder(order), checkout_url: null }, 201);
});

/** One order of the member. An unfinished one is first brought up to date: the member may return before the webhook. */
paymentRoutes.get('/order.php', async (c) => {
  const member = requireMember(c);
  const { id } = parseOrFail(OrderIdSchema, c.req.query());
  const tenantId = c.get('tenant').id;
  let row = await memberOrder(c.env.DB, tenantId, member.id, id);
  if (OPEN_STATUSES.includes(row.status)) {
    try {
      await settleOrder(settleContext(c), row);
      row = await memberOrder(c.env.DB, tenantId, member.id, id);
    } catch (error) {
      // The provider being unreachable is no reason to hide the order: it stays pending and the webhook follows.
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return c.json({ order: toOrder(row) });
});

paymentRoutes.get('/orders.php', async (c) => {
  const member = requireMember(c);
  const rows = await recentOrders(c.env.DB, c.get('tenant').id, member.id);
  return c.json({ orders: rows.map(toOrder) });
});

// Issue 18 item 10: what an unfinished order offers on /transactions/{id}.

/** "Cancel" (and the first half of "another method"): the order closes as cancelled and frees its discount code. */
paymentRoutes.delete('/order.php', async (c) => {
  const member = requireMember(c);
  const { id } = parseOrFail(OrderIdSchema, await jsonBody(c));
  const tenantId = c.get('tenant').id;
  const row = await memberOrder(c.env.DB, tenantId, member.id, id);
  const status = await cancelOrder(settleContext(c), row);
  if (status === 'paid' || status === 'refunded') throw new ApiFailure(409, 'order_closed', 'errors.order_paid');
  return c.json({ order: toOrder(await memberOrder(c.env.DB, tenantId, member.id, id)) });
});

/** "Try again": the provider's checkout of the same order, while its payment is still open. */
paymentRoutes.post('/order-checkout.php', async (c) => {
  const member = requireMember(c);
  const { id } = parseOrFail(OrderIdSchema, await jsonBody(c));
  const ctx = settleContext(c);
  const row = await memberOrder(c.env.DB, c.get('tenant').id, member.id, id);
  const status = await settleOrder(ctx, row);
  const payment = OPEN_STATUSES.includes(status) && row.provider_payment_id ? await ctx.provider.get(row.provider_payment_id) : null;
  if (!payment?.checkoutUrl) throw new ApiFailure(409, 'order_closed', 'errors.order_closed');
  return c.json({ checkout_url: payment.checkoutUrl });
});
