import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, checkout, IDEAL_ING, json, memberState, newMember, orderBody, settledMember } from './payment-helpers';

// Issue 44, item 11 "A code never raises the price": during the 25% welcome discount (the time bonus, then the
// welcome code) a typed code of 10% made the 120-credit pack dearer (EUR 22,46 -> 26,95). The server charges the
// best of the member's own discount and the typed code (core/rules/discount.ts bestDiscount); a code that loses is
// neither recorded on the order nor held, and a code that wins takes the welcome discount's place.

const BRAND = 'flirtlokaal';
const TIME_BONUS_PRICE = 2246;

async function addCode(code: string, percentage: number, validity: 'once' | 'once_per_user' | 'unlimited') {
  await env.DB.prepare('INSERT INTO discount_codes (tenant_id, code, value_percentage, validity, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(BRAND, code, percentage, validity, new Date().toISOString())
    .run();
}

const order = (cookie: string, overrides: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(BRAND, 'POST', '/api/order.php', { cookie, body: orderBody(overrides), headers });

/** The reservations of a code (of one member's orders), as placeOrder writes them. */
const holders = async (code: string, memberId?: number) =>
  (
    await env.DB.prepare(
      'SELECT scope, member_id FROM discount_redemptions WHERE tenant_id = ? AND code = ? AND member_id = COALESCE(?, member_id)',
    )
      .bind(BRAND, code, memberId ?? null)
      .all()
  ).results;

const paymentOf = async (orderId: number) =>
  (await env.DB.prepare('SELECT provider_payment_id AS id FROM orders WHERE id = ?').bind(orderId).first<{ id: string }>())!.id;

describe('a typed code and the welcome discount: the best one is charged', () => {
  it('during the time bonus, DEMO10 on the 120-credit pack costs the time-bonus price and is not used', async () => {
    await addCode('BEST10', 10, 'once_per_user');
    const m = await newMember();
    // The price the page shows with the code typed in is the time-bonus price: the server agrees and charges it.
    const res = await order(m.cookie, { code: 'BEST10', amount: TIME_BONUS_PRICE });
    expect(res.status).toBe(201);
    const placed = (await json(res)).order;
    expect(placed).toMatchObject({ amount: TIME_BONUS_PRICE, list_price: 2995, discount_code: 'TIMEBONUS25', discount_percentage: 25 });
    // The dearer price is never charged, whatever a client sends.
    const dearer = await order(m.cookie, { code: 'BEST10', amount: 2695 });
    expect(dearer.status).toBe(409);
    expect((await json(dearer)).error.code).toBe('amount_changed');
    // The first-purchase discount is held by the order; the code is not.
    expect(await holders('BEST10')).toEqual([]);
    expect(await holders('TIMEBONUS25', m.memberId)).toEqual([{ scope: `first-purchase:${m.memberId}`, member_id: m.memberId }]);

    await checkout(BRAND, await paymentOf(placed.id), 'paid', { issuer: IDEAL_ING });
    expect(await memberState(BRAND, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    // Not consumed: the member's next (full-price) purchase can still use it.
    const lookup = await api(BRAND, 'GET', '/api/discountcode.php?code=BEST10', { cookie: m.cookie });
    expect(lookup.status).toBe(200);
    expect(await json(lookup)).toMatchObject({ code: 'BEST10', status: 'active', expired: false });
    const next = await order(m.cookie, { code: 'BEST10', amount: 2695 });
    expect(next.status).toBe(201);
    expect((await json(next)).order).toMatchObject({ amount: 2695, discount_code: 'BEST10', discount_percentage: 10 });
  });

  it('a code valid once in total that loses to the welcome discount stays free for someone else', async () => {
    await addCode('ONCE15', 15, 'once');
    const m = await newMember();
    const res = await order(m.cookie, { code: 'ONCE15', amount: TIME_BONUS_PRICE });
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ amount: TIME_BONUS_PRICE, discount_code: 'TIMEBONUS25' });
    expect(await holders('ONCE15')).toEqual([]);
    // A member without a welcome discount uses it while the first order is still open.
    const other = await settledMember();
    const theirs = await order(other.cookie, { code: 'ONCE15', amount: 2546 });
    expect(theirs.status).toBe(201);
    expect((await json(theirs)).order).toMatchObject({ amount: 2546, discount_code: 'ONCE15', discount_percentage: 15 });
  });

  it('after the time bonus, the welcome code of the first week beats a smaller code the same way', async () => {
    await addCode('WEEK10', 10, 'once_per_user');
    const m = await newMember();
    const signup = (await env.DB.prepare('SELECT signup_date FROM members WHERE id = ?').bind(m.memberId).first<{ signup_date: string }>())!
      .signup_date;
    // Five hours after signup: the time bonus is over, the welcome code (7 days) is not.
    const later = { 'X-Debug-Now': new Date(Date.parse(signup) + 5 * 3_600_000).toISOString() };
    const welcome = await json(await api(BRAND, 'GET', '/api/discountcode.php?welcome=true', { cookie: m.cookie, headers: later }));
    const res = await order(m.cookie, { code: 'WEEK10', amount: TIME_BONUS_PRICE }, later);
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ amount: TIME_BONUS_PRICE, discount_code: welcome.code, discount_percentage: 25 });
    expect(await holders('WEEK10')).toEqual([]);
  });

  it('a code better than the welcome discount applies instead of it, and only the code is held', async () => {
    await addCode('HALF50', 50, 'once');
    const m = await newMember();
    // The welcome discount's price is not what the server charges: the code gives more.
    expect((await order(m.cookie, { code: 'HALF50', amount: TIME_BONUS_PRICE })).status).toBe(409);
    const res = await order(m.cookie, { code: 'HALF50', amount: 1497 });
    expect(res.status).toBe(201);
    const placed = (await json(res)).order;
    expect(placed).toMatchObject({ amount: 1497, discount_code: 'HALF50', discount_percentage: 50 });
    expect(await holders('HALF50')).toEqual([{ scope: 'HALF50', member_id: m.memberId }]);
    expect(await holders('TIMEBONUS25', m.memberId)).toEqual([]);
    await checkout(BRAND, await paymentOf(placed.id), 'paid', { issuer: IDEAL_ING });
    // Used: valid once in total, exactly as before.
    const other = await settledMember();
    const refused = await order(other.cookie, { code: 'HALF50', amount: 1497 });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.code).toBe('code_used');
  });

  it('direct debit prices the same way: the time-bonus price, the order charged on the mandate, the code unused', async () => {
    await addCode('DEBIT10', 10, 'once_per_user');
    const m = await newMember();
    const form = {
      package_id: 2,
      amount: TIME_BONUS_PRICE,
      currency: 'EUR',
      consent: true,
      code: 'DEBIT10',
      holder: 'J. Jansen',
      iban: 'NL91ABNA0417164300',
      street: 'Teststraat',
      house_number: '1',
      zip: '1234 AB',
      city: 'Amsterdam',
      phone: '+31612345678',
    };
    // The mandate text first (issue 44 item 10), at the same price.
    const mandate = await json(await api(BRAND, 'POST', '/api/directdebit-mandate.php', { cookie: m.cookie, body: form }));
    expect(mandate.amount).toBe(TIME_BONUS_PRICE);
    const res = await api(BRAND, 'POST', '/api/directdebit.php', { cookie: m.cookie, body: { ...form, mandate_token: mandate.token } });
    expect(res.status).toBe(201);
    const sms = await env.DB.prepare("SELECT text_body FROM outbox WHERE member_id = ? AND channel = 'sms' ORDER BY id DESC LIMIT 1")
      .bind(m.memberId)
      .first<{ text_body: string }>();
    const otp = /\b(\d{6})\b/.exec(sms!.text_body)![1];
    const confirmed = await api(BRAND, 'PUT', '/api/directdebit.php', {
      cookie: m.cookie,
      body: { request_id: (await json(res)).request_id, otp },
    });
    expect(confirmed.status).toBe(201);
    expect((await json(confirmed)).order).toMatchObject({
      amount: TIME_BONUS_PRICE,
      discount_code: 'TIMEBONUS25',
      discount_percentage: 25,
    });
    expect(await holders('DEBIT10')).toEqual([]);
  });
});
