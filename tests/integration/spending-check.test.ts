import { describe, expect, it } from 'vitest';
import { dbOf } from './helpers';
import { api, checkout, IDEAL_ING, json, placeOrder, settledMember } from './payment-helpers';

// Issue 45 item 10: spending that looks like harm gets a pause screen before the checkout, decided on the server
// from the market rule's thresholds (more than 3 purchases or EUR 100 in 24 hours, or 00:00-05:00 local time).

const BRAND = 'flirtlokaal';
const HOUR = 3_600_000;
// 14:00 in Amsterdam: no night rule.
const AFTERNOON = Date.parse('2026-11-29T13:00:00Z');
const at = (ms: number) => ({ 'X-Debug-Now': new Date(ms).toISOString() });

async function paidOrder(brand: string, cookie: string, when: number, country = 'NL', overrides: Record<string, unknown> = {}) {
  const placed = await placeOrder(brand, cookie, overrides, { country, headers: at(when) });
  await checkout(brand, placed.paymentId, 'paid', country === 'NL' ? { issuer: IDEAL_ING } : {});
  return placed.order.id as number;
}

const check = (cookie: string, when: number, brand = BRAND, country = 'NL') =>
  api(brand, 'GET', '/api/spending-check.php', { cookie, country, headers: at(when) }).then((r) => json(r));

describe('the pause screen before the checkout', () => {
  it('does not show for an ordinary purchase in the afternoon', async () => {
    const m = await settledMember();
    await paidOrder(BRAND, m.cookie, AFTERNOON - 2 * HOUR);
    expect(await check(m.cookie, AFTERNOON)).toEqual({
      pause_screen: false,
      reasons: [],
      currency: 'EUR',
      spent_24h: { amount: 2995, purchases: 1 },
      spent_30d: { amount: 2995, purchases: 1 },
    });
  });

  it('shows before a 4th purchase in 24 hours, with what was spent in 24 hours and 30 days', async () => {
    const m = await settledMember();
    const old = await paidOrder(BRAND, m.cookie, AFTERNOON - 10 * 24 * HOUR);
    for (const hours of [5, 3, 1]) await paidOrder(BRAND, m.cookie, AFTERNOON - hours * HOUR);
    expect(old).toBeGreaterThan(0);
    const answer = await check(m.cookie, AFTERNOON);
    expect(answer.pause_screen).toBe(true);
    expect(answer.reasons).toEqual(['purchases']);
    expect(answer.spent_24h).toEqual({ amount: 3 * 2995, purchases: 3 });
    expect(answer.spent_30d).toEqual({ amount: 4 * 2995, purchases: 4 });
    // A day later the 24 hours are quiet again.
    expect((await check(m.cookie, AFTERNOON + 24 * HOUR)).pause_screen).toBe(false);
  });

  it('shows above EUR 100 in 24 hours, and counts pounds at their euro equivalent', async () => {
    const m = await settledMember();
    const id = await paidOrder(BRAND, m.cookie, AFTERNOON - HOUR);
    await dbOf(BRAND).prepare('UPDATE orders SET amount = 10001 WHERE id = ?').bind(id).run();
    expect((await check(m.cookie, AFTERNOON)).reasons).toEqual(['amount']);
    // GBP 90.00 is about EUR 105: over the threshold; shown in pounds.
    const gb = await settledMember('velvetnights');
    // A paid CCBill order of Velvet Nights, written as the webhook would leave it.
    const when = new Date(AFTERNOON - HOUR).toISOString();
    await dbOf('velvetnights')
      .prepare(
        `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status, consent_at, language, created_at, updated_at, paid_at)
         VALUES ('velvetnights', ?1, 24, 600, 'GBP', 9999, 9000, 'GB', 'creditcard', 'ccbill', 'paid', ?2, 'en', ?2, ?2, ?2)`,
      )
      .bind(gb.memberId, when)
      .run();
    const answer = await check(gb.cookie, AFTERNOON, 'velvetnights', 'GB');
    expect(answer.reasons).toEqual(['amount']);
    expect(answer.currency).toBe('GBP');
    expect(answer.spent_24h).toEqual({ amount: 9000, purchases: 1 });
  });

  it("shows between 00:00 and 05:00 in the market's local time", async () => {
    const m = await settledMember();
    // 23:30 UTC is 00:30 in Amsterdam.
    expect((await check(m.cookie, Date.parse('2026-11-29T23:30:00Z'))).reasons).toEqual(['night']);
    expect((await check(m.cookie, Date.parse('2026-11-30T04:00:00Z'))).pause_screen).toBe(false);
  });

  it('the checkout page shows the pause screen first when the server says so, the order form otherwise', async () => {
    const m = await settledMember();
    const page = async (when: number) => (await api(BRAND, 'GET', '/credits/2/ideal', { cookie: m.cookie, headers: at(when) })).text();
    const calm = await page(AFTERNOON);
    expect(calm).not.toContain('data-testid="pause-screen"');
    expect(calm).toContain('data-testid="checkout"');
    const night = await page(Date.parse('2026-11-29T23:30:00Z'));
    expect(night).toContain('data-testid="pause-screen"');
    expect(night).toContain('Het is midden in de nacht.');
    expect(night).toContain('sommige profielen op deze site zijn fictief en worden door medewerkers beheerd');
    expect(night).toContain('href="/notifications#spending"');
    expect(night).toContain('Toch verder naar betalen');
    expect(night).not.toContain('data-testid="checkout"');
    // The other ways to buy ask first too: the one-click repeat order and direct debit.
    for (const path of ['/credits/repeat-order', '/directdebit?package=2']) {
      const html = await (await api(BRAND, 'GET', path, { cookie: m.cookie, headers: at(Date.parse('2026-11-29T23:30:00Z')) })).text();
      expect(html, path).toContain('data-testid="pause-screen"');
    }
  });

  it('is the member’s own: no session, no answer', async () => {
    expect((await api(BRAND, 'GET', '/api/spending-check.php')).status).toBe(403);
  });
});
