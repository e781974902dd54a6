import { expect } from 'vitest';
import { fetchBrand } from './helpers';
import { api, json, orderBody } from './payment-helpers';

// The CCBill test brand as its tests drive it (payments-ccbill, payments-chargeback): a GB order of the 120-credit
// bundle, the tester's click on the sandbox's FlexForm, and the webhooks CCBill posts.

export const CCBILL_BRAND = 'ccbillshop';

/** A GB order of package 22 (GBP 25.99): its id, amount, the FlexForm URL and CCBill's reference for it. */
export async function ccbillOrder(cookie: string, method = 'creditcard', headers: Record<string, string> = {}) {
  const body = orderBody({ package_id: 22, amount: 2599, currency: 'GBP', method, issuer: undefined });
  const res = await api(CCBILL_BRAND, 'POST', '/api/order.php', { body, cookie, country: 'GB', headers });
  expect(res.status).toBe(201);
  const answer = await json<{ order: { id: number; amount: number }; checkout_url: string }>(res);
  return {
    id: answer.order.id,
    amount: answer.order.amount,
    url: new URL(answer.checkout_url),
    reference: `${CCBILL_BRAND}-${answer.order.id}`,
  };
}

/** The tester's click on the sandbox's FlexForm (its own URL: the dynamic-pricing request). */
export const ccbillClick = (url: URL, action: string) =>
  fetchBrand(CCBILL_BRAND, `${url.pathname}${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${CCBILL_BRAND}.localhost` },
    body: new URLSearchParams({ action }),
  });

/** What CCBill posts: the fields as JSON or URL-encoded, eventType in the query. */
export const ccbillWebhook = (eventType: string, fields: Record<string, string>, { asJson = false, brand = CCBILL_BRAND } = {}) =>
  fetchBrand(brand, `/api/ccbill-webhook.php?eventType=${eventType}&eventGroupType=Subscription`, {
    method: 'POST',
    headers: { 'Content-Type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
