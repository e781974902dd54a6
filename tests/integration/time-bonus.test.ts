import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, checkout, IDEAL_ING, json, memberState, newMember, orderBody } from './payment-helpers';

// The server enforces the time bonus with its own clock (X-Debug-Now moves it in tests): TIMEBONUS25 is 25% off
// for an unpaid member until signup_date + 14 400 s, once.

const signupOf = async (id: number) =>
  (await env.DB.prepare('SELECT signup_date FROM members WHERE id = ?').bind(id).first<{ signup_date: string }>())!.signup_date;
const at = (signup: string, seconds: number) => ({ 'X-Debug-Now': new Date(Date.parse(signup) + seconds * 1000).toISOString() });

describe('time bonus TIMEBONUS25', () => {
  it('answers the bonus as a discount code, expiring at signup + 4 hours', async () => {
    const m = await newMember();
    const signup = await signupOf(m.memberId);
    const res = await api('flirtlokaal', 'GET', '/api/discountcode.php?timebonus=true', { cookie: m.cookie, headers: at(signup, 60) });
    const code = await json(res);
    expect(code).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, validity: 'once_per_user', status: 'active', expired: false });
    expect(code.expires).toBe(new Date(Date.parse(signup) + 14_400_000).toISOString());
    const later = await json(
      await api('flirtlokaal', 'GET', '/api/discountcode.php?code=TIMEBONUS25', { cookie: m.cookie, headers: at(signup, 14_400) }),
    );
    expect(later.expired).toBe(true);
  });

  it('gives 25% within the window and refuses the same request replayed after it', async () => {
    const m = await newMember();
    const signup = await signupOf(m.memberId);
    const body = orderBody({ code: 'TIMEBONUS25', amount: 2246 });
    const late = await api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, body, headers: at(signup, 14_401) });
    expect(late.status).toBe(410);
    expect((await json(late)).error.message).toBe('Deze korting is verlopen.');
    const inTime = await api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, body, headers: at(signup, 14_399) });
    expect(inTime.status).toBe(201);
    const { order } = await json(inTime);
    expect(order).toMatchObject({ amount: 2246, discount_code: 'TIMEBONUS25', discount_percentage: 25 });
    const payment = await env.DB.prepare('SELECT provider_payment_id AS id FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ id: string }>();
    await checkout('flirtlokaal', payment!.id, 'paid', { issuer: IDEAL_ING });
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
    // Paid members have no time bonus any more.
    const again = await api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, body, headers: at(signup, 100) });
    expect(again.status).toBe(404);
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
  });

  it('belongs to each member: one open order holds it, a new order takes it over, another member has their own', async () => {
    const m = await newMember();
    const signup = await signupOf(m.memberId);
    const body = orderBody({ code: 'TIMEBONUS25', amount: 2246 });
    const first = await api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, body, headers: at(signup, 10) });
    expect(first.status).toBe(201);
    // Back from a checkout they left, the member orders again: the bonus moves to the new order, the left one ends.
    const second = await api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, body, headers: at(signup, 20) });
    expect(second.status).toBe(201);
    const statusOf = async (res: Response) =>
      (await env.DB.prepare('SELECT status, provider_payment_id AS payment FROM orders WHERE id = ?')
        .bind((await json(res)).order.id)
        .first<{ status: string; payment: string }>())!;
    expect((await statusOf(first)).status).toBe('cancelled');
    await checkout('flirtlokaal', (await statusOf(second)).payment, 'canceled');
    expect((await api('flirtlokaal', 'POST', '/api/order.php', { cookie: m.cookie, body, headers: at(signup, 30) })).status).toBe(201);
    const uses = await env.DB.prepare("SELECT COUNT(*) AS n FROM discount_redemptions WHERE member_id = ? AND code = 'TIMEBONUS25'")
      .bind(m.memberId)
      .first<{ n: number }>();
    expect(uses!.n).toBe(1);
    const other = await newMember();
    expect(
      (await api('flirtlokaal', 'POST', '/api/order.php', { cookie: other.cookie, body, headers: at(await signupOf(other.memberId), 10) }))
        .status,
    ).toBe(201);
  });
});
