import { Hono } from 'hono';
import { maskIban } from '../../core/rules/iban';
import type { AppEnv } from '../context';
import { sendSms } from '../mail';
import { startOrder } from './checkout';
import { assertNotBlocked, assertWithinLimit, confirmRequest, DIRECT_DEBIT, linkOrder, openRequest, saveMandate } from './directdebit';
import { toOrder } from './orders';
import { priceOrder } from './pricing';
import { routeFor } from '../../core/rules/payment-routing';
import { providerFor } from './provider';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';

/**
 * /directdebit (SPEC.md §3): POST the form -> an SMS code goes to the phone; PUT the code -> the mandate is made
 * and the order charged on it. docs/api/payments.md lists the answers.
 */
export const directDebitRoutes = new Hono<AppEnv>();

const secretOf = (env: Env) => {
  if (!env.APP_SECRET) throw new Error('APP_SECRET is not set');
  return env.APP_SECRET;
};

operation(directDebitRoutes, 'post', '/api/directdebit.php', async (c, { member, body: form }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const priced = await priceOrder(c, member, { ...form, method: 'directdebit' });
  await assertNotBlocked(c.env.DB, tenant.id, member.id, form.iban);
  await assertWithinLimit(c.env.DB, tenant.id, member.id, priced.amount, now);
  await limit(
    c,
    `dd-sms:${member.id}`,
    { limit: DIRECT_DEBIT.smsPerHour, windowSeconds: 3600 },
    'errors.directdebit_limit',
    'directdebit_limit',
  );
  const { id, code } = await openRequest(c.env.DB, secretOf(c.env), tenant.id, member.id, form, priced.amount, now);
  await sendSms(
    c.env,
    {
      tenant,
      to: form.phone,
      memberId: member.id,
      text: c.get('t')('directdebit.sms', { code, brand: tenant.settings.name, minutes: DIRECT_DEBIT.codeMinutes }),
    },
    now,
  );
  return { request_id: id, phone: form.phone.replace(/\d(?=\d{2})/g, '•') };
});

operation(directDebitRoutes, 'put', '/api/directdebit.php', async (c, { member, body: input }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  await limit(c, `dd-code:${member.id}`, { limit: 20, windowSeconds: 3600 });
  const req = await confirmRequest(c.env.DB, secretOf(c.env), tenant.id, member.id, input.request_id, input.otp, now);
  // Price again: the discount and the limit are checked when the money moves, not only when the form was sent.
  const priced = await priceOrder(c, member, {
    package_id: req.package_id,
    amount: req.amount,
    currency: req.currency,
    code: req.discount_code ?? undefined,
    method: 'directdebit',
  });
  await assertNotBlocked(c.env.DB, tenant.id, member.id, req.iban);
  await assertWithinLimit(c.env.DB, tenant.id, member.id, priced.amount, now);
  // The route's provider for direct debit in the shop's country (issue 44 item 3), as an order's checkout picks it.
  const provider = providerFor(c.env, tenant, routeFor(tenant.payments, priced.shop.country, 'directdebit')[0]);
  const mandate = await provider.createDirectDebitMandate({
    holder: req.holder,
    iban: req.iban,
    customer: { name: req.holder, email: member.email },
  });
  await saveMandate(c.env.DB, tenant.id, member.id, provider.name, mandate, maskIban(req.iban), now);
  const { order } = await startOrder(c, member, priced, {
    method: 'directdebit',
    mandate: {
      provider: provider.name,
      customer_id: mandate.customerId,
      mandate_id: mandate.mandateId,
      method: 'directdebit',
      label: maskIban(req.iban),
    },
  });
  await linkOrder(c.env.DB, tenant.id, req.id, order.id);
  return { order: toOrder(order) };
});
