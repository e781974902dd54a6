import { Hono } from 'hono';
import { routedProviders } from '../../core/rules/payment-routing';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { isIdealIssuer } from './catalogue';
import { settleContext, startOrder } from './checkout';
import { latestMandate, memberOrder, OPEN_STATUSES, recentOrders, toOrder } from './orders';
import { priceOrder } from './pricing';
import { providerFor, ProviderError } from './provider';
import { cancelOrder, settleOrder } from './settle';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';
import { packagesFor } from './package-calls';
import { toOrderWithStatement } from './statement';

/** The credits shop: packages, orders, repeat orders (docs/api/payments.md). */
export const paymentRoutes = new Hono<AppEnv>();

const ORDER_LIMIT = { limit: 20, windowSeconds: 3600 };

// A visitor's shop follows the country alone; a member's carries their mandate and last package, so it is never
// cached (worker/middleware/api-cache.ts makes an answer without Cache-Control private, no-store).
operation(paymentRoutes, 'get', '/api/packages.php', async (c, { member }) => {
  const shop = await packagesFor(c);
  if (!member) {
    c.header('Cache-Control', 'private, max-age=300');
    c.header('Vary', 'Cookie');
  }
  return shop;
});

operation(paymentRoutes, 'post', '/api/order.php', async (c, { member, body }) => {
  await limit(c, `order:${member.id}`, ORDER_LIMIT);
  if (body.method === 'directdebit') throw new ApiFailure(400, 'method_unavailable', 'errors.method_unavailable');
  if (body.issuer && (body.method !== 'ideal' || !isIdealIssuer(body.issuer)))
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { issuer: 'validation.invalid' });
  const priced = await priceOrder(c, member, { ...body, method: body.method });
  const { order, checkoutUrl } = await startOrder(c, member, priced, { method: body.method, issuer: body.issuer });
  return { order: toOrder(order), checkout_url: checkoutUrl };
});

operation(paymentRoutes, 'post', '/api/repeat-order.php', async (c, { member, body }) => {
  await limit(c, `order:${member.id}`, ORDER_LIMIT);
  const mandate = await latestMandate(c.env.DB, c.get('tenant').id, member.id, routedProviders(c.get('tenant').payments));
  if (!mandate) throw new ApiFailure(409, 'no_mandate', 'errors.no_mandate');
  const priced = await priceOrder(c, member, { ...body, method: null });
  const { order } = await startOrder(c, member, priced, { method: mandate.method, mandate });
  return { order: toOrder(order), checkout_url: null };
});

/** One order of the member. An unfinished one is first brought up to date: the member may return before the webhook. */
operation(paymentRoutes, 'get', '/api/order.php', async (c, { member, query }) => {
  const tenantId = c.get('tenant').id;
  let row = await memberOrder(c.env.DB, tenantId, member.id, query.id);
  if (OPEN_STATUSES.includes(row.status)) {
    try {
      await settleOrder(settleContext(c, providerFor(c.env, c.get('tenant'), row.provider)), row);
      row = await memberOrder(c.env.DB, tenantId, member.id, query.id);
    } catch (error) {
      // The provider being unreachable is no reason to hide the order: it stays pending and the webhook follows.
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return { order: toOrderWithStatement(c.get('tenant'), row) };
});

operation(paymentRoutes, 'get', '/api/orders.php', async (c, { member }) => ({
  orders: (await recentOrders(c.env.DB, c.get('tenant').id, member.id)).map((row) => toOrderWithStatement(c.get('tenant'), row)),
}));

// Issue 18 item 10: what an unfinished order offers on /transactions/{id}.

/** "Cancel" (and the first half of "another method"): the order closes as cancelled and frees its discount code. */
operation(paymentRoutes, 'delete', '/api/order.php', async (c, { member, body }) => {
  const tenantId = c.get('tenant').id;
  const row = await memberOrder(c.env.DB, tenantId, member.id, body.id);
  const status = await cancelOrder(settleContext(c, providerFor(c.env, c.get('tenant'), row.provider)), row);
  if (status === 'paid' || status === 'refunded') throw new ApiFailure(409, 'order_closed', 'errors.order_paid');
  return { order: toOrder(await memberOrder(c.env.DB, tenantId, member.id, body.id)) };
});

/** "Try again": the provider's checkout of the same order, while its payment is still open. */
operation(paymentRoutes, 'post', '/api/order-checkout.php', async (c, { member, body }) => {
  const row = await memberOrder(c.env.DB, c.get('tenant').id, member.id, body.id);
  const ctx = settleContext(c, providerFor(c.env, c.get('tenant'), row.provider));
  const status = await settleOrder(ctx, row);
  const payment = OPEN_STATUSES.includes(status) && row.provider_payment_id ? await ctx.provider.get(row.provider_payment_id) : null;
  if (!payment?.checkoutUrl) throw new ApiFailure(409, 'order_closed', 'errors.order_closed');
  return { checkout_url: payment.checkoutUrl };
});
