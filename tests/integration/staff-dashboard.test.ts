import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../core/schemas/staff-back-office-answers';
import { activateMember } from '../../worker/account/accounts';
import { answerTimes, computeDays, DAY_SQL, LIVE_SQL } from '../../worker/staff/dashboard/compute';
import { ROLLUP_SQL } from '../../worker/staff/dashboard/read';
import { rollUp } from '../../worker/staff/dashboard/rollup';
import { createStaff, staffApi } from './staff-helpers';
import { dbOf } from './helpers';

type Json = any;

// A fixed "now" (X-Debug-Now for the API, the cron's scheduled time for the rollup), so the days are known.
const NOW = '2026-06-15T12:00:00.000Z';
const D1 = '2026-06-12';
const D2 = '2026-06-13';
const YESTERDAY = '2026-06-14';
const TODAY = '2026-06-15';
const A = 'flirtlokaal';
const B = 'reifekontakte';

let nextId = 3_000_000;
const at = (day: string, time = '10:00:00') => `${day}T${time}.000Z`;

async function member(brand: string, created: string, activated: string | null = null): Promise<number> {
  const id = nextId++;
  await env.DB.prepare(
    `INSERT INTO members (id, tenant_id, email, status, signup_date, created_at, activated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, brand, `dash${id}@test.example`, activated ? 'confirmed' : 'not_confirmed', created, created, activated)
    .run();
  return id;
}

async function order(
  brand: string,
  memberId: number,
  currency: string,
  amount: number,
  o: { paid?: string; refunded?: string; status?: string },
) {
  await env.DB.prepare(
    `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status, consent_at, language,
                         created_at, updated_at, paid_at, refunded_at)
     VALUES (?, ?, 1, 50, ?, ?, ?, 'NL', 'ideal', 'sandbox', ?, ?, 'nl', ?, ?, ?, ?)`,
  )
    .bind(
      brand,
      memberId,
      currency,
      amount,
      amount,
      o.status ?? (o.refunded ? 'refunded' : o.paid ? 'paid' : 'pending'),
      o.paid ?? NOW,
      o.paid ?? NOW,
      NOW,
      o.paid ?? null,
      o.refunded ?? null,
    )
    .run();
}

/**
 * `n` messages of a member (or, with memberId null, of a fictional profile) at `when`, and (for a member's) the hour's
 * count the send's batch keeps for the figures (member_message_hours, migration 0051).
 */
async function messages(brand: string, memberId: number | null, when: string, n: number) {
  const conv = nextId++;
  await env.DB.prepare(
    'INSERT INTO conversations (id, tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(conv, brand, conv, conv + 1, conv, when)
    .run();
  await env.DB.batch(
    Array.from({ length: n }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
     VALUES (?, ?, ?, ?, ?, 'text', 'hoi', 0, ?, ?)`,
      ).bind(brand, conv, conv, memberId, conv + 1, `k${conv}-${i}`, when),
    ),
  );
  if (memberId !== null)
    await env.DB.prepare(
      `INSERT INTO member_message_hours (tenant_id, hour, n) VALUES (?, substr(?, 1, 13), ?)
       ON CONFLICT (tenant_id, hour) DO UPDATE SET n = n + excluded.n`,
    )
      .bind(brand, when, n)
      .run();
}

async function staffMessage(brand: string, when: string, waitedMs: number | null) {
  const id = nextId++;
  await env.DB.prepare(
    'INSERT INTO staff_messages (message_id, tenant_id, staff_id, conversation_id, waited_ms, created_at) VALUES (?, ?, 1, ?, ?, ?)',
  )
    .bind(id, brand, id, waitedMs, when)
    .run();
}

async function stored(tenant: string, day: string): Promise<Record<string, number | null>> {
  const { results } = await env.DB.prepare('SELECT metric, currency, value FROM daily_figures WHERE tenant_id = ? AND day = ?')
    .bind(tenant, day)
    .all<{ metric: string; currency: string; value: number | null }>();
  return Object.fromEntries(results.map((r) => [r.currency ? `${r.metric}:${r.currency}` : r.metric, r.value]));
}
const rowCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM daily_figures').first<{ n: number }>())!.n;

