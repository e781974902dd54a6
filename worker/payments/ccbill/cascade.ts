import { nextOnRoute, routeFor } from '../../../core/rules/payment-routing';
import type { AppContext } from '../../context';
import { ApiFailure } from '../../errors';
import { logEvent } from '../../log';
import type { SessionMember } from '../../auth/sessions';
import { settleContext } from '../checkout';
import { abandonOrder, attachPayment, memberOrder, OPEN_STATUSES, type OrderRow } from '../orders';
import { providerFor } from '../provider';
import { ProviderError } from '../provider-error';
import { settleOrder } from '../settle';

/**
 * Back from CCBill's FlexForm (its approval and decline URL): where the member goes next, in one step. A soft decline
 * at the order's provider, on a route (the tenant file's `payments.routes`, issue 44 item 3) that lists another
 * provider after it, cascades: the order moves to that provider and the member goes straight to its checkout. Never
 * twice charged: the first provider's payment is a verified decline (nothing was taken), one conditional statement
 * moves the order off it (so of two tabs only one makes the next payment), and a late webhook for the declined
 * payment no longer finds the order under that provider. One order, one paid provider payment. Anything else: the
 * order is brought up to date and the member sees its page.
 */
export async function returnFromForm(c: AppContext, member: SessionMember, reference: string): Promise<string> {
  const tenant = c.get('tenant');
  const id = reference.startsWith(`${tenant.id}-`) ? Number(reference.slice(tenant.id.length + 1)) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new ApiFailure(404, 'order_not_found', 'errors.order_not_found');
  const order = await memberOrder(c.env.DB, tenant.id, member.id, id);
  return (await cascade(c, member, order)) ?? new URL(`/transactions/${id}`, c.req.url).href;
}

async function cascade(c: AppContext, member: SessionMember, order: OrderRow): Promise<string | null> {
  if (!OPEN_STATUSES.includes(order.status) || !order.provider_payment_id) return null;
  const tenant = c.get('tenant');
  const from = providerFor(c.env, tenant, order.provider);
  const next = nextOnRoute(routeFor(tenant.payments, order.country, order.method), order.provider);
  try {
    const payment = await from.get(order.provider_payment_id);
    if (!next || payment?.status !== 'failed' || payment.decline !== 'soft') {
      await settleOrder(settleContext(c, from), order);
      return null;
    }
  } catch (error) {
    // The provider unreachable: the order stays as it is, and its page says so; the webhook follows.
    if (error instanceof ProviderError) return null;
    throw error;
  }
  const db = c.env.DB;
  const now = c.get('now');
  const moved = await db
    .prepare(
      `UPDATE orders SET provider = ?1, provider_payment_id = NULL, status = 'created', updated_at = ?2
        WHERE id = ?3 AND tenant_id = ?4 AND provider = ?5 AND provider_payment_id = ?6 AND status = 'pending'`,
    )
    .bind(next, now.toISOString(), order.id, tenant.id, order.provider, order.provider_payment_id)
    .run();
  if (moved.meta.changes === 0) return null;
  const to = providerFor(c.env, tenant, next);
  let created: { id: string; checkoutUrl: string | null };
  try {
    created = await to.create({
      amount: order.amount,
      currency: order.currency,
      description: `${tenant.settings.name} #${order.id}: ${order.credits} credits`,
      method: order.method,
      redirectUrl: new URL(`/transactions/${order.id}`, c.req.url).href,
      webhookUrl: new URL('/api/payment-webhook.php', c.req.url).href,
      metadata: { tenant: tenant.id, order_id: order.id },
      sequenceType: order.recurring === 'recurring' ? 'oneoff' : order.recurring,
      customer: { name: `member ${member.id}`, email: member.email },
    });
  } catch (error) {
    logEvent('error', 'cascade: the next payment could not be created', {
      tenant: tenant.id,
      order: order.id,
      to: next,
      error: String(error),
    });
    await abandonOrder(db, tenant.id, order.id, now);
    return null;
  }
  await attachPayment(db, tenant.id, order.id, created.id, now);
  logEvent('info', 'order cascaded after a soft decline', { tenant: tenant.id, order: order.id, from: order.provider, to: next });
  return created.checkoutUrl;
}
