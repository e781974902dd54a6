import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { orderPrice } from '../../core/rules/discount';
import { TENANTS } from '../../worker/tenants';
import { api, checkout, IDEAL_ING, json, memberState, newMember, placeOrder } from './payment-helpers';

// Issue 17, item 4: the delete-account dialog's discount is a real personal code, used at checkout once.
const offer = (cookie: string) => api('flirtlokaal', 'POST', '/api/stay-offer.php', { cookie });

describe('the stay offer of the delete-account dialog', () => {
  it("is a personal once-per-member code worth the brand's delete_discount, usable at checkout once", async () => {
    const percent = TENANTS.find((t) => t.id === 'flirtlokaal')!.company.delete_discount;
    expect(percent).toBe(50);
    const m = await newMember();
    const res = await offer(m.cookie);
    expect(res.status).toBe(200);
    const code = await json(res);
    expect(code).toMatchObject({
      value_percentage: percent,
      user_id: m.memberId,
      validity: 'once_per_user',
      status: 'active',
      expired: false,
    });
    expect(code.code).toMatch(/^BLIJF-[0-9A-F]{8}$/);
    // Asked again (a second tab): the same code.
    expect((await json(await offer(m.cookie))).code).toBe(code.code);
    const row = await env.DB.prepare('SELECT user_id, validity, kind FROM discount_codes WHERE code = ?').bind(code.code).first();
    expect(row).toEqual({ user_id: m.memberId, validity: 'once_per_user', kind: 'stay' });

    // Nobody else can find or use it.
    const other = await newMember();
    expect((await api('flirtlokaal', 'GET', `/api/discountcode.php?code=${code.code}`, { cookie: other.cookie })).status).toBe(404);

    // Applied at checkout: half the price of the 120-credit package.
    const amount = orderPrice(code, { country: 'NL', currency: 'EUR', listPrice: 2995, method: 'ideal' });
    expect(amount).toBeLessThan(2995);
    const placed = await placeOrder('flirtlokaal', m.cookie, { code: code.code, amount });
    expect(placed.order.amount).toBe(amount);
    await checkout('flirtlokaal', placed.paymentId, 'paid', { issuer: IDEAL_ING });
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 120, paid: true });

    // Once: a second order with it is refused, and the dialog gets no offer any more.
    const again = await api('flirtlokaal', 'POST', '/api/order.php', {
      cookie: m.cookie,
      body: { package_id: 2, amount, currency: 'EUR', method: 'ideal', issuer: IDEAL_ING, consent: true, code: code.code },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe('Code reeds gebruikt');
    expect((await offer(m.cookie)).status).toBe(409);
  });

  it('needs a member', async () => {
    expect((await api('flirtlokaal', 'POST', '/api/stay-offer.php')).status).toBe(403);
  });
});
