import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { COOLING_MINUTES, DECLINE_BURST, PURCHASE_LIMITS } from '../../core/rules/purchase-velocity';
import { createMember } from './helpers';
import { api, checkout, json, orderBody, placeOrder, settledMember } from './payment-helpers';

// Issue 44 item 8, against card testing: purchase attempts per member, address and card, and a pause after a burst
// of declines, decided in the order's own INSERT (worker/payments/velocity.ts).
const BRAND = 'flirtlokaal';
const SHOP = 'sandboxshop';
const order = (cookie: string, options: { ip?: string; now?: Date } = {}) =>
  api(BRAND, 'POST', '/api/order.php', {
    cookie,
    body: orderBody(),
    headers: {
      ...(options.ip ? { 'CF-Connecting-IP': options.ip } : {}),
      ...(options.now ? { 'X-Debug-Now': options.now.toISOString() } : {}),
    },
  });
const ordersOf = async (memberId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE tenant_id = ? AND member_id = ?')
    .bind(BRAND, memberId)
    .first<{ n: number }>())!.n;

describe('purchase attempts under fire', () => {
  it('50 attempts at once by one member place exactly the 10-minute limit; the rest are refused with why', async () => {
    const m = await settledMember();
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(m.cookie)));
    const limit = PURCHASE_LIMITS.member[0].limit;
    expect(answers.filter((r) => r.status === 201)).toHaveLength(limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(50 - limit);
    expect(await ordersOf(m.memberId)).toBe(limit);
    const codes = await Promise.all(answers.filter((r) => r.status === 429).map(async (r) => (await json(r)).error));
    const limited = codes.find((e) => e.code === 'purchase_limited');
    expect(limited.message).toMatch(/^Te veel aankooppogingen kort na elkaar\. .* over 10 min opnieuw bestellen\.$/);
    // Later (past the request limit of an hour as well: 20 calls), the member may buy again.
    expect((await order(m.cookie, { now: new Date(Date.now() + 61 * 60_000) })).status).toBe(201);
  });

  it('50 members behind one address at once place exactly the address limit; another address is not held up', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => settledMember()));
    const answers = await Promise.all(members.map((m) => order(m.cookie, { ip: '203.0.113.7' })));
    const limit = PURCHASE_LIMITS.ip[0].limit;
    expect(answers.filter((r) => r.status === 201)).toHaveLength(limit);
    const refused = await Promise.all(answers.filter((r) => r.status !== 201).map(async (r) => [r.status, (await json(r)).error.code]));
    expect(refused).toEqual(Array.from({ length: 50 - limit }, () => [429, 'purchase_limited']));
    const placed = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE tenant_id = ? AND ip = '203.0.113.7'")
      .bind(BRAND)
      .first<{ n: number }>();
    expect(placed!.n).toBe(limit);
    expect((await order((await settledMember()).cookie, { ip: '198.51.100.9' })).status).toBe(201);
  });

  it('one card: the stored card of a repeat purchase counts the attempts on it of every member', async () => {
    // A card kept for one-click repeats: the sandbox checkout's test brand (Verotel keeps none for the demo brands).
    const m = await settledMember(SHOP);
    const first = await placeOrder(SHOP, m.cookie, { method: 'creditcard', issuer: undefined });
    await checkout(SHOP, first.paymentId, 'paid');
    const mandate = await env.DB.prepare('SELECT provider, mandate_id FROM payment_mandates WHERE tenant_id = ? AND member_id = ?')
      .bind(SHOP, m.memberId)
      .first<{ provider: string; mandate_id: string }>();
    const card = `${mandate!.provider}:${mandate!.mandate_id}`;
    // Other members' attempts on the same card (as a provider's fingerprint would tell), one short of the limit.
    const other = await settledMember(SHOP);
    for (let i = 0; i < PURCHASE_LIMITS.card[0].limit - 1; i++)
      await env.DB.prepare(
        `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, recurring, provider, status,
                             consent_at, language, created_at, updated_at, card_fingerprint)
         SELECT tenant_id, ?, package_id, credits, currency, list_price, amount, country, method, recurring, provider, 'failed', consent_at, language,
                created_at, updated_at, ? FROM orders WHERE id = ?`,
      )
        .bind(other.memberId, card, first.order.id)
        .run();
    const repeat = () =>
      api(SHOP, 'POST', '/api/repeat-order.php', {
        cookie: m.cookie,
        body: { package_id: 2, amount: 2995, currency: 'EUR', consent: true },
      });
    expect((await repeat()).status).toBe(201);
    const refused = await repeat();
    expect(refused.status).toBe(429);
    expect((await json(refused)).error.code).toBe('purchase_limited');
  });
});

describe('a burst of declines', () => {
  it(`${DECLINE_BURST.declines} declines in a row pause the member's purchases ${COOLING_MINUTES} minutes, said in their language`, async () => {
    const m = await createMember(BRAND, { language: 'de' });
    await env.DB.prepare('UPDATE members SET signup_date = ? WHERE id = ?')
      .bind(new Date(Date.now() - 30 * 86_400_000).toISOString(), m.memberId)
      .run();
    for (let i = 0; i < DECLINE_BURST.declines; i++) {
      const placed = await placeOrder(BRAND, m.cookie);
      await checkout(BRAND, placed.paymentId, 'failed');
    }
    const paused = await order(m.cookie);
    expect(paused.status).toBe(429);
    const error = (await json(paused)).error;
    expect(error.code).toBe('purchase_paused');
    expect(error.message).toContain('pausieren wir neue Käufe für 30 Min.');
    // Nothing was placed for the refused attempt, and another member is not affected.
    expect(await ordersOf(m.memberId)).toBe(DECLINE_BURST.declines);
    expect((await order((await settledMember()).cookie)).status).toBe(201);
    // After the cooling period the member may try again.
    expect((await order(m.cookie, { now: new Date(Date.now() + (COOLING_MINUTES + 1) * 60_000) })).status).toBe(201);
  });

  it('declines spread out, or orders the member left unpaid, pause nothing', async () => {
    const m = await settledMember();
    for (let i = 0; i < DECLINE_BURST.declines; i++) {
      const placed = await placeOrder(BRAND, m.cookie);
      await checkout(BRAND, placed.paymentId, 'canceled');
    }
    expect((await order(m.cookie)).status).toBe(201);
  });
});
