import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, json, orderBody, settledMember } from './payment-helpers';

// Issue 45 item 9: a member's own limits and pause, enforced in the statement that inserts the order.

const BRAND = 'flirtlokaal';
const HOUR = 3_600_000;
const at = (ms: number) => ({ 'X-Debug-Now': new Date(ms).toISOString() });

const limits = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  api(BRAND, 'PUT', '/api/spending-limits.php', { cookie, body, headers });
const pause = (cookie: string, value: string | null, headers: Record<string, string> = {}) =>
  api(BRAND, 'PUT', '/api/spending-pause.php', { cookie, body: { pause: value }, headers });
const order = (cookie: string, headers: Record<string, string> = {}) =>
  api(BRAND, 'POST', '/api/order.php', { cookie, body: orderBody(), headers });
const ordersOf = async (memberId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE tenant_id = ? AND member_id = ?')
    .bind(BRAND, memberId)
    .first<{ n: number }>())!.n;

describe('own spending limits', () => {
  it('20 orders at once cannot pass a day limit: exactly what fits is placed, the rest refused in Dutch', async () => {
    const m = await settledMember();
    const set = await limits(m.cookie, { day: 10_000 });
    expect(set.status).toBe(200);
    expect((await json(set)).day).toEqual({ amount: 10_000, pending: null });
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(m.cookie)));
    // 3 x 29.95 = 89.85 fits in 100.00; a 4th would be 119.80.
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(17);
    expect((await json(refused[0])).error).toEqual({
      code: 'spending_limit',
      message: 'Deze aankoop gaat over je eigen bestedingslimiet. Je limieten staan in je instellingen.',
    });
    expect(await ordersOf(m.memberId)).toBe(3);
  });

  it('counts week and month limits over their windows, and orders in another currency at their equivalent', async () => {
    const m = await settledMember();
    await limits(m.cookie, { week: 5_000 });
    expect((await order(m.cookie)).status).toBe(201);
    // Two days later the day window is empty, the week's still holds 29.95.
    const later = Date.now() + 48 * HOUR;
    const refused = await order(m.cookie, at(later));
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.code).toBe('spending_limit');
    // Eight days later the week is free again.
    expect((await order(m.cookie, at(Date.now() + 8 * 24 * HOUR))).status).toBe(201);
  });

  it('lowers at once, raises only after 24 hours (shown as pending), and a lowering cancels a waiting raise', async () => {
    const m = await settledMember();
    const start = Date.now();
    await limits(m.cookie, { day: 3_000 }, at(start));
    const raised = await json(await limits(m.cookie, { day: 20_000 }, at(start)));
    expect(raised.day.amount).toBe(3_000);
    expect(raised.day.pending).toEqual({ amount: 20_000, from: new Date(start + 24 * HOUR).toISOString() });
    expect((await order(m.cookie, at(start))).status).toBe(201);
    expect((await order(m.cookie, at(start + HOUR))).status).toBe(409);
    // The next day the raise applies (and the first order's 24 hours are over too): two orders fit in 200.00.
    const nextDay = start + 25 * HOUR;
    const shown = await json(await api(BRAND, 'GET', '/api/spending-limits.php', { cookie: m.cookie, headers: at(nextDay) }));
    expect(shown.day).toEqual({ amount: 20_000, pending: null });
    expect((await order(m.cookie, at(nextDay))).status).toBe(201);
    // Removing the limit waits as well; lowering it meanwhile applies at once and drops the removal.
    const removed = await json(await limits(m.cookie, { day: null }, at(nextDay)));
    expect(removed.day).toEqual({ amount: 20_000, pending: { amount: null, from: new Date(nextDay + 24 * HOUR).toISOString() } });
    const lowered = await json(await limits(m.cookie, { day: 1_000 }, at(nextDay)));
    expect(lowered.day).toEqual({ amount: 1_000, pending: null });
    expect((await order(m.cookie, at(nextDay + HOUR))).status).toBe(409);
  });

  it('a pause stops every order at once; lifting it takes 24 hours', async () => {
    const m = await settledMember('reifekontakte');
    const start = Date.now();
    const paused = await json(
      await api('reifekontakte', 'PUT', '/api/spending-pause.php', {
        cookie: m.cookie,
        body: { pause: '7d' },
        country: 'DE',
        headers: at(start),
      }),
    );
    expect(paused.pause).toEqual({ until: new Date(start + 7 * 24 * HOUR).toISOString(), pending: null });
    const refused = await api('reifekontakte', 'POST', '/api/order.php', {
      cookie: m.cookie,
      country: 'DE',
      body: orderBody({ method: 'creditcard', issuer: undefined }),
      headers: at(start + HOUR),
    });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toEqual({
      code: 'spending_paused',
      message: 'Du hast deine Käufe selbst pausiert. In deinen Einstellungen siehst du, bis wann.',
    });
    const lifted = await json(
      await api('reifekontakte', 'PUT', '/api/spending-pause.php', {
        cookie: m.cookie,
        body: { pause: null },
        country: 'DE',
        headers: at(start + HOUR),
      }),
    );
    expect(lifted.pause.until).toBe(new Date(start + 7 * 24 * HOUR).toISOString());
    expect(lifted.pause.pending).toEqual({ until: null, from: new Date(start + 25 * HOUR).toISOString() });
    const stillPaused = await api('reifekontakte', 'POST', '/api/order.php', {
      cookie: m.cookie,
      country: 'DE',
      body: orderBody({ method: 'creditcard', issuer: undefined }),
      headers: at(start + 24 * HOUR),
    });
    expect(stillPaused.status).toBe(409);
    const free = await api('reifekontakte', 'POST', '/api/order.php', {
      cookie: m.cookie,
      country: 'DE',
      body: orderBody({ method: 'creditcard', issuer: undefined }),
      headers: at(start + 26 * HOUR),
    });
    expect(free.status).toBe(201);
  });

  it("only the session's member: a body naming another member is refused and changes nothing; no session, no change", async () => {
    const victim = await settledMember();
    const other = await settledMember();
    const forged = await limits(other.cookie, { member_id: victim.memberId, day: 100 });
    expect(forged.status).toBe(400);
    expect((await json(forged)).error.code).toBe('validation_failed');
    const forgedPause = await api(BRAND, 'PUT', '/api/spending-pause.php', {
      cookie: other.cookie,
      body: { pause: '30d', member_id: victim.memberId },
    });
    expect(forgedPause.status).toBe(400);
    expect((await limits('', { day: 100 })).status).toBe(403);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM spending_limits WHERE tenant_id = ? AND member_id IN (?, ?)')
      .bind(BRAND, victim.memberId, other.memberId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await order(victim.cookie)).status).toBe(201);
  });

  it('refuses amounts outside 1 to 100 000 and a pause that is not offered', async () => {
    const m = await settledMember();
    const low = await limits(m.cookie, { day: 50 });
    expect(low.status).toBe(400);
    expect((await json(low)).error.fields.day).toBe('Kies een bedrag tussen 1 en 100.000.');
    expect((await pause(m.cookie, '2h')).status).toBe(400);
  });
});
