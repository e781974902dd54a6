import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CARD_METHODS, PROVIDER_REPORTS } from '../../core/rules/scheme-health';
import { PAYMENT_METHODS, PROVIDER_NAMES } from '../../core/schemas/payments';
import type { SchemeHealth, SchemeHealthRow } from '../../core/schemas/scheme-health';
import worker from '../../worker/index';
import { alertSchemeHealth } from '../../worker/staff/dashboard/scheme-alert';
import { SCHEME_SQL } from '../../worker/staff/dashboard/scheme-health';
import { createStaff, staffApi } from './staff-helpers';
import { dbOf } from './helpers';

// Scheme health (issue 44, item 7): per brand, provider and month the card figures and the Visa VAMP and
// Mastercard ECP ratios, from seeded orders at a fixed "now" (X-Debug-Now), and the mail to the brand's owners and
// admins once a month reaches 1.2 %.

const NOW = '2026-06-15T12:00:00.000Z';
const A = 'flirtlokaal';
const B = 'reifekontakte';
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];

let nextId = 4_000_000;

async function member(brand: string): Promise<number> {
  const id = nextId++;
  await dbOf(brand)
    .prepare(
      "INSERT INTO members (id, tenant_id, email, status, signup_date, created_at) VALUES (?, ?, ?, 'confirmed', '2026-01-01', '2026-01-01T00:00:00.000Z')",
    )
    .bind(id, brand, `scheme${id}@test.example`)
    .run();
  return id;
}

interface Seed {
  provider: string;
  paid: string | null;
  method?: string;
  status?: string;
  refunded?: string;
  chargedBack?: string;
  amount?: number;
}

