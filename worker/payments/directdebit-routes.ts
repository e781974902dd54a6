import { Hono } from 'hono';
import { maskIban } from '../../core/rules/iban';
import { routeFor } from '../../core/rules/payment-routing';
import type { AppEnv } from '../context';
import { sendSms } from '../mail';
import { startOrder } from './checkout';
import { assertNotBlocked, assertWithinLimit, confirmRequest, DIRECT_DEBIT, linkOrder, openRequest, saveMandate } from './directdebit';
import { toOrder } from './orders';
import { priceOrder } from './pricing';
import { providerFor } from './provider';
import { limit } from '../http/helpers';
import { operation } from '../http/operation';
import { isLocal, type AppContext } from '../context';
import { ApiFailure } from '../errors';
import { creditorFor, newTerms, previewAnswer, signTerms, verifyTerms } from './mandate-preview';
import type { PricedOrder } from './pricing';

/**
 * /directdebit (SPEC.md §3): POST the form to directdebit-mandate.php -> the mandate text to sign and its token
 * (issue 44 item 10); POST the form with the token -> an SMS code goes to the phone; PUT the code -> the mandate is
 * made and the order charged on it. docs/api/payments.md lists the answers.
 */
export const directDebitRoutes = new Hono<AppEnv>();

const secretOf = (env: Env) => {
  if (!env.APP_SECRET) throw new Error('APP_SECRET is not set');
  return env.APP_SECRET;
};

/** The provider the shop's country sends direct debits to (issue 44 item 3), and the creditor its mandate names. */
function debitRoute(c: AppContext, priced: PricedOrder) {
  const provider = routeFor(c.get('tenant').payments, priced.shop.country, 'directdebit')[0];
  return { provider, creditor: creditorFor(c.get('tenant'), provider, isLocal(c.env)) };
}

operation(directDebitRoutes, 'post', '/api/directdebit-mandate.php', async (c, { member, body: form }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const priced = await priceOrder(c, member, { ...form, method: 'directdebit' });
  await assertNotBlocked(c.env.DB, tenant.id, member.id, form.iban);
  await assertWithinLimit(c.env.DB, tenant.id, member.id, priced.amount, now);
  await limit(c, `dd-mandate:${member.id}`, { limit: 30, windowSeconds: 3600 });
  const { creditor } = debitRoute(c, priced);
  const terms = await newTerms(tenant, member.id, creditor, { ...form, amount: priced.amount, currency: priced.shop.currency }, now);
  return previewAnswer(creditor, terms, form.holder, maskIban(form.iban), await signTerms(secretOf(c.env), terms));
});

operation(directDebitRoutes, 'post', '/api/directdebit.php', async (c, { member, body: form }) => {
  const tenant = c.get('tenant');
  const now = c.get('now');
  const priced = await priceOrder(c, member, { ...form, method: 'directdebit' });
  // Only the mandate text the member was shown, for this order and account, can be confirmed by the code.
  const terms = await verifyTerms(
    secretOf(c.env),
    form.mandate_token,
    {
      tenant: tenant.id,
      member: member.id,
      package_id: form.package_id,
      amount: priced.amount,
      currency: priced.shop.currency,
      iban: form.iban,
    },
    now,
  );
  if (terms.creditor_id !== debitRoute(c, priced).creditor.id) throw new ApiFailure(400, 'mandate_invalid', 'errors.mandate_invalid');
  await assertNotBlocked(c.env.DB, tenant.id, member.id, form.iban);
  await assertWithinLimit(c.env.DB, tenant.id, member.id, priced.amount, now);
  await limit(
    c,
    `dd-sms:${member.id}`,
    { limit: DIRECT_DEBIT.smsPerHour, windowSeconds: 3600 },
    'errors.directdebit_limit',
    'directdebit_limit',
  );
  const { id, code } = await openRequest(c.env.DB, secretOf(c.env), tenant.id, member.id, form, priced.amount, now, terms);
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
  // A request from before mandate texts existed (none is open past its 15 minutes) cannot make a mandate.
  if (!req.mandate_reference || !req.debit_date) throw new ApiFailure(400, 'mandate_invalid', 'errors.mandate_invalid');
  const route = debitRoute(c, priced);
  const provider = providerFor(c.env, tenant, route.provider);
  const mandate = await provider.createDirectDebitMandate({
    holder: req.holder,
    iban: req.iban,
    customer: { name: req.holder, email: member.email },
    signed: { reference: req.mandate_reference, debitDate: req.debit_date, memberId: member.id, at: now.toISOString() },
  });
  await saveMandate(c.env.DB, tenant.id, member.id, provider.name, mandate, maskIban(req.iban), now, {
    creditorId: route.creditor.id,
    reference: req.mandate_reference,
  });
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
