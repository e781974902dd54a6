import { Hono } from 'hono';
import { type AppEnv, isLocal } from '../context';
import { ApiFailure } from '../errors';
import { settleContext } from './checkout';
import { orderByPayment } from './orders';
import { providerFor } from './provider';
import { settleOrder } from './settle';
import { operation } from '../http/operation';

/**
 * POST /api/payment-webhook.php: the payment service says "payment <id> changed" (form field id). The body is not
 * trusted beyond that id: the state comes from the provider's API, and the order must be this brand's, for the
 * provider's amount and currency, before it moves (worker/payments/settle.ts). Only the sandbox checkout (local mode,
 * the engine's direct-debit mandates) still speaks this way: Verotel and CCBill post signed data to their own paths,
 * and no production provider uses it since the Mollie adapter went (decision 013), so production answers 404.
 */
export const paymentWebhookRoutes = new Hono<AppEnv>();

async function paymentIdOf(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await request.json().catch(() => null)) as { id?: unknown } | null;
    return typeof body?.id === 'string' ? body.id : null;
  }
  const form = await request.formData().catch(() => null);
  const id = form?.get('id');
  return typeof id === 'string' ? id : null;
}

// The contract's body is a form, which the adapter leaves alone: the id is read here, as a form or as JSON.
operation(paymentWebhookRoutes, 'post', '/api/payment-webhook.php', async (c) => {
  const id = await paymentIdOf(c.req.raw);
  if (!id || id.length > 64) throw new ApiFailure(400, 'validation_failed', 'validation.failed', { id: 'validation.invalid' });
  const tenant = c.get('tenant');
  if (!isLocal(c.env)) throw new ApiFailure(404, 'unknown_payment', 'errors.unknown_payment');
  const provider = providerFor(c.env, tenant, 'sandbox');
  const order = await orderByPayment(c.env.DB, tenant.id, provider.name, id);
  if (!order) throw new ApiFailure(404, 'unknown_payment', 'errors.unknown_payment');
  const status = await settleOrder(settleContext(c, provider), order);
  return { ok: true, status };
});
