import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { providerFor } from '../../worker/payments/provider';
import { sandboxSignatureKey, VerotelSandbox } from '../../worker/payments/verotel/sandbox';
import { signPostback } from '../../worker/payments/verotel/signature';
import { TENANTS } from '../../worker/tenants';
import { dbOf, fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';
import { api, json, memberState, newMember, orderBody, spendCredits } from './payment-helpers';
import { mailCount } from './account-helpers';

// Verotel FlexPay end to end in workerd: the brand's signed order page URL, the local sandbox playing Verotel, and
// the postbacks it signs as Verotel does, through the real postback path (worker/payments/verotel/).

const BRAND = 'verotelshop';
const tenant = TENANTS.find((t) => t.id === BRAND)!;
const sandbox = () => new VerotelSandbox(dbOf(BRAND), tenant);

async function order(cookie: string) {
  const res = await api(BRAND, 'POST', '/api/order.php', { body: orderBody({ method: 'creditcard', issuer: undefined }), cookie });
  expect(res.status).toBe(201);
  const body = await json<{ order: { id: number; amount: number }; checkout_url: string }>(res);
  return { id: body.order.id, amount: body.order.amount, url: new URL(body.checkout_url), reference: `${BRAND}-${body.order.id}` };
}

const orderStatus = async (id: number) =>
  (await dbOf(BRAND)
    .prepare('SELECT status, refund_reason FROM orders WHERE id = ? AND tenant_id = ?')
    .bind(id, BRAND)
    .first<{ status: string; refund_reason: string | null }>())!;

/** The tester's click on the sandbox's order page (the page's own URL: the signed startorder request). */
const click = (url: URL, action: string) =>
  fetchBrand(BRAND, `${url.pathname}${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${BRAND}.localhost` },
    body: new URLSearchParams({ action }),
  });

/** What Verotel would send: the query of a postback to the brand's postback URL. */
const postback = (query: URLSearchParams, brand = BRAND) => fetchBrand(brand, `/api/verotel-postback.php?${query}`);

/** A sale the sandbox approved without sending its postback yet, and the postback Verotel sends for it. */
async function approvedSale(o: { reference: string; amount: number }) {
  const sale = await sandbox().recordSale({ reference: o.reference, amount: o.amount, currency: 'EUR', method: 'CC', approved: true });
  return { sale, query: await sandbox().postback(sale) };
}

