import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { SANDBOX_TIMEOUT_MS } from '../../worker/payments/sandbox';
import { api, checkout, IDEAL_ING, json, memberState, orderBody, orderStatus, settledMember, webhook } from './payment-helpers';

// Issue 18 item 10: an unfinished order offers "try again", "another method" and "cancel", and expires by itself
// after the payment service's timeout, each time freeing its discount code.

// The sandbox checkout's test brand (tests/fixtures/tenants/sandboxshop.ts): "try again" reopens the same checkout,
// "cancel" cancels it at the service and it expires by itself, which the sandbox checkout plays; Verotel's order
// page and CCBill's FlexForm have no cancel or expiry of their own (decision 013).
const BRAND = 'sandboxshop';
// The members who order with a code are settledMember(BRAND)s, without a welcome discount of their own: a code below
// 25% would lose to it (core/rules/discount.ts bestDiscount) and not be used at all.

async function addOnceCode(code: string) {
  await env.DB.prepare(
    'INSERT INTO discount_codes (tenant_id, code, value_percentage, minimum_order_value, validity, created_at) VALUES (?, ?, 20, 0, ?, ?)',
  )
    .bind(BRAND, code, 'once', new Date().toISOString())
    .run();
}

async function pendingOrder(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await api(BRAND, 'POST', '/api/order.php', { cookie, body: orderBody(overrides) });
  expect(res.status).toBe(201);
  const { order } = await json<{ order: { id: number } }>(res);
  const { payment } = (await env.DB.prepare('SELECT provider_payment_id AS payment FROM orders WHERE id = ?')
    .bind(order.id)
    .first<{ payment: string }>())!;
  // "Leave pending" on the checkout, then the back button.
  await checkout(BRAND, payment, 'pending', { issuer: IDEAL_ING });
  return { id: order.id, payment };
}

const cancel = (cookie: string, id: number) => api(BRAND, 'DELETE', '/api/order.php', { cookie, body: { id } });
const retry = (cookie: string, id: number) => api(BRAND, 'POST', '/api/order-checkout.php', { cookie, body: { id } });

