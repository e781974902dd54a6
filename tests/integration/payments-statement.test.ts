import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, checkout, IDEAL_ING, json, placeOrder, settledMember } from './payment-helpers';
import { createMember, DAYTIME } from './helpers';

// Issue 44 item 9: the checkout, the receipt and the transactions page say how the charge appears on the
// statement (the brand's billing descriptor for its provider) and how to reach support.
const STATEMENT_NL = 'Op je bank- of kaartafschrift staat deze betaling als VEROTEL*FLIRTLOKAAL.NL.';

describe('the statement and the receipt', () => {
  it("the shop, the order, the order list and the receipt mail name the brand's descriptor and its support", async () => {
    const m = await settledMember();
    const shop = await json(await api('flirtlokaal', 'GET', '/api/packages.php', { cookie: m.cookie }));
    // Locally Verotel's sandbox plays the brand's provider: its descriptor from tenants/flirtlokaal.ts.
    expect(shop.statement_descriptor).toBe('VEROTEL*FLIRTLOKAAL.NL');

    const placed = await placeOrder('flirtlokaal', m.cookie);
    await checkout('flirtlokaal', placed.paymentId, 'paid', { issuer: IDEAL_ING });
    const order = await json(await api('flirtlokaal', 'GET', `/api/order.php?id=${placed.order.id}`, { cookie: m.cookie }));
    expect(order.order).toMatchObject({ status: 'paid', statement_descriptor: 'VEROTEL*FLIRTLOKAAL.NL' });
    const list = await json(await api('flirtlokaal', 'GET', '/api/orders.php', { cookie: m.cookie }));
    expect(list.orders[0].statement_descriptor).toBe('VEROTEL*FLIRTLOKAAL.NL');

    const mail = await env.DB.prepare("SELECT text_body, html_body FROM outbox WHERE member_id = ? AND template = 'payment_confirmation'")
      .bind(m.memberId)
      .first<{ text_body: string; html_body: string }>();
    expect(mail!.text_body).toContain(`${STATEMENT_NL} Vragen over een betaling? Mail support@flirtlokaal.nl of bel +31 20 123 4567.`);
    expect(mail!.html_body).toContain('VEROTEL*FLIRTLOKAAL.NL');
  });

  it("another brand shows its own descriptor, in the member's language", async () => {
    const m = await createMember('reifekontakte', { language: 'de' });
    const shop = await json(await api('reifekontakte', 'GET', '/api/packages.php', { cookie: m.cookie, country: 'DE' }));
    expect(shop.statement_descriptor).toBe('VEROTEL*REIFEKONTAKTE');
  });

  it('the checkout page says it before the member pays', async () => {
    const m = await settledMember();
    const page = await (await api('flirtlokaal', 'GET', '/credits/2', { cookie: m.cookie, headers: DAYTIME })).text();
    expect(page.replace(/<!-- -->/g, '')).toContain(STATEMENT_NL);
  });

  it('the checkout names the descriptor of the provider the country routes the method to', async () => {
    // ccbillshop: CCBill by default; IE cards go to Verotel (tests/fixtures/tenants/ccbillshop.ts).
    // A member paying in euros: their shop is an euro country's (issue 46 item 4).
    const m = await createMember('ccbillshop', { language: 'en', currency: 'EUR' });
    const ie = await json(await api('ccbillshop', 'GET', '/api/packages.php', { cookie: m.cookie, country: 'IE' }));
    expect(ie.statement_descriptor).toBe('CCBILL.COM*VELVETNIGHT');
    expect(ie.statement_descriptors).toEqual({ creditcard: 'VEROTEL*CCBILLSHOP' });
    const pounds = await createMember('ccbillshop', { language: 'en', currency: 'GBP' });
    const gb = await json(await api('ccbillshop', 'GET', '/api/packages.php', { cookie: pounds.cookie, country: 'GB' }));
    expect(gb.statement_descriptors).toEqual({});
    const page = await (
      await api('ccbillshop', 'GET', '/credits/41/creditcard', { cookie: m.cookie, country: 'IE', headers: DAYTIME })
    ).text();
    const note = page.match(/data-testid="statement-note">([^<]*)</)?.[1];
    expect(note).toContain('appears on your bank or card statement as VEROTEL*CCBILLSHOP.');
  });
});
