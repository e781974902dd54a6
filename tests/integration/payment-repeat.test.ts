import { describe, expect, it } from 'vitest';
import { api, checkout, json, memberState, newMember, placeOrder } from './payment-helpers';

// A card kept for a one-click repeat order, on the sandbox checkout's test brand (tests/fixtures/tenants/sandboxshop.ts):
// Verotel's FlexPay keeps no card on file here (no oneClickToken), and CCBill's one-click charge has its own test
// (payments-ccbill.test.ts).
const BRAND = 'sandboxshop';

const repeat = (cookie: string, body: Record<string, unknown> = {}) =>
  api(BRAND, 'POST', '/api/repeat-order.php', {
    cookie,
    body: { package_id: 1, amount: 1495, currency: 'EUR', consent: true, ...body },
  });

describe('repeat order on a stored mandate', () => {
  it('needs a mandate from an earlier payment', async () => {
    const m = await newMember(BRAND);
    const res = await repeat(m.cookie);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('no_mandate');
  });

  it('charges the card of the first purchase without a checkout', async () => {
    const m = await newMember(BRAND);
    const first = await placeOrder(BRAND, m.cookie, { method: 'creditcard', issuer: undefined });
    expect(first.order).toMatchObject({ status: 'pending' });
    await checkout(BRAND, first.paymentId, 'paid');
    const packages = await json(await api(BRAND, 'GET', '/api/packages.php', { cookie: m.cookie }));
    expect(packages.mandate).toEqual({ method: 'creditcard', label: 'Visa •••• 4242' });
    expect(packages.last_package_id).toBe(2);

    const res = await repeat(m.cookie);
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ status: 'paid', recurring: 'recurring', method: 'creditcard', credits: 50 });
    expect(await memberState(BRAND, m.memberId)).toEqual({ credits: 170, paid: true, ledger: 170 });
    // Tampered amounts are refused here too.
    expect((await repeat(m.cookie, { amount: 1 })).status).toBe(409);
    expect(await memberState(BRAND, m.memberId)).toEqual({ credits: 170, paid: true, ledger: 170 });
  });

  it('a declined card fails the order and leaves the balance alone', async () => {
    const m = await newMember(BRAND);
    const first = await placeOrder(BRAND, m.cookie, { method: 'creditcard', issuer: undefined });
    await checkout(BRAND, first.paymentId, 'paid', { decline: '1' });
    const res = await repeat(m.cookie);
    expect(res.status).toBe(201);
    expect((await json(res)).order).toMatchObject({ status: 'failed', recurring: 'recurring' });
    expect(await memberState(BRAND, m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
  });
});