const dashboard = (cookie: string | undefined, query = '', now = NOW) =>
  staffApi(A, 'GET', `dashboard.php${query}`, { cookie, headers: { 'X-Debug-Now': now } });

// Brand A, D2: 3 signups (and one on D1), 2 activations (one of a D1 signup); orders: member a pays twice (first
// purchase + a second one), b paid first on D1 and again on D2, c pays in CHF (first); b's D1 order is refunded on
// D2; an order refunded before it was ever paid (a lost discount code) and a pending one do not count. 4 members'
// messages (the fictional profile's 2 do not count), 4 staff messages of which 3 answers (1 s, 3 s, 5 s).
// Brand B, D2: 1 signup, 1 answer of 2 s.
async function seed() {
  const early = await member(A, at(D1), at(D2, '08:00:00'));
  const a = await member(A, at(D2), at(D2, '11:00:00'));
  const b = await member(A, at(D2, '12:00:00'));
  const c = await member(A, at(D2, '23:59:59'));
  await order(A, a, 'EUR', 1495, { paid: at(D2, '11:00:00') });
  await order(A, a, 'EUR', 2995, { paid: at(D2, '13:00:00') });
  await order(A, b, 'EUR', 1495, { paid: at(D1), refunded: at(D2, '09:00:00') });
  await order(A, b, 'EUR', 1495, { paid: at(D2, '14:00:00') });
  await order(A, c, 'CHF', 1500, { paid: at(D2, '15:00:00') });
  await order(A, early, 'EUR', 5995, { refunded: at(D2), status: 'refunded' });
  await order(A, early, 'EUR', 2995, {});
  await messages(A, a, at(D2), 4);
  await messages(A, null, at(D2), 2);
  for (const w of [5000, 1000, 3000, null]) await staffMessage(A, at(D2), w);
  await member(B, at(D2));
  await staffMessage(B, at(D2), 2000);
}

