import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, checkout, IDEAL_ING, json, memberState, newMember, orderStatus, placeOrder, webhook } from './payment-helpers';

// The sandbox checkout's own protocol (a "something changed" webhook, pay, fail, cancel, pending, the bank choice)
// on the test brand that uses it (tests/fixtures/tenants/sandboxshop.ts); the demo brands' acquirers have their own
// tests (payments-verotel, payments-ccbill).
const SHOP = 'sandboxshop';

describe('packages', () => {
  it('answers the bundles, currency and methods of the visitor country', async () => {
    const nl = await json(await api('flirtlokaal', 'GET', '/api/packages.php'));
    expect(nl.currency).toBe('EUR');
    expect(nl.packages.map((p: { style: string }) => p.style)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(nl.packages.filter((p: { popular: boolean }) => p.popular)).toHaveLength(1);
    expect(nl.methods).toContain('ideal');
    expect(nl.ideal_issuers.length).toBeGreaterThan(5);
    expect(nl.refund_days).toBe(14);
    expect(nl.premium_percent).toBe(46);
    // Only what the brand's adult acquirer offers (Verotel's order page: cards, iDEAL; decision 013).
    expect(nl.methods).toEqual(['ideal', 'creditcard', 'directdebit']);
    const be = await json(await api('flirtlokaal', 'GET', '/api/packages.php', { country: 'BE' }));
    expect(be.methods).toEqual(['creditcard']);
    expect(be.ideal_issuers).toEqual([]);
    expect((await json(await api('velvetnights', 'GET', '/api/packages.php', { country: 'GB' }))).currency).toBe('GBP');
    expect((await json(await api('velvetnights', 'GET', '/api/packages.php', { country: 'US' }))).currency).toBe('USD');
    expect((await json(await api('reifekontakte', 'GET', '/api/packages.php', { country: 'CH' }))).currency).toBe('CHF');
    // A country the brand does not serve gets the brand's first country.
    expect((await json(await api('reifekontakte', 'GET', '/api/packages.php', { country: 'US' }))).country).toBe('DE');
  });
});

describe('paying through the sandbox', () => {
  it('iDEAL paid: credits once, premium for good, one confirmation mail with order, consent and company', async () => {
    const m = await newMember(SHOP);
    const placed = await placeOrder(SHOP, m.cookie, { issuer: undefined });
    expect(placed.order.status).toBe('pending');
    expect(placed.checkout_url).toContain('/api/sandbox-checkout.php?id=');

    const page = await (await api(SHOP, 'GET', `/api/sandbox-checkout.php?id=${placed.paymentId}`)).text();
    expect(page).toContain('Choose your bank');
    expect((await checkout(SHOP, placed.paymentId, 'paid')).status).toBe(400); // no bank chosen
    const back = await checkout(SHOP, placed.paymentId, 'paid', { issuer: IDEAL_ING });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(new RegExp(`/transactions/${placed.order.id}$`));

    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    const order = await json(await api(SHOP, 'GET', `/api/order.php?id=${placed.order.id}`, { cookie: m.cookie }));
    expect(order.order).toMatchObject({ status: 'paid', credits: 120, amount: 2995, currency: 'EUR', method: 'ideal', made_premium: true });

    for (let i = 0; i < 5; i++) expect((await webhook(SHOP, placed.paymentId)).status).toBe(200);
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });

    const mails = await env.DB.prepare("SELECT text_body, html_body FROM outbox WHERE member_id = ? AND template = 'payment_confirmation'")
      .bind(m.memberId)
      .all<{ text_body: string; html_body: string }>();
    expect(mails.results).toHaveLength(1);
    const text = mails.results[0].text_body;
    expect(text).toContain(`Bestelling ${placed.order.id}: 120 credits`);
    expect(text).toMatch(/€\s?29,95/);
    expect(text).toContain('herroepingsrecht van 14 dagen');
    // When it was paid, on the wall clock of the order's country (NL), with the zone named.
    expect(text).toMatch(/\d{1,2} \w+ \d{4} om \d{2}:\d{2} (CET|CEST)/);
    expect(text).toContain('Lokaal Media B.V.');
    expect(text).toContain('KvK 81234567');
    expect(text).toContain('NL862345678B01');

    // Premium stays: a later failed order does not take it away.
    const second = await placeOrder(SHOP, m.cookie);
    await checkout(SHOP, second.paymentId, 'failed', { issuer: IDEAL_ING });
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });

    // A second paid order adds credits, and is not the one that made the member premium.
    const third = await placeOrder(SHOP, m.cookie, { package_id: 1, amount: 1495 });
    await checkout(SHOP, third.paymentId, 'paid', { issuer: IDEAL_ING });
    const again = await json(await api(SHOP, 'GET', `/api/order.php?id=${third.order.id}`, { cookie: m.cookie }));
    expect(again.order).toMatchObject({ status: 'paid', made_premium: false });
  });

  it('a member who is premium already is not told a purchase made them premium', async () => {
    const m = await newMember(SHOP, { paid: true });
    const placed = await placeOrder(SHOP, m.cookie);
    await checkout(SHOP, placed.paymentId, 'paid', { issuer: IDEAL_ING });
    const order = await json(await api(SHOP, 'GET', `/api/order.php?id=${placed.order.id}`, { cookie: m.cookie }));
    expect(order.order).toMatchObject({ status: 'paid', made_premium: false });
  });

  it('failed and cancelled payments grant nothing and say so', async () => {
    const m = await newMember(SHOP);
    const failed = await placeOrder(SHOP, m.cookie);
    await checkout(SHOP, failed.paymentId, 'failed', { issuer: IDEAL_ING });
    expect(await orderStatus(failed.order.id)).toBe('failed');
    const cancelled = await placeOrder(SHOP, m.cookie, { method: 'creditcard', issuer: undefined });
    await checkout(SHOP, cancelled.paymentId, 'canceled');
    expect(await orderStatus(cancelled.order.id)).toBe('cancelled');
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
    const list = await json(await api(SHOP, 'GET', '/api/orders.php', { cookie: m.cookie }));
    expect(list.orders.map((o: { status: string }) => o.status)).toEqual(['cancelled', 'failed']);
  });

  it('a member back before the webhook sees the paid order, and the late webhook changes nothing', async () => {
    const m = await newMember(SHOP);
    const placed = await placeOrder(SHOP, m.cookie);
    // The payment service has the payment paid, but its webhook has not arrived yet.
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE id = ?").bind(placed.paymentId).run();
    const pending = await placeOrder(SHOP, m.cookie);
    await checkout(SHOP, pending.paymentId, 'pending', { issuer: IDEAL_ING });
    expect((await json(await api(SHOP, 'GET', `/api/order.php?id=${pending.order.id}`, { cookie: m.cookie }))).order.status).toBe(
      'pending',
    );

    const back = await json(await api(SHOP, 'GET', `/api/order.php?id=${placed.order.id}`, { cookie: m.cookie }));
    expect(back.order.status).toBe('paid');
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    await webhook(SHOP, placed.paymentId);
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
  });

  it('concurrent and reordered webhooks grant exactly once', async () => {
    const m = await newMember(SHOP);
    const a = await placeOrder(SHOP, m.cookie);
    const b = await placeOrder(SHOP, m.cookie, { package_id: 1, amount: 1495 });
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE id IN (?, ?)").bind(a.paymentId, b.paymentId).run();
    const calls = Array.from({ length: 30 }, (_, i) => webhook(SHOP, i % 3 === 0 ? b.paymentId : a.paymentId));
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 170, paid: true, ledger: 170 });
    const grants = await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE member_id = ? AND reason = 'purchase'")
      .bind(m.memberId)
      .first<{ n: number }>();
    expect(grants!.n).toBe(2);
    // Of two first orders paid at once, exactly one made the member premium.
    const made = await env.DB.prepare('SELECT SUM(made_premium) AS n FROM orders WHERE member_id = ?')
      .bind(m.memberId)
      .first<{ n: number }>();
    expect(made!.n).toBe(1);
  });
});