/** `n` orders of one kind for one member, in one statement. */
async function orders(brand: string, memberId: number, n: number, s: Seed) {
  const status = s.status ?? (s.chargedBack ? 'charged_back' : s.refunded ? 'refunded' : s.paid ? 'paid' : 'failed');
  await dbOf(brand)
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?1)
       INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status,
                           consent_at, language, created_at, updated_at, paid_at, refunded_at, charged_back_at)
       SELECT ?2, ?3, 1, 50, 'EUR', ?4, ?4, 'NL', ?5, ?6, ?7, ?8, 'nl', ?8, ?8, ?9, ?10, ?11 FROM seq`,
    )
    .bind(
      n,
      brand,
      memberId,
      s.amount ?? 1000,
      s.method ?? 'creditcard',
      s.provider,
      status,
      s.paid ?? NOW,
      s.paid,
      s.chargedBack ?? s.refunded ?? null,
      s.chargedBack ?? null,
    )
    .run();
}

/** A refund, then a chargeback on the same order: the refund's date stays, the chargeback has its own. */
async function refundedThenChargedBack(
  brand: string,
  memberId: number,
  s: { provider: string; paid: string; refunded: string; chargedBack: string },
) {
  await dbOf(brand)
    .prepare(
      `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status,
                           consent_at, language, created_at, updated_at, paid_at, refunded_at, charged_back_at)
       VALUES (?1, ?2, 1, 50, 'EUR', 1000, 1000, 'NL', 'creditcard', ?3, 'charged_back', ?4, 'nl', ?4, ?6, ?4, ?5, ?6)`,
    )
    .bind(brand, memberId, s.provider, s.paid, s.refunded, s.chargedBack)
    .run();
}

let seeded: Promise<void> | null = null;
/**
 * Brand A, Verotel: 400 card sales in May (4 of them charged back in June, one of those refunded in May first),
 * 200 in June (2 refunded in June); direct debits and a declined card order that count nowhere.
 * CCBill: 1000 card sales in May, 1000 in June of which 9 charged back in June (0.9 % exactly). The sandbox
 * checkout: 10 card sales in June (it sends no chargebacks). Brand B, Verotel: 10 sales in June, 5 charged back.
 */
function seed(): Promise<void> {
  seeded ??= (async () => {
    const a = await member(A);
    await orders(A, a, 396, { provider: 'verotel', paid: '2026-05-10T10:00:00.000Z' });
    await orders(A, a, 3, { provider: 'verotel', paid: '2026-05-11T10:00:00.000Z', chargedBack: '2026-06-03T09:00:00.000Z' });
    await refundedThenChargedBack(A, a, {
      provider: 'verotel',
      paid: '2026-05-12T10:00:00.000Z',
      refunded: '2026-05-20T10:00:00.000Z',
      chargedBack: '2026-06-02T10:00:00.000Z',
    });
    await orders(A, a, 198, { provider: 'verotel', paid: '2026-06-05T10:00:00.000Z' });
    await orders(A, a, 2, { provider: 'verotel', paid: '2026-06-06T10:00:00.000Z', refunded: '2026-06-07T10:00:00.000Z' });
    // Not card payments, or not paid: outside both programmes.
    await orders(A, a, 50, { provider: 'verotel', method: 'directdebit', paid: '2026-06-05T10:00:00.000Z' });
    await orders(A, a, 1, {
      provider: 'verotel',
      method: 'directdebit',
      paid: '2026-06-05T10:00:00.000Z',
      chargedBack: '2026-06-10T10:00:00.000Z',
    });
    await orders(A, a, 5, { provider: 'verotel', paid: null });
    await orders(A, a, 1000, { provider: 'ccbill', paid: '2026-05-15T10:00:00.000Z', amount: 2000 });
    await orders(A, a, 991, { provider: 'ccbill', paid: '2026-06-01T10:00:00.000Z', amount: 2000 });
    await orders(A, a, 9, { provider: 'ccbill', paid: '2026-06-01T11:00:00.000Z', chargedBack: '2026-06-12T10:00:00.000Z', amount: 2000 });
    await orders(A, a, 10, { provider: 'sandbox', paid: '2026-06-02T10:00:00.000Z' });
    const b = await member(B);
    await orders(B, b, 5, { provider: 'verotel', paid: '2026-06-02T10:00:00.000Z' });
    await orders(B, b, 5, { provider: 'verotel', paid: '2026-06-02T10:00:00.000Z', chargedBack: '2026-06-09T10:00:00.000Z' });
  })();
  return seeded;
}

async function health(cookie: string, brand?: string, now = NOW): Promise<{ status: number; body: SchemeHealth }> {
  const res = await staffApi(A, 'GET', `scheme-health.php${brand ? `?brand=${brand}` : ''}`, { cookie, headers: { 'X-Debug-Now': now } });
  return { status: res.status, body: (await res.json()) as SchemeHealth };
}

const row = (d: SchemeHealth, brand: string, provider: string, month: string): SchemeHealthRow => {
  const found = d.rows.find((r) => r.brand === brand && r.provider === provider && r.month === month);
  if (!found) throw new Error(`no row ${brand} ${provider} ${month}`);
  return found;
};

describe('scheme health on the figures dashboard', () => {
  it("names the payments schema's methods and says for every provider what it reports", () => {
    // core/rules may not import core/schemas (folder cycle), so the names are checked here.
    expect(CARD_METHODS.every((m) => (PAYMENT_METHODS as readonly string[]).includes(m))).toBe(true);
    expect(PROVIDER_NAMES.filter((p) => PROVIDER_REPORTS[p] === undefined)).toEqual([]);
  });

  it("counts VAMP over the month's own card sales and ECP over the previous month's, per provider", async () => {
    await seed();
    const { cookie } = await createStaff([{ brand: A, role: 'admin' }]);
    const { status, body } = await health(cookie, A);
    expect(status).toBe(200);
    expect(body.brand).toBe(A);
    expect(body.months).toEqual(MONTHS);
    // Every provider with card payments in the months shown, every month.
    expect(new Set(body.rows.map((r) => r.provider))).toEqual(new Set(['ccbill', 'sandbox', 'verotel']));
    expect(body.rows).toHaveLength(18);

    const june = row(body, A, 'verotel', '2026-06');
    expect(june).toMatchObject({
      settled: 200,
      settled_amount: { EUR: 200_000 },
      disputes: 4,
      fraud_reports: null,
      refunds: 2,
      vamp_partial: true,
      ecp_previous_settled: 400,
    });
    // VAMP: 4 disputes / 200 June sales = 2 %; ECP: 4 chargebacks / 400 May sales = 1 % (not 2 %).
    expect(june.vamp_ratio).toBeCloseTo(0.02, 10);
    expect(june.ecp_ratio).toBeCloseTo(0.01, 10);
    expect([june.vamp_level, june.ecp_level]).toEqual(['alert', 'warning']);

    // May: the sales of the orders charged back in June count in May; the refund before the chargeback counts in May.
    const may = row(body, A, 'verotel', '2026-05');
    expect(may).toMatchObject({ settled: 400, disputes: 0, refunds: 1, vamp_ratio: 0, vamp_level: 'ok', ecp_ratio: null });

    // 9 in 1000 is exactly the 0.9 % warning, by both definitions.
    const ccbill = row(body, A, 'ccbill', '2026-06');
    expect(ccbill).toMatchObject({
      settled: 1000,
      settled_amount: { EUR: 2_000_000 },
      disputes: 9,
      refunds: 0,
      ecp_previous_settled: 1000,
    });
    expect(ccbill.vamp_ratio).toBeCloseTo(0.009, 10);
    expect([ccbill.vamp_level, ccbill.ecp_level]).toEqual(['warning', 'warning']);

    // The sandbox checkout hears of no chargebacks: unknown, never a measured 0.
    const sandbox = row(body, A, 'sandbox', '2026-06');
    expect(sandbox).toMatchObject({
      settled: 10,
      disputes: null,
      fraud_reports: null,
      vamp_ratio: null,
      ecp_ratio: null,
      vamp_level: 'ok',
    });

    // A month without anything is shown as such; nothing was mailed yet.
    expect(row(body, A, 'verotel', '2026-01')).toMatchObject({ settled: 0, disputes: 0, vamp_ratio: null, ecp_ratio: null });
    expect(body.rows.every((r) => r.alerted_at === null)).toBe(true);
  });

  it("shows a brand only its own figures, and every brand's only to owners", async () => {
    await seed();
    const adminA = await createStaff([{ brand: A, role: 'admin' }]);
    const adminB = await createStaff([{ brand: B, role: 'admin' }]);
    const operatorA = await createStaff([{ brand: A, role: 'operator' }]);
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);

    const own = await health(adminA.cookie, A);
    expect(own.body.rows.every((r) => r.brand === A)).toBe(true);
    const other = await health(adminB.cookie, B);
    expect(other.body.rows.every((r) => r.brand === B)).toBe(true);
    expect(row(other.body, B, 'verotel', '2026-06')).toMatchObject({ settled: 10, disputes: 5, vamp_level: 'alert' });
    // Another brand's figures: not found for B's admin, forbidden for A's operator and for a deployment-wide read.
    expect((await health(adminB.cookie, A)).status).toBe(404);
    expect((await health(operatorA.cookie, A)).status).toBe(403);
    expect((await health(adminA.cookie)).status).toBe(403);

    const all = await health(owner.cookie);
    expect(all.status).toBe(200);
    expect(all.body.brand).toBeNull();
    expect(row(all.body, A, 'verotel', '2026-06').disputes).toBe(4);
    expect(row(all.body, B, 'verotel', '2026-06').disputes).toBe(5);
  });

  it("mails the brand's owners and admins once per provider and month, under 20 runs at once", async () => {
    await seed();
    const adminA = await createStaff([{ brand: A, role: 'admin' }]);
    const operatorA = await createStaff([{ brand: A, role: 'operator' }]);
    const adminB = await createStaff([{ brand: B, role: 'admin' }]);
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const email = (id: number) => `staff${id}@test.example`;

    const runs = await Promise.all(Array.from({ length: 20 }, () => alertSchemeHealth(env, dbOf(A), [A, B], new Date(NOW))));
    const mails = async (brand: string) =>
      (
        await dbOf(brand)
          .prepare("SELECT recipient, subject, text_body FROM outbox WHERE tenant_id = ? AND template = 'scheme_health_alert'")
          .bind(brand)
          .all<{ recipient: string; subject: string; text_body: string }>()
      ).results;
    const toA = await mails(A);
    const countFor = (list: { recipient: string }[], id: number) => list.filter((m) => m.recipient === email(id)).length;
    // Only Verotel's June reached 1.2 % at A (VAMP 2 %); CCBill's 0.9 % is a warning, not a mail.
    expect(countFor(toA, adminA.staffId)).toBe(1);
    expect(countFor(toA, owner.staffId)).toBe(1);
    expect(countFor(toA, operatorA.staffId)).toBe(0);
    expect(countFor(toA, adminB.staffId)).toBe(0);
    const mine = toA.find((m) => m.recipient === email(adminA.staffId))!;
    expect(mine.subject).toContain('verotel');
    expect(mine.subject).toContain('2026-06');
    expect(mine.text_body).toMatch(/2,00\s?%/);
    // B's own alert went to B's admin (and the owners), from B's outbox.
    const toB = await mails(B);
    expect(countFor(toB, adminB.staffId)).toBe(1);
    expect(countFor(toB, adminA.staffId)).toBe(0);
    // Exactly one of the 20 runs mailed each alert: the rows' INSERT decided it.
    expect(runs.reduce((sum, r) => sum + r.mailed, 0)).toBe(toA.length + toB.length);

    // The next hour's run finds the month already mailed; the dashboard says when.
    await alertSchemeHealth(env, dbOf(A), [A, B], new Date('2026-06-15T13:07:00.000Z'));
    expect(await mails(A)).toHaveLength(toA.length);
    const { body } = await health(adminA.cookie, A);
    expect(row(body, A, 'verotel', '2026-06').alerted_at).toBe(NOW);
    expect(row(body, A, 'ccbill', '2026-06').alerted_at).toBeNull();
  });

  it("reads each brand's months from an index, never the whole orders table", async () => {
    const plans = await Promise.all(
      Object.values(SCHEME_SQL).map(async (sql) => {
        const params = sql.includes('?3') ? [A, '2025-12-01', '2026-07-01'] : [A, '2026-01'];
        const { results } = await dbOf(A)
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        return results.map((r) => r.detail).join('\n');
      }),
    );
    const [settled, disputes, refunds, alerts] = plans;
    expect(settled).toContain('orders_paid');
    expect(disputes).toContain('orders_charged_back');
    expect(refunds).toContain('orders_refunded');
    expect(alerts).toMatch(/SEARCH scheme_health_alerts/);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN (orders|scheme_health_alerts)\b(?! USING)/);
  });

  it("runs on the hourly cron for a brand with a database of its own, and mails that brand's admins", async () => {
    const V = 'velvetnights';
    const v = await member(V);
    await orders(V, v, 50, { provider: 'ccbill', paid: '2026-06-03T10:00:00.000Z' });
    await orders(V, v, 1, { provider: 'ccbill', paid: '2026-06-03T10:00:00.000Z', chargedBack: '2026-06-14T10:00:00.000Z' });
    const adminV = await createStaff([{ brand: V, role: 'admin' }]);
    const ctx = createExecutionContext();
    await worker.scheduled!(
      createScheduledController({ cron: '7 * * * *', scheduledTime: Date.parse('2026-06-15T12:07:00.000Z') }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const { results } = await dbOf(V)
      .prepare("SELECT recipient FROM outbox WHERE tenant_id = ? AND template = 'scheme_health_alert'")
      .bind(V)
      .all<{ recipient: string }>();
    // 1 chargeback in 51 June card sales: 1.96 % by VAMP.
    expect(results.filter((r) => r.recipient === `staff${adminV.staffId}@test.example`)).toHaveLength(1);
  });
});