describe('Verotel FlexPay', () => {
  it('sends the member to a signed order page; paying there posts a signed sale that the status service confirms', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    expect(o.url.pathname).toBe('/api/verotel-sandbox.php');
    expect(Object.fromEntries(o.url.searchParams)).toMatchObject({
      version: '4',
      shopID: '65147',
      type: 'purchase',
      priceAmount: (o.amount / 100).toFixed(2),
      priceCurrency: 'EUR',
      referenceID: o.reference,
      paymentMethod: 'CC',
    });
    expect(o.url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);

    // A startorder request changed on the way (a lower price) is refused by the order page, as Verotel's is.
    const cheaper = new URL(o.url);
    cheaper.searchParams.set('priceAmount', '0.01');
    expect((await fetchBrand(BRAND, `${cheaper.pathname}${cheaper.search}`)).status).toBe(400);

    expect(await (await fetchBrand(BRAND, `${o.url.pathname}${o.url.search}`)).text()).toContain('value="pay"');
    const paid = await click(o.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(`https://${BRAND}.localhost/transactions/${o.id}`);
    expect((await orderStatus(o.id)).status).toBe('paid');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    // Clicking again (a second tab) records no second sale and sends nothing new.
    expect((await click(o.url, 'pay')).status).toBe(303);
    expect((await memberState(BRAND, member.memberId)).credits).toBe(120);
  });

  it('a declined sale posts nothing; the order fails when the member is back and the status service says so', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    expect((await click(o.url, 'decline')).status).toBe(303);
    const back = await json<{ order: { status: string } }>(await api(BRAND, 'GET', `/api/order.php?id=${o.id}`, { cookie: member.cookie }));
    expect(back.order.status).toBe('failed');
    expect((await memberState(BRAND, member.memberId)).credits).toBe(0);
  });

  it("refuses forged, unsigned and other brands' postbacks with an ERROR answer, and changes nothing", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const { query } = await approvedSale(o);
    const fields = Object.fromEntries([...query].filter(([k]) => k !== 'signature'));
    const forged = new URLSearchParams(query);
    forged.set('signature', 'f'.repeat(64));
    const unsigned = new URLSearchParams(fields);
    const otherKey = await signPostback(sandboxSignatureKey('flirtlokaal'), fields);
    // Correctly signed by this brand, but for another brand's order.
    const otherOrder = await signPostback(sandboxSignatureKey(BRAND), { ...fields, referenceID: `flirtlokaal-${o.id}` });
    for (const refused of [forged, unsigned, otherKey, otherOrder]) {
      const res = await postback(refused);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/^ERROR - /);
    }
    // The same postback sent to a brand that takes no signed postbacks (not on Verotel) is refused there too.
    expect(await (await postback(query, 'flirtlokaal')).text()).toMatch(/^ERROR - /);
    expect((await orderStatus(o.id)).status).toBe('pending');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
  });

  it('refuses a signed sale whose amount or currency differs from the order, or that the status service does not know', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const fields = Object.fromEntries(
      [...(await sandbox().postback({ ...(await fakeSale(o.reference, o.amount)) }))].filter(([k]) => k !== 'signature'),
    );
    const key = sandboxSignatureKey(BRAND);
    // Not in the status service yet: a signature alone does not pay an order.
    expect((await postback(await signPostback(key, fields))).status).toBe(400);
    await approvedSale(o);
    const wrongs: Record<string, string>[] = [
      { priceAmount: '0.01' },
      { priceAmount: ((o.amount + 100) / 100).toFixed(2) },
      { priceCurrency: 'USD' },
    ];
    for (const wrong of wrongs) {
      const res = await postback(await signPostback(key, { ...fields, ...wrong }));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('amount or currency differs');
    }
    // A signed sale that names no amount pays nothing either.
    const { priceAmount: _none, ...noAmount } = fields;
    expect((await postback(await signPostback(key, noAmount))).status).toBe(400);
    expect((await orderStatus(o.id)).status).toBe('pending');
    expect((await memberState(BRAND, member.memberId)).credits).toBe(0);
    // The right one still pays it.
    expect(await (await postback(await signPostback(key, fields))).text()).toBe('OK');
    expect((await memberState(BRAND, member.memberId)).credits).toBe(120);
  });

  it('100 concurrent replays of one postback credit the order once, and every one answers OK', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const { query } = await approvedSale(o);
    const answers = await Promise.all(Array.from({ length: 100 }, () => postback(query).then(async (r) => [r.status, await r.text()])));
    expect(answers.filter(([status, body]) => status === 200 && body === 'OK')).toHaveLength(100);
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    const grants = await dbOf(BRAND)
      .prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND reason = 'purchase'")
      .bind(BRAND, member.memberId)
      .first<{ n: number }>();
    expect(grants!.n).toBe(1);
  }, 30_000); // 100 requests at once: slow on a busy machine

  it('a chargeback after the credits were partly spent takes back what is left, never below zero, once', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    await spendCredits(BRAND, member.memberId, 100, o.id);
    expect((await memberState(BRAND, member.memberId)).credits).toBe(20);

    const page = await click(o.url, 'chargeback');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<code>OK</code>');
    expect((await orderStatus(o.id)).status).toBe('charged_back');
    // The month the card schemes count the dispute in (scheme health, issue 44 item 7).
    const dated = await dbOf(BRAND)
      .prepare('SELECT charged_back_at FROM orders WHERE id = ?')
      .bind(o.id)
      .first<{ charged_back_at: string }>();
    expect(dated!.charged_back_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    const taken = await dbOf(BRAND)
      .prepare('SELECT delta FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
      .bind(BRAND, member.memberId, `chargeback:order:${o.id}`)
      .first<{ delta: number }>();
    expect(taken!.delta).toBe(-20);

    // Verotel's retries of the chargeback (20 at once) answer OK and take nothing more.
    const sale = (await sandbox().sale(o.reference))!;
    const again = await sandbox().postback(sale, 'chargeback');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postback(again).then((r) => r.text())));
    expect(new Set(answers)).toEqual(new Set(['OK']));
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    // The member who disputed a charge keeps their account (FTC v. Match Group), and the page says what happened.
    expect((await api(BRAND, 'GET', '/api/user.php', { cookie: member.cookie })).status).toBe(200);
    const shown = await json<{ order: { status: string } }>(
      await api(BRAND, 'GET', `/api/order.php?id=${o.id}`, { cookie: member.cookie }),
    );
    expect(shown.order.status).toBe('charged_back');
    // Told once, whatever the replays (issue 44 item 4).
    expect(await mailCount(BRAND, `m${member.memberId}@test.example`, 'payment_charged_back')).toBe(1);
  });

  it('a refund Verotel reports (credit) takes the unspent credits back once and says who refunded', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    await spendCredits(BRAND, member.memberId, 30, o.id);
    const sale = (await sandbox().sale(o.reference))!;
    const credit = await sandbox().postback(sale, 'credit');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postback(credit).then((r) => r.text())));
    expect(new Set(answers)).toEqual(new Set(['OK']));
    expect(await orderStatus(o.id)).toEqual({ status: 'refunded', refund_reason: 'provider' });
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    // A chargeback after the refund moves the order on, and takes nothing more.
    expect(await (await postback(await sandbox().postback(sale, 'chargeback'))).text()).toBe('OK');
    expect((await orderStatus(o.id)).status).toBe('charged_back');
    expect((await memberState(BRAND, member.memberId)).ledger).toBe(0);
  });

  it('a chargeback that arrives before its sale is refused until the sale is in, then applied (out of order)', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const { sale, query } = await approvedSale(o);
    const chargeback = await sandbox().postback(sale, 'chargeback');
    expect((await postback(chargeback)).status).toBe(400);
    expect((await orderStatus(o.id)).status).toBe('pending');
    expect(await (await postback(query)).text()).toBe('OK');
    expect(await (await postback(chargeback)).text()).toBe('OK');
    expect((await orderStatus(o.id)).status).toBe('charged_back');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
  });

  it("a staff refund racing Verotel's refund postbacks for the same order takes the credits back once", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const sale = (await sandbox().sale(o.reference))!;
    const credit = await sandbox().postback(sale, 'credit');
    const [staff, ...postbacks] = await Promise.all([
      staffApi(BRAND, 'POST', 'refund.php', { cookie, body: { brand: BRAND, order_id: o.id, reason: 'refund' } }).then((r) => r.status),
      ...Array.from({ length: 20 }, () => postback(credit).then((r) => r.text())),
    ]);
    expect([200, 409]).toContain(staff);
    expect(new Set(postbacks)).toEqual(new Set(['OK']));
    expect((await orderStatus(o.id)).status).toBe('refunded');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    const rows = await dbOf(BRAND)
      .prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND reason = 'refund'")
      .bind(BRAND, member.memberId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it('outside local mode the brand uses Verotel itself with its own key, never the sandbox', async () => {
    const production = { ...env, APP_ENV: 'production' } as Env;
    expect(() => providerFor(production, tenant)).toThrow(/VEROTEL_KEY_VEROTELSHOP is not set/);
    const verotel = providerFor({ ...production, VEROTEL_KEY_VEROTELSHOP: 'real-key' } as Env, tenant);
    const created = await verotel.create({
      amount: 2995,
      currency: 'EUR',
      description: 'Verotel Shop #1: 120 credits',
      method: 'creditcard',
      redirectUrl: 'https://verotelshop.example/transactions/1',
      webhookUrl: 'https://verotelshop.example/api/payment-webhook.php',
      metadata: { tenant: BRAND, order_id: 1 },
      sequenceType: 'oneoff',
    });
    expect(created.checkoutUrl).toMatch(/^https:\/\/secure\.verotel\.com\/startorder\?/);
    expect(created.id).toBe(`${BRAND}-1`);
  });
});

/** A sale's fields as Verotel would report them, for a postback built by hand (not recorded in the sandbox). */
async function fakeSale(reference: string, amount: number) {
  return {
    sale_id: 4242,
    tenant_id: BRAND,
    shop_id: 65147,
    reference_id: reference,
    amount,
    currency: 'EUR',
    payment_method: 'CC',
    result: 'APPROVED',
    transaction_id: 777,
    later_event: null,
    created_at: new Date().toISOString(),
  };
}