describe('an unfinished order', () => {
  it('"try again" answers the same checkout while the payment is open, and paying there pays this order', async () => {
    const m = await settledMember(BRAND);
    const { id, payment } = await pendingOrder(m.cookie);
    const res = await retry(m.cookie, id);
    expect(res.status).toBe(200);
    const { checkout_url } = await json<{ checkout_url: string }>(res);
    expect(new URL(checkout_url).searchParams.get('id')).toBe(payment);
    await checkout(BRAND, payment, 'paid', { issuer: IDEAL_ING });
    expect(await orderStatus(id)).toBe('paid');
    const closed = await retry(m.cookie, id);
    expect(closed.status).toBe(409);
    expect((await json(closed)).error.code).toBe('order_closed');
  });

  it('"cancel" closes it, cancels the checkout and frees its single-use code for the next order', async () => {
    await addOnceCode('JOURNEY1');
    const m = await settledMember(BRAND);
    const { id, payment } = await pendingOrder(m.cookie, { code: 'JOURNEY1', amount: 2396 });
    // While it is open the code is held: not for another member (the member's own next order would take it over).
    const other = await settledMember(BRAND);
    expect(
      (await api(BRAND, 'POST', '/api/order.php', { cookie: other.cookie, body: orderBody({ code: 'JOURNEY1', amount: 2396 }) })).status,
    ).toBe(409);

    const res = await cancel(m.cookie, id);
    expect(res.status).toBe(200);
    expect((await json(res)).order.status).toBe('cancelled');
    // The checkout no longer takes the money, and "try again" says the order is closed.
    const page = await (await api(BRAND, 'GET', `/api/sandbox-checkout.php?id=${payment}`)).text();
    expect(page).toContain('This payment is canceled');
    expect((await retry(m.cookie, id)).status).toBe(409);

    const next = await api(BRAND, 'POST', '/api/order.php', { cookie: m.cookie, body: orderBody({ code: 'JOURNEY1', amount: 2396 }) });
    expect(next.status).toBe(201);
  });

  it('20 cancels at once close it once; a paid order cannot be cancelled', async () => {
    const m = await settledMember(BRAND);
    const { id } = await pendingOrder(m.cookie);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(m.cookie, id)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await orderStatus(id)).toBe('cancelled');

    const paid = await pendingOrder(m.cookie);
    await checkout(BRAND, paid.payment, 'paid', { issuer: IDEAL_ING });
    const refused = await cancel(m.cookie, paid.id);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe('Deze bestelling is al betaald en kan niet meer worden geannuleerd.');
    expect(await orderStatus(paid.id)).toBe('paid');
    expect(await memberState(BRAND, m.memberId)).toMatchObject({ paid: true });
  });

  it("another member's order answers 404 and is left as it is", async () => {
    const owner = await settledMember(BRAND);
    const other = await settledMember(BRAND);
    const { id } = await pendingOrder(owner.cookie);
    expect((await cancel(other.cookie, id)).status).toBe(404);
    expect((await retry(other.cookie, id)).status).toBe(404);
    expect(await orderStatus(id)).toBe('pending');
  });

  it("expires by itself after the payment service's timeout, freeing its code", async () => {
    await addOnceCode('JOURNEY2');
    const m = await settledMember(BRAND);
    const { id, payment } = await pendingOrder(m.cookie, { code: 'JOURNEY2', amount: 2396 });
    // The service's clock moves on: the payment was made longer ago than its timeout.
    await env.DB.prepare('UPDATE sandbox_payments SET created_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - SANDBOX_TIMEOUT_MS - 1000).toISOString(), payment)
      .run();
    // Read by the member's page (or the webhook): the order follows the payment, in one conditional update.
    const res = await api(BRAND, 'GET', `/api/order.php?id=${id}`, { cookie: m.cookie });
    expect((await json(res)).order.status).toBe('expired');
    expect(
      (await api(BRAND, 'POST', '/api/order.php', { cookie: m.cookie, body: orderBody({ code: 'JOURNEY2', amount: 2396 }) })).status,
    ).toBe(201);
  });

  it('is expired by the hourly cron when the member never comes back: once, freeing its code, never a paid one', async () => {
    await addOnceCode('SWEEP1');
    const m = await settledMember(BRAND);
    const abandoned = await pendingOrder(m.cookie, { code: 'SWEEP1', amount: 2396 });
    const paid = await pendingOrder(m.cookie);
    await checkout(BRAND, paid.payment, 'paid', { issuer: IDEAL_ING });
    // Paid at the service, but its webhook has not arrived yet when the cron runs.
    const paidLate = await pendingOrder(m.cookie);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE id = ?").bind(paidLate.payment).run();
    const credits = (await memberState(BRAND, m.memberId)).credits;

    await hourlyCron(SANDBOX_TIMEOUT_MS - 60_000);
    expect(await orderStatus(abandoned.id)).toBe('pending');
    const other = await settledMember(BRAND);
    expect(
      (await api(BRAND, 'POST', '/api/order.php', { cookie: other.cookie, body: orderBody({ code: 'SWEEP1', amount: 2396 }) })).status,
    ).toBe(409);

    await hourlyCron(SANDBOX_TIMEOUT_MS + 60_000);
    const { orders } = await json<{ orders: { id: number; status: string }[] }>(
      await api(BRAND, 'GET', '/api/orders.php', { cookie: m.cookie }),
    );
    const statusOf = (id: number) => orders.find((o) => o.id === id)?.status;
    expect([statusOf(abandoned.id), statusOf(paid.id), statusOf(paidLate.id)]).toEqual(['expired', 'paid', 'pending']);
    // The checkout no longer takes the money.
    expect(await (await api(BRAND, 'GET', `/api/sandbox-checkout.php?id=${abandoned.payment}`)).text()).not.toContain('name="status"');
    const expiredAt = await env.DB.prepare('SELECT updated_at FROM orders WHERE id = ?').bind(abandoned.id).first<{ updated_at: string }>();

    // A second run changes nothing; the late webhook still pays its order.
    await hourlyCron(SANDBOX_TIMEOUT_MS + 2 * 60_000);
    expect(await env.DB.prepare('SELECT updated_at FROM orders WHERE id = ?').bind(abandoned.id).first()).toEqual(expiredAt);
    expect((await webhook(BRAND, paidLate.payment)).status).toBe(200);
    expect(await orderStatus(paidLate.id)).toBe('paid');
    const bought = (await env.DB.prepare('SELECT credits FROM orders WHERE id = ?').bind(paidLate.id).first<{ credits: number }>())!
      .credits;
    expect((await memberState(BRAND, m.memberId)).credits).toBe(credits + bought);

    const next = await api(BRAND, 'POST', '/api/order.php', { cookie: m.cookie, body: orderBody({ code: 'SWEEP1', amount: 2396 }) });
    expect(next.status).toBe(201);
  });
});

/** The hourly Cron Trigger (wrangler.toml) through the Worker's own scheduled handler, `ms` after now. */
async function hourlyCron(ms: number) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: '7 * * * *', scheduledTime: Date.now() + ms }), env, ctx);
  await waitOnExecutionContext(ctx);
}