describe('bad input changes no balance', () => {
  it('refuses tampered amounts, package ids, currencies, methods and missing consent in the member language', async () => {
    const m = await newMember(SHOP);
    const de = await newMember(SHOP, { language: 'de' });
    const order = (body: Record<string, unknown>, cookie = m.cookie) =>
      api(SHOP, 'POST', '/api/order.php', {
        cookie,
        body: { package_id: 2, amount: 2995, currency: 'EUR', method: 'ideal', consent: true, ...body },
      });

    let res = await order({ amount: 1 });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(
      'De prijs van je bestelling is gewijzigd. Controleer je bestelling en probeer het opnieuw.',
    );
    res = await order({ amount: 1 }, de.cookie);
    expect((await json(res)).error.message).toContain('Der Preis deiner Bestellung hat sich geändert');
    res = await order({ package_id: 21, amount: 2599 }); // a GBP package of another brand
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('package_not_found');
    expect((await order({ currency: 'GBP' })).status).toBe(409);
    res = await order({ method: 'bancontact' });
    expect((await json(res)).error.code).toBe('method_unavailable');
    res = await order({ consent: false });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.consent).toBe('Geef toestemming voor directe levering om verder te gaan.');
    res = await order({ issuer: 'ideal_FAKE' });
    expect(res.status).toBe(400);
    expect((await order({ method: 'directdebit' })).status).toBe(400);
    expect((await api(SHOP, 'POST', '/api/order.php', { body: { package_id: 2 } })).status).toBe(403);
    expect(await memberState(SHOP, m.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
  });

  it("hides another member's order and refuses forged webhooks", async () => {
    const owner = await newMember(SHOP);
    const other = await newMember(SHOP);
    const placed = await placeOrder(SHOP, owner.cookie);
    const res = await api(SHOP, 'GET', `/api/order.php?id=${placed.order.id}`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe('Bestelling niet gevonden.');

    expect((await webhook(SHOP, 'sbx_doesnotexist')).status).toBe(404);
    expect((await webhook('velvetnights', placed.paymentId)).status).toBe(404); // another brand's host
    // The provider reports another amount than the order's: nothing moves.
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid', amount = 1 WHERE id = ?").bind(placed.paymentId).run();
    const forged = await webhook(SHOP, placed.paymentId);
    expect(forged.status).toBe(409);
    expect((await json(forged)).error.code).toBe('payment_mismatch');
    expect(await orderStatus(placed.order.id)).toBe('pending');
    expect(await memberState(SHOP, owner.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
  });
});