describe('the daily figures rollup', () => {
  it('shows nothing for past days before the cron ran, and today live from the raw tables', async () => {
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    await member(A, at(TODAY, '09:00:00'));
    await member(A, at(TODAY, '10:00:00'), at(TODAY, '10:05:00'));
    await staffMessage(A, at(TODAY, '09:30:00'), 4000);
    const res = await dashboard(owner.cookie, `?brand=${A}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Dashboard;
    expect(body.days).toHaveLength(90);
    expect(body.days[0]).toBe('2026-03-18');
    expect(body.days.at(-1)).toBe(TODAY);
    expect(body.series.signups.at(-1)).toBe(2);
    expect(body.series.activations.at(-1)).toBe(1);
    expect(body.series.answered.at(-1)).toBe(1);
    expect(body.series.answer_ms_median.at(-1)).toBe(4000);
    expect(body.series.signups.at(-2)).toBeNull();
    expect(body.rolled_up_at).toBeNull();
  });

  it('computes the right numbers per brand and for the deployment from the rows of the day', async () => {
    await seed();
    const done = await rollUp(env.DB, new Date(NOW));
    // A first run fills the dashboard's whole range, up to yesterday.
    expect(done).toMatchObject({ from: '2026-03-18', to: YESTERDAY });
    expect(await stored(A, D2)).toEqual({
      signups: 3,
      activations: 2,
      first_purchases: 2,
      paying_members: 3,
      messages_members: 4,
      messages_staff: 4,
      answered: 3,
      answer_ms_median: 3000,
      answer_ms_p90: 5000,
      'revenue:EUR': 1495 + 2995 + 1495 - 1495,
      'revenue:CHF': 1500,
    });
    expect(await stored(A, D1)).toMatchObject({ signups: 1, activations: 0, first_purchases: 1, paying_members: 1, 'revenue:EUR': 1495 });
    expect(await stored(B, D2)).toMatchObject({ signups: 1, answered: 1, answer_ms_median: 2000, first_purchases: 0 });
    // The deployment: sums, and the answer times of every brand's answers together (1, 2, 3, 5 s).
    expect(await stored('*', D2)).toMatchObject({
      signups: 4,
      messages_staff: 5,
      answered: 4,
      answer_ms_median: 2000,
      answer_ms_p90: 5000,
      'revenue:EUR': 4490,
    });
    // A day without answers has no answer time.
    expect(await stored(A, YESTERDAY)).toMatchObject({ signups: 0, answered: 0, answer_ms_median: null });
    // Today up to the last full hour (12:00), marked; the staff messages and answer times of today stay live.
    expect(await stored(A, TODAY)).toEqual({
      signups: 2,
      activations: 1,
      first_purchases: 0,
      paying_members: 0,
      messages_members: 0,
      live_from: Date.parse(NOW),
    });
  });

  it('is idempotent when the cron runs twice, and a late payment or refund shows on the next run', async () => {
    const rows = await rowCount();
    const before = await stored(A, D2);
    const second = await rollUp(env.DB, new Date(NOW));
    expect(second.from).toBe('2026-06-12'); // the range is complete: only the last three days again
    expect(await rowCount()).toBe(rows);
    expect(await stored(A, D2)).toEqual(before);

    const late = await member(A, at(D1));
    await order(A, late, 'EUR', 11995, { paid: at(D2, '20:00:00'), refunded: at(YESTERDAY) });
    await rollUp(env.DB, new Date(NOW));
    expect(await stored(A, D2)).toMatchObject({ paying_members: 4, first_purchases: 3, 'revenue:EUR': 4490 + 11995 });
    expect(await stored(A, YESTERDAY)).toMatchObject({ 'revenue:EUR': -11995 });
  });

  it('does not double anything when 20 runs go at once', async () => {
    const rows = await rowCount();
    const before = await stored('*', D2);
    await Promise.all(Array.from({ length: 20 }, () => rollUp(env.DB, new Date(NOW))));
    expect(await rowCount()).toBe(rows);
    expect(await stored('*', D2)).toEqual(before);
    expect(await stored(A, D2)).toMatchObject({ signups: 3, messages_members: 4 });
  });

  it('dates an activation when the member confirms the address', async () => {
    const id = await member(A, at(TODAY));
    await activateMember(env.DB, A, id, new Date(at(TODAY, '11:11:11')));
    const row = await env.DB.prepare('SELECT status, activated_at FROM members WHERE id = ?').bind(id).first();
    expect(row).toEqual({ status: 'confirmed', activated_at: at(TODAY, '11:11:11') });
  });
});

describe('GET dashboard.php', () => {
  it("gives a brand's admin the brand's series from the rollups, revenue per currency", async () => {
    const admin = await createStaff([{ brand: A, role: 'admin' }]);
    const res = await dashboard(admin.cookie, `?brand=${A}&from=${D1}&to=${YESTERDAY}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Dashboard;
    expect(body).toMatchObject({ brand: A, from: D1, to: YESTERDAY, days: [D1, D2, YESTERDAY] });
    expect(body.series.signups).toEqual([2, 3, 0]);
    expect(body.series.first_purchases).toEqual([1, 3, 0]);
    expect(body.series.messages_members).toEqual([0, 4, 0]);
    expect(body.series.messages_staff).toEqual([0, 4, 0]);
    expect(body.series.answer_ms_median).toEqual([null, 3000, null]);
    expect(body.revenue).toEqual({ EUR: [1495, 4490 + 11995, -11995], CHF: [0, 1500, 0] });
    expect(body.rolled_up_at).toBe(NOW);
  });

  it('gives owners the whole deployment (no brand): the sum over every brand, in every database', async () => {
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    // velvetnights keeps its rows in a database of its own, whose cron rolls up its brands: a signup on D2 and the
    // only answer of YESTERDAY are there.
    const vn = dbOf('velvetnights');
    expect(vn).not.toBe(env.DB);
    const id = nextId++;
    await vn
      .prepare(
        "INSERT INTO members (id, tenant_id, email, status, signup_date, created_at) VALUES (?, 'velvetnights', ?, 'not_confirmed', ?, ?)",
      )
      .bind(id, `dash${id}@test.example`, at(D2), at(D2))
      .run();
    await vn
      .prepare(
        "INSERT INTO staff_messages (message_id, tenant_id, staff_id, conversation_id, waited_ms, created_at) VALUES (?, 'velvetnights', 1, ?, 4000, ?)",
      )
      .bind(id, id, at(YESTERDAY))
      .run();
    const unrolled = (await (await dashboard(owner.cookie, `?from=${D2}&to=${TODAY}`)).json()) as Dashboard;
    // Until that database's cron has run, its past days are unknown: not a smaller sum.
    expect(unrolled.series.signups.slice(0, 2)).toEqual([null, null]);
    await rollUp(vn, new Date(NOW), ['velvetnights']);
    const body = (await (await dashboard(owner.cookie, `?from=${D2}&to=${TODAY}`)).json()) as Dashboard;
    expect(body.brand).toBeNull();
    expect(body.days).toEqual([D2, YESTERDAY, TODAY]);
    expect(body.series.signups[0]).toBe(5);
    // One database answered on each day: its median is the deployment's.
    expect(body.series.answer_ms_median.slice(0, 2)).toEqual([2000, 4000]);
    // Today live over every brand (a signup after the cron's mark of 12:00: rows are dated when they are written).
    await member(B, at(TODAY, '12:00:01'));
    const again = (await (await dashboard(owner.cookie, `?from=${D2}&to=${TODAY}`)).json()) as Dashboard;
    expect(again.series.signups[2]).toBe(body.series.signups[2]! + 1);
  });

  it('keeps brands apart and the deployment view for owners', async () => {
    const adminA = await createStaff([
      { brand: A, role: 'admin' },
      { brand: 'velvetnights', role: 'operator' },
    ]);
    const code = async (res: Response) => [res.status, ((await res.json()) as Json).error?.code];
    expect(await code(await dashboard(adminA.cookie, `?brand=${B}`))).toEqual([404, 'not_found']);
    expect(await code(await dashboard(adminA.cookie, '?brand=velvetnights'))).toEqual([403, 'staff_forbidden']);
    expect(await code(await dashboard(adminA.cookie, '?brand=nosuchbrand'))).toEqual([404, 'not_found']);
    expect(await code(await dashboard(adminA.cookie))).toEqual([403, 'staff_forbidden']);
    const operator = await createStaff([{ brand: A, role: 'operator' }]);
    expect(await code(await dashboard(operator.cookie, `?brand=${A}`))).toEqual([403, 'staff_forbidden']);
    const moderator = await createStaff([{ brand: A, role: 'moderator' }]);
    expect(await code(await dashboard(moderator.cookie, `?brand=${A}`))).toEqual([403, 'staff_forbidden']);
    expect(await code(await dashboard(undefined, `?brand=${A}`))).toEqual([401, 'staff_login_required']);
    // A member's session is no staff session.
    expect(await code(await staffApi(A, 'GET', `dashboard.php?brand=${A}`, { cookie: 'auth=whatever-member-token-0123456789' }))).toEqual([
      401,
      'staff_login_required',
    ]);
  });

  it('refuses dates out of range, from after to and malformed dates with a clear error in the language of the site', async () => {
    const admin = await createStaff([{ brand: A, role: 'admin' }]);
    const fail = async (query: string) => {
      const res = await dashboard(admin.cookie, `?brand=${A}&${query}`);
      expect(res.status).toBe(400);
      return ((await res.json()) as Json).error;
    };
    expect(await fail(`from=${YESTERDAY}&to=${D1}`)).toMatchObject({
      code: 'validation_failed',
      fields: { from: 'De begindatum moet op of vóór de einddatum liggen.' },
    });
    expect(await fail('from=2026-03-17')).toMatchObject({ fields: { from: 'Kies een datum in de laatste 90 dagen, vandaag inbegrepen.' } });
    expect(await fail('to=2026-06-16')).toMatchObject({ fields: { to: 'Kies een datum in de laatste 90 dagen, vandaag inbegrepen.' } });
    expect(await fail('from=2026-02-30')).toMatchObject({ fields: { from: 'Vul een datum in als JJJJ-MM-DD.' } });
    expect(await fail('to=15-06-2026')).toMatchObject({ fields: { to: 'Vul een datum in als JJJJ-MM-DD.' } });
    // The edges of the range are fine.
    expect((await dashboard(admin.cookie, `?brand=${A}&from=2026-03-18&to=${TODAY}`)).status).toBe(200);
  });
});

describe("today's figures: the cron's part up to its mark plus the rows since", () => {
  it('equal a full recount of the day after a rollup and new rows of every kind, for a brand and the deployment', async () => {
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const [x, y] = [await member(A, at(TODAY, '08:00:00'), at(TODAY, '08:10:00')), await member(A, at(TODAY, '09:00:00'))];
    await order(A, x, 'EUR', 1495, { paid: at(TODAY, '09:00:00') });
    await messages(A, x, at(TODAY, '09:30:00'), 3);
    await staffMessage(A, at(TODAY, '10:00:00'), 7000);
    await rollUp(env.DB, new Date(at(TODAY, '11:20:00')));
    expect(await stored(A, TODAY)).toMatchObject({ live_from: Date.parse(at(TODAY, '11:00:00')), paying_members: 1, 'revenue:EUR': 1495 });

    // After the mark: x pays again (still one paying member), y's first purchase and activation, a refund of an
    // order paid before the mark, a new signup, messages, a staff answer; and one on brand B.
    await order(A, x, 'EUR', 2995, { paid: at(TODAY, '11:30:00') });
    await order(A, y, 'CHF', 1500, { paid: at(TODAY, '11:40:00') });
    await activateMember(env.DB, A, y, new Date(at(TODAY, '11:45:00')));
    await env.DB.prepare("UPDATE orders SET status = 'refunded', refunded_at = ? WHERE member_id = ? AND paid_at = ?")
      .bind(at(TODAY, '11:50:00'), x, at(TODAY, '09:00:00'))
      .run();
    await member(A, at(TODAY, '11:55:00'));
    await messages(A, y, at(TODAY, '11:56:00'), 2);
    await staffMessage(A, at(TODAY, '11:57:00'), 1000);
    await member(B, at(TODAY, '11:58:00'));

    const recount = await computeDays(env.DB, [A, B], TODAY, TODAY);
    for (const [scope, query] of [
      [A, `?brand=${A}&from=${D2}&to=${TODAY}`],
      ['*', `?from=${D2}&to=${TODAY}`],
    ] as const) {
      const body = (await (await dashboard(owner.cookie, query, at(TODAY, '12:00:00'))).json()) as Dashboard;
      const f = recount.get(scope)!.get(TODAY)!;
      const today = (values: (number | null)[]) => values.at(-1);
      expect(Object.fromEntries(Object.keys(f.counts).map((m) => [m, today(body.series[m as keyof Dashboard['series']])])), scope).toEqual(
        f.counts,
      );
      expect(Object.fromEntries(Object.entries(body.revenue).map(([cur, v]) => [cur, today(v)])), scope).toMatchObject(f.revenue);
      const { median, p90 } = answerTimes(f);
      expect({ median: today(body.series.answer_ms_median), p90: today(body.series.answer_ms_p90) }, scope).toEqual({ median, p90 });
    }
    expect(recount.get(A)!.get(TODAY)!.counts).toMatchObject({ paying_members: 2, first_purchases: 2 });
  });
});

describe('the figures read indexes only', () => {
  it("the rollup's and today's queries read one brand's range of days by index, the dashboard one range of the rollup's key", async () => {
    const plan = async (sql: string, ...params: unknown[]) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join('\n');
    const expected: Record<keyof typeof DAY_SQL, RegExp> = {
      signups: /INDEX members_created/,
      activations: /INDEX members_activated/,
      buyers: /INDEX orders_paid/,
      paid: /INDEX orders_paid/,
      refunded: /INDEX orders_refunded/,
      messages: /SEARCH member_message_hours USING PRIMARY KEY \(tenant_id=\? AND hour>\? AND hour<\?\)/,
      staff: /COVERING INDEX staff_messages_answers/,
    };
    for (const [name, sql] of [...Object.entries(DAY_SQL), ...Object.entries(LIVE_SQL)]) {
      const detail = await plan(sql, A, D2, TODAY);
      expect(detail, name).toMatch(expected[name as keyof typeof DAY_SQL]);
      expect(detail, name).not.toMatch(/\bSCAN\b(?! CONSTANT)/);
    }
    const rollup = await plan(ROLLUP_SQL, A, D1, TODAY);
    expect(rollup).toMatch(/SEARCH daily_figures USING PRIMARY KEY \(tenant_id=\? AND day>\? AND day<\?\)/);
  });
});
