import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  api,
  checkout,
  IDEAL_ING,
  json,
  memberState,
  newMember,
  orderBody,
  orderStatus,
  placeOrder,
  settledMember,
} from './payment-helpers';

const FIELDS = [
  'code',
  'country',
  'user_id',
  'expires',
  'value_percentage',
  'currency',
  'minimum_order_value',
  'status',
  'validity',
  'expired',
  'paymentmethods',
];

async function addCode(
  code: string,
  values: Partial<{
    country: string;
    expires: string;
    percentage: number;
    currency: string;
    minimum: number;
    validity: string;
    methods: string[];
    userId: number;
  }> = {},
) {
  await env.DB.prepare(
    `INSERT INTO discount_codes (tenant_id, code, country, user_id, expires, value_percentage, currency, minimum_order_value, validity, paymentmethods, created_at)
     VALUES ('flirtlokaal', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      code,
      values.country ?? null,
      values.userId ?? null,
      values.expires ?? null,
      values.percentage ?? 10,
      values.currency ?? null,
      values.minimum ?? 0,
      values.validity ?? 'once',
      values.methods ? JSON.stringify(values.methods) : null,
      new Date().toISOString(),
    )
    .run();
}

const lookup = (cookie: string, query: string, country = 'NL') =>
  api('flirtlokaal', 'GET', `/api/discountcode.php?${query}`, { cookie, country });

// The members who order with a code are settledMember()s, without a welcome discount of their own: a code below
// 25% would lose to it (core/rules/discount.ts bestDiscount) and not be used at all.
describe('GET /api/discountcode.php', () => {
  it('loads the welcome discount with every field of a discount code, the same code each time', async () => {
    const m = await newMember();
    const res = await lookup(m.cookie, 'welcome=true');
    expect(res.status).toBe(200);
    const code = await json(res);
    expect(Object.keys(code).sort()).toEqual([...FIELDS].sort());
    expect(code).toMatchObject({ value_percentage: 25, user_id: m.memberId, status: 'active', validity: 'once_per_user', expired: false });
    expect(code.code).toMatch(/^WELKOM-/);
    expect((await json(await lookup(m.cookie, 'welcome=true'))).code).toBe(code.code);
    // The code is the member's own: another member cannot find it.
    const other = await newMember();
    expect((await lookup(other.cookie, `code=${code.code}`)).status).toBe(404);
  });

  it("answers 'Code niet gevonden' and 'Code reeds gebruikt'", async () => {
    const m = await settledMember();
    let res = await lookup(m.cookie, 'code=NOPE');
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe('Code niet gevonden');
    await addCode('EENMALIG', { percentage: 20 });
    const found = await json(await lookup(m.cookie, 'code=eenmalig'));
    expect(found).toMatchObject({ code: 'EENMALIG', value_percentage: 20, validity: 'once', status: 'active' });
    const placed = await placeOrder('flirtlokaal', m.cookie, { code: 'EENMALIG', amount: 2396 });
    await checkout('flirtlokaal', placed.paymentId, 'paid', { issuer: IDEAL_ING });
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 120 });
    const other = await newMember();
    res = await lookup(other.cookie, 'code=EENMALIG');
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('Code reeds gebruikt');
    res = await api('flirtlokaal', 'POST', '/api/order.php', { cookie: other.cookie, body: orderBody({ code: 'EENMALIG', amount: 2396 }) });
    expect((await json(res)).error.message).toBe('Code reeds gebruikt');
    expect(await memberState('flirtlokaal', other.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
  });
});

describe('codes on orders', () => {
  it('respects country, minimum order value, payment methods, currency and expiry', async () => {
    await addCode('NLONLY', { country: 'NL', minimum: 2000, methods: ['ideal'], currency: 'EUR', expires: '2099-01-01T00:00:00Z' });
    await addCode('VERLOPEN', { expires: '2020-01-01T00:00:00Z' });
    const m = await settledMember();
    const order = (body: Record<string, unknown>, country = 'NL') =>
      api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, country, body: orderBody(body) });

    let res = await order({ code: 'NLONLY', method: 'creditcard', issuer: undefined, amount: 2695 }, 'BE');
    expect((await json(res)).error).toMatchObject({ code: 'code_country', message: 'Deze code geldt niet in jouw land.' });
    res = await order({ code: 'NLONLY', package_id: 1, amount: 1345 });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toMatch(/^Deze code geldt vanaf een bestelling van €\s?20,00\.$/);
    res = await order({ code: 'NLONLY', method: 'creditcard', issuer: undefined, amount: 2695 });
    expect((await json(res)).error.code).toBe('code_method');
    res = await order({ code: 'VERLOPEN', amount: 2695 });
    expect(res.status).toBe(410);
    expect((await json(res)).error.message).toBe('Deze korting is verlopen.');
    expect((await json(await lookup(m.cookie, 'code=VERLOPEN'))).expired).toBe(true);
    // The discount must be in the amount the member saw.
    expect((await order({ code: 'NLONLY' })).status).toBe(409);
    const ok = await order({ code: 'NLONLY', amount: 2695 });
    expect(ok.status).toBe(201);
    expect((await json(ok)).order).toMatchObject({ amount: 2695, list_price: 2995, discount_code: 'NLONLY', discount_percentage: 10 });
  });

  it("a failed or cancelled order frees its code; the member's own open order hands it to their next order", async () => {
    await addCode('VRIJ', { percentage: 50 });
    const m = await newMember();
    const first = await placeOrder('flirtlokaal', m.cookie, { code: 'VRIJ', amount: 1497 });
    // Going back and choosing again: the code stays the member's (the shop still offers it), the first order ends.
    expect((await json(await lookup(m.cookie, 'code=VRIJ'))).status).toBe('active');
    const again = await placeOrder('flirtlokaal', m.cookie, { code: 'VRIJ', amount: 1497, method: 'creditcard', issuer: undefined });
    expect(await orderStatus(first.order.id)).toBe('cancelled');
    await checkout('flirtlokaal', again.paymentId, 'canceled');
    const second = await placeOrder('flirtlokaal', m.cookie, { code: 'VRIJ', amount: 1497, method: 'creditcard', issuer: undefined });
    await checkout('flirtlokaal', second.paymentId, 'failed');
    expect((await json(await lookup(m.cookie, 'code=VRIJ'))).status).toBe('active');
    const other = await newMember();
    const third = await placeOrder('flirtlokaal', other.cookie, { code: 'VRIJ', amount: 1497 });
    await checkout('flirtlokaal', third.paymentId, 'paid', { issuer: IDEAL_ING });
    expect((await lookup(m.cookie, 'code=VRIJ')).status).toBe(409);
  });

  it('the welcome code gives 25% once, on the first purchase', async () => {
    const m = await newMember();
    const welcome = await json(await lookup(m.cookie, 'welcome=true'));
    const placed = await placeOrder('flirtlokaal', m.cookie, { code: welcome.code, amount: 2246 });
    await checkout('flirtlokaal', placed.paymentId, 'paid', { issuer: IDEAL_ING });
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    expect((await lookup(m.cookie, 'welcome=true')).status).toBe(404);
    expect((await lookup(m.cookie, `code=${welcome.code}`)).status).toBe(409);
  });
});

describe('guessing codes', () => {
  it('stops a member after 60 lookups an hour, in the member language', async () => {
    const m = await newMember();
    for (let i = 0; i < 60; i++) expect((await lookup(m.cookie, `code=GUESS${i}`)).status).toBe(404);
    const res = await lookup(m.cookie, 'code=GUESS61');
    expect(res.status).toBe(429);
    expect((await json(res)).error.message).toMatch(/^Te veel pogingen/);
  });
});
