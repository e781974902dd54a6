import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CcbillSandbox, sandboxSalt } from '../../worker/payments/ccbill/sandbox';
import { md5, saleDigest } from '../../worker/payments/ccbill/protocol';
import { type PaymentProvider, ProviderError, providerFor } from '../../worker/payments/provider';
import { memberOrder, type OrderRow } from '../../worker/payments/orders';
import { refundByStaff } from '../../worker/payments/settle';
import { TENANTS } from '../../worker/tenants';
import { dbOf, fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';
import { api, json, memberState, newMember as anyMember, spendCredits } from './payment-helpers';
import { passAgeCheck } from './age-helpers';
import { CCBILL_BRAND, ccbillClick, ccbillOrder, ccbillWebhook } from './ccbill-helpers';

// CCBill end to end in workerd: the brand's dynamic-pricing FlexForm URL, the local sandbox playing CCBill (its form,
// its status call, its one-click API) and the webhooks it makes as CCBill does, through the real webhook path
// (worker/payments/ccbill/); and the cascade of a soft decline to the next provider of the brand's route (Verotel).

const BRAND = CCBILL_BRAND;
const order = ccbillOrder;
const click = ccbillClick;
const webhook = ccbillWebhook;
const tenant = TENANTS.find((t) => t.id === BRAND)!;
const sandbox = () => new CcbillSandbox(dbOf(BRAND), tenant);
const GBP = '826';

/** These buyers order from GB, which asks the age check before paying: they passed it (age-assurance.test.ts). */
const newMember = async (brand: string) => {
  const member = await anyMember(brand);
  await passAgeCheck(brand, member.memberId);
  return member;
};

const orderRow = async (id: number) =>
  (await dbOf(BRAND)
    .prepare('SELECT status, provider, refund_reason FROM orders WHERE id = ? AND tenant_id = ?')
    .bind(id, BRAND)
    .first<{ status: string; provider: string; refund_reason: string | null }>())!;

/** The member's browser following a redirect on the brand (the return page needs their session). */
const follow = (res: Response, cookie: string) => {
  const to = new URL(res.headers.get('Location')!);
  return api(BRAND, 'GET', `${to.pathname}${to.search}`, { cookie, country: 'GB' });
};

/** A sale the sandbox approved without posting its webhook yet, and the webhook CCBill posts for it. */
async function approvedSale(o: { reference: string; amount: number }) {
  const t = await sandbox().record({ reference: o.reference, amount: o.amount, currencyCode: GBP, result: 'approved' });
  return { t, hook: await sandbox().webhook(t) };
}

const purchases = async (memberId: number) =>
  (await dbOf(BRAND)
    .prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND reason = 'purchase'")
    .bind(BRAND, memberId)
    .first<{ n: number }>())!.n;

describe('CCBill', () => {
  it('sends the member to a FlexForm priced by its digest; paying there posts a sale that CCBill confirms', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    expect(o.url.pathname).toBe('/api/ccbill-sandbox.php');
    const q = Object.fromEntries(o.url.searchParams);
    expect(q).toMatchObject({
      clientAccnum: '951492',
      clientSubacc: '0001',
      initialPrice: '25.99',
      initialPeriod: '30',
      currencyCode: GBP,
      orderRef: o.reference,
    });
    expect(q.formDigest).toBe(await md5(`25.9930${GBP}${sandboxSalt(BRAND)}`));
    // A price changed on the way is refused by the form, as CCBill's is.
    const cheaper = new URL(o.url);
    cheaper.searchParams.set('initialPrice', '0.99');
    expect((await fetchBrand(BRAND, `${cheaper.pathname}${cheaper.search}`)).status).toBe(400);

    const paid = await click(o.url, 'pay');
    expect(paid.status).toBe(303);
    expect((await orderRow(o.id)).status).toBe('paid');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    const back = await follow(paid, member.cookie);
    expect(back.status).toBe(303);
    expect(back.headers.get('Location')).toBe(`https://${BRAND}.localhost/transactions/${o.id}`);
    // A second click (another tab) records nothing new.
    expect((await click(o.url, 'pay')).status).toBe(303);
    expect(await purchases(member.memberId)).toBe(1);
  });

  it('a 3-D Secure challenge that passes pays; one that fails declines hard and never cascades', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    expect(await (await click(o.url, '3ds')).text()).toContain('value="3ds_pass"');
    await click(o.url, '3ds_pass');
    expect((await orderRow(o.id)).status).toBe('paid');

    const other = await order(member.cookie);
    const failed = await click(other.url, '3ds_fail');
    const back = await follow(failed, member.cookie);
    expect(back.headers.get('Location')).toBe(`https://${BRAND}.localhost/transactions/${other.id}`);
    expect(await orderRow(other.id)).toMatchObject({ status: 'failed', provider: 'ccbill' });
    expect((await memberState(BRAND, member.memberId)).credits).toBe(120);
  });

  it("refuses forged, unsigned and other brands' webhooks with an ERROR answer, and changes nothing", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const { hook } = await approvedSale(o);
    const f = hook.fields;
    const sub = f.subscriptionId;
    const refused: Record<string, string>[] = [
      { ...f, dynamicPricingValidationDigest: 'f'.repeat(32) },
      Object.fromEntries(Object.entries(f).filter(([k]) => k !== 'dynamicPricingValidationDigest')),
      // Made with another brand's salt.
      { ...f, dynamicPricingValidationDigest: await saleDigest(sub, true, sandboxSalt('velvetnights')) },
      // Another merchant account.
      { ...f, clientAccnum: '951493' },
      // A decline's digest on a sale.
      { ...f, dynamicPricingValidationDigest: await saleDigest(sub, false, sandboxSalt(BRAND)) },
      // Right digest, but the order of another brand.
      { ...f, 'X-orderRef': `velvetnights-${o.id}` },
    ];
    for (const fields of refused) {
      const res = await webhook('NewSaleSuccess', fields, { asJson: true });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/^ERROR - /);
    }
    // A refund or chargeback for a subscription that paid none of our orders.
    const stranger = await sandbox().record({ reference: `${BRAND}-0`, amount: 1, currencyCode: GBP, result: 'approved' });
    expect((await webhook('Chargeback', (await sandbox().webhook(stranger, 'chargeback')).fields)).status).toBe(400);
    // The same webhook sent to a brand without CCBill is refused there too.
    expect(await (await webhook('NewSaleSuccess', f, { brand: 'flirtlokaal' })).text()).toMatch(/^ERROR - /);
    expect((await orderRow(o.id)).status).toBe('pending');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
    // The genuine one, URL-encoded this time, pays.
    expect(await (await webhook('NewSaleSuccess', f)).text()).toBe('OK');
    expect((await memberState(BRAND, member.memberId)).credits).toBe(120);
  });

  it('refuses a verified sale whose amount or currency differs from the order; the right one still pays', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const { hook } = await approvedSale(o);
    const { billedInitialPrice: _none, ...noAmount } = hook.fields;
    for (const fields of [
      { ...hook.fields, billedInitialPrice: '0.99' },
      { ...hook.fields, billedInitialPrice: '26.99' },
      { ...hook.fields, billedCurrencyCode: '840' },
      noAmount,
    ]) {
      const res = await webhook('NewSaleSuccess', fields);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('amount or currency differs');
    }
    expect((await orderRow(o.id)).status).toBe('pending');
    expect(await (await webhook('NewSaleSuccess', hook.fields)).text()).toBe('OK');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
  });

  it('100 concurrent replays of one sale webhook credit the order once, and every one answers OK', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const { hook } = await approvedSale(o);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        webhook('NewSaleSuccess', hook.fields, { asJson: i % 2 === 0 }).then(async (r) => [r.status, await r.text()]),
      ),
    );
    expect(answers.filter(([status, body]) => status === 200 && body === 'OK')).toHaveLength(100);
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    expect(await purchases(member.memberId)).toBe(1);
  }, 30_000); // 100 requests at once: slow on a busy machine

  it("one sale's digest pays one order: replayed for another order of the same amount, it pays nothing", async () => {
    const member = await newMember(BRAND);
    const first = await order(member.cookie);
    const second = await order(member.cookie);
    const { hook } = await approvedSale(first);
    expect(await (await webhook('NewSaleSuccess', hook.fields)).text()).toBe('OK');
    const res = await webhook('NewSaleSuccess', { ...hook.fields, 'X-orderRef': second.reference });
    expect(res.status).toBe(400);
    expect((await orderRow(second.id)).status).toBe('pending');
    expect(await purchases(member.memberId)).toBe(1);
  });

  it('a chargeback after the credits were partly spent takes back what is left, never below zero, once', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    await spendCredits(BRAND, member.memberId, 100, o.id);
    const page = await click(o.url, 'chargeback');
    expect(await page.text()).toContain('<code>OK</code>');
    expect((await orderRow(o.id)).status).toBe('charged_back');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    const taken = await dbOf(BRAND)
      .prepare('SELECT delta FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
      .bind(BRAND, member.memberId, `chargeback:order:${o.id}`)
      .first<{ delta: number }>();
    expect(taken!.delta).toBe(-20);
    // CCBill's retries (20 at once) answer OK and take nothing more.
    const t = (await sandbox().transaction(o.reference))!;
    const again = await sandbox().webhook(t, 'chargeback');
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook('Chargeback', again.fields).then((r) => r.text())));
    expect(new Set(answers)).toEqual(new Set(['OK']));
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    // The member keeps their account (FTC v. Match Group).
    expect((await api(BRAND, 'GET', '/api/user.php', { cookie: member.cookie })).status).toBe(200);
  });

  it("a Refund webhook that CCBill's status does not show is refused; a real Void takes the credits back once", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    const t = (await sandbox().transaction(o.reference))!;
    // Made up: the sale was never refunded at CCBill.
    expect((await webhook('Refund', (await sandbox().webhook(t, 'refund')).fields)).status).toBe(400);
    expect((await orderRow(o.id)).status).toBe('paid');
    expect(await (await click(o.url, 'void')).text()).toContain('<code>OK</code>');
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', refund_reason: 'provider' });
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
  });

  it("a staff refund racing CCBill's Refund webhooks for the same order takes the credits back once", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const t = (await sandbox().transaction(o.reference))!;
    // CCBill's Refund as it posts it once the refund is made (the sandbox shows it in the status call).
    const refund = await sandbox().webhook(t, 'refund');
    const [staff] = await Promise.all([
      staffApi(BRAND, 'POST', 'refund.php', { cookie, body: { brand: BRAND, order_id: o.id, reason: 'refund' } }).then((r) => r.status),
      ...Array.from({ length: 20 }, () => webhook('Refund', refund.fields).then((r) => r.text())),
    ]);
    expect([200, 409]).toContain(staff);
    expect((await orderRow(o.id)).status).toBe('refunded');
    // Once the staff refund is in, CCBill's Refund is shown by its status call and answers OK, taking nothing more.
    expect(await (await webhook('Refund', refund.fields)).text()).toBe('OK');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    const rows = await dbOf(BRAND)
      .prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND reason = 'refund'")
      .bind(BRAND, member.memberId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("a staff refund that CCBill refuses because its own refund came first answers 'already refunded', not a server error", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    // The staff request read the order while it was paid; CCBill's refund and its webhook land before it asks CCBill.
    const stale = await memberOrder(dbOf(BRAND), BRAND, member.memberId, o.id);
    expect(await (await click(o.url, 'refund')).text()).toContain('<code>OK</code>');
    expect((await orderRow(o.id)).status).toBe('refunded');
    const refusing = { refund: () => Promise.reject(new ProviderError('ccbill: the sale is already refunded')) };
    const ctx = { env: { ...(env as Env), DB: dbOf(BRAND) }, tenant, provider: refusing as unknown as PaymentProvider, now: new Date() };
    const noAudit = () => dbOf(BRAND).prepare('SELECT 1');
    await expect(refundByStaff(ctx, stale, noAudit)).rejects.toMatchObject({ status: 409, code: 'order_refunded' });
    // While the order is still paid, the provider's refusal stays its failure (logged as a server error).
    const paid = await order((await newMember(BRAND)).cookie);
    await click(paid.url, 'pay');
    const open = (await dbOf(BRAND).prepare('SELECT * FROM orders WHERE id = ?').bind(paid.id).first<OrderRow>())!;
    await expect(refundByStaff(ctx, open, noAudit)).rejects.toBeInstanceOf(ProviderError);
    expect((await orderRow(paid.id)).status).toBe('paid');
  });

  it('a soft decline at CCBill cascades to Verotel in one step for the member, and the order is charged once', async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    const declined = await click(o.url, 'soft_decline');
    expect(declined.status).toBe(303);
    expect((await orderRow(o.id)).status).toBe('pending');
    // The member's browser comes back from the form (five tabs at once): one cascade, straight to Verotel's page.
    const backs = await Promise.all(Array.from({ length: 5 }, () => follow(declined, member.cookie)));
    const verotel = backs.map((r) => new URL(r.headers.get('Location')!)).filter((u) => u.pathname === '/api/verotel-sandbox.php');
    expect(verotel).toHaveLength(1);
    expect(await orderRow(o.id)).toMatchObject({ status: 'pending', provider: 'verotel' });
    const paid = await fetchBrand(BRAND, `${verotel[0].pathname}${verotel[0].search}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${BRAND}.localhost` },
      body: new URLSearchParams({ action: 'pay' }),
    });
    expect(paid.status).toBe(303);
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', provider: 'verotel' });
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    expect(await purchases(member.memberId)).toBe(1);
    // At CCBill the order was declined and never sold; a late CCBill webhook for it no longer finds the order.
    expect((await sandbox().transaction(o.reference))!.result).toBe('soft_decline');
    const t = (await sandbox().transaction(o.reference))!;
    const late = await sandbox().webhook({ ...t, subscription_id: '1999999999999999999', result: 'approved' });
    const refused = await webhook('NewSaleSuccess', late.fields);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('now at verotel: refund it at CCBill');
    expect(await purchases(member.memberId)).toBe(1);
  });

  it('a hard decline, or a soft one where the route lists nothing after CCBill, fails the order as before', async () => {
    const member = await newMember(BRAND);
    const hard = await order(member.cookie);
    await follow(await click(hard.url, 'hard_decline'), member.cookie);
    expect(await orderRow(hard.id)).toMatchObject({ status: 'failed', provider: 'ccbill' });
    // Apple Pay in GB has no route in the tenant file: CCBill alone, as a tenant without routes.
    const applepay = await order(member.cookie, 'applepay');
    const back = await follow(await click(applepay.url, 'soft_decline'), member.cookie);
    expect(back.headers.get('Location')).toBe(`https://${BRAND}.localhost/transactions/${applepay.id}`);
    expect(await orderRow(applepay.id)).toMatchObject({ status: 'failed', provider: 'ccbill' });
  });

  it("buys again in one click on CCBill's payment token of the last sale, without a form", async () => {
    const member = await newMember(BRAND);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    const res = await api(BRAND, 'POST', '/api/repeat-order.php', {
      body: { package_id: 22, amount: 2599, currency: 'GBP', consent: true },
      cookie: member.cookie,
      country: 'GB',
    });
    expect(res.status).toBe(201);
    const repeat = await json<{ order: { id: number; status: string }; checkout_url: null }>(res);
    expect(repeat.order.status).toBe('paid');
    expect(await memberState(BRAND, member.memberId)).toEqual({ credits: 240, paid: true, ledger: 240 });
    expect(await purchases(member.memberId)).toBe(2);
  });

  it('outside local mode the brand uses CCBill itself with its own salt, never the sandbox', async () => {
    const production = { ...env, APP_ENV: 'production' } as Env;
    expect(() => providerFor(production, tenant)).toThrow(/secret CCBILL_\w+_CCBILLSHOP is not set/);
    const secrets = { CCBILL_SALT_CCBILLSHOP: 'real-salt', CCBILL_DATALINK_CCBILLSHOP: 'user:pass', CCBILL_API_CCBILLSHOP: 'app:secret' };
    const ccbill = providerFor({ ...production, ...secrets } as Env, tenant);
    const created = await ccbill.create({
      amount: 2599,
      currency: 'GBP',
      description: 'CCBill Shop #1: 120 credits',
      method: 'creditcard',
      redirectUrl: 'https://ccbillshop.example/transactions/1',
      webhookUrl: 'https://ccbillshop.example/api/payment-webhook.php',
      metadata: { tenant: BRAND, order_id: 1 },
      sequenceType: 'oneoff',
    });
    const url = new URL(created.checkoutUrl!);
    expect(`${url.origin}${url.pathname}`).toBe('https://api.ccbill.com/wap-frontflex/flexforms/687fa3e0-e60d-4466-88e2-181fa56dd6a9');
    expect(url.searchParams.get('formDigest')).toBe(await md5(`25.9930${GBP}real-salt`));
    expect(created.id).toBe(`${BRAND}-1`);
  });
});
