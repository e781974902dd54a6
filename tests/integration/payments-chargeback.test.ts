import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CcbillSandbox } from '../../worker/payments/ccbill/sandbox';
import { TENANTS } from '../../worker/tenants';
import en from '../../locales/en.json';
import { call, freshIp, login, mailCount, signUp } from './account-helpers';
import { dbOf } from './helpers';
import { api, json, memberState, newMember, orderBody, spendCredits } from './payment-helpers';
import { createStaff, staffApi } from './staff-helpers';
import { passAgeCheck } from './age-helpers';
import { CCBILL_BRAND, ccbillClick, ccbillOrder, ccbillWebhook } from './ccbill-helpers';

// Issue 44 items 4 and 5 in workerd, on the CCBill test brand (its sandbox plays CCBill: form, status call, one-click
// charge, webhooks): what a chargeback does to the member (credits, mail, one-click on that card, an account that
// stays usable), the staff block on purchases, and an order's evidence pack for admins.

const BRAND = CCBILL_BRAND;
const order = ccbillOrder;
const click = ccbillClick;
const webhook = ccbillWebhook;

/** These buyers order from GB, which asks the age check before paying: they passed it (age-assurance.test.ts). */
async function passed<M>(made: Promise<M>, idOf: (member: M) => number): Promise<M> {
  const member = await made;
  await passAgeCheck(BRAND, idOf(member));
  return member;
}
const tenant = TENANTS.find((t) => t.id === BRAND)!;
const sandbox = () => new CcbillSandbox(dbOf(BRAND), tenant);
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Evidence/1.0';

const repeat = (cookie: string) =>
  api(BRAND, 'POST', '/api/repeat-order.php', {
    body: { package_id: 22, amount: 2599, currency: 'GBP', consent: true },
    cookie,
    country: 'GB',
  });

const status = async (id: number) =>
  (await dbOf(BRAND).prepare('SELECT status FROM orders WHERE id = ? AND tenant_id = ?').bind(id, BRAND).first<{ status: string }>())!
    .status;

const mandates = async (memberId: number) =>
  (
    await dbOf(BRAND)
      .prepare('SELECT mandate_id, status FROM payment_mandates WHERE tenant_id = ? AND member_id = ? ORDER BY id')
      .bind(BRAND, memberId)
      .all<{ mandate_id: string; status: string }>()
  ).results;

const auditRows = async (staffId: number, action: string) =>
  (
    await dbOf(BRAND)
      .prepare('SELECT target_id, detail FROM staff_audit WHERE staff_id = ? AND brand = ? AND action = ?')
      .bind(staffId, BRAND, action)
      .all<{ target_id: string; detail: string | null }>()
  ).results;

/** A member who signed up (terms accepted), bought on a card, bought again in one click, and spent most of it. */
async function buyerWithOneClick() {
  const member = await passed(signUp(BRAND), (m) => m.user.id);
  const first = await order(member.cookie, 'creditcard', { 'User-Agent': UA, 'CF-Connecting-IP': '198.51.100.7' });
  await click(first.url, 'pay');
  expect(await status(first.id)).toBe('paid');
  const again = await repeat(member.cookie);
  expect(again.status).toBe(201);
  const second = await json<{ order: { id: number; status: string } }>(again);
  expect(second.order.status).toBe('paid');
  return { member, first, secondId: second.order.id };
}

describe('chargebacks', () => {
  it('after a partial spend: the rest is taken back (never below zero), one mail, one-click on that card stops, the account stays', async () => {
    const { member, first } = await buyerWithOneClick();
    const id = member.user.id;
    const signupCredits = (await memberState(BRAND, id)).credits - 240;
    // 240 credits bought (two orders of 120); 220 spent: of the charged-back order's 120, 20 are still unspent.
    await spendCredits(BRAND, id, 220 + signupCredits, first.id);
    expect((await mandates(id)).map((m) => m.status)).toEqual(['valid', 'valid']);

    const page = await click(first.url, 'chargeback');
    expect(await page.text()).toContain('<code>OK</code>');
    expect(await status(first.id)).toBe('charged_back');
    expect(await memberState(BRAND, id)).toMatchObject({ credits: 0, ledger: 0 });
    const taken = await dbOf(BRAND)
      .prepare('SELECT delta FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
      .bind(BRAND, id, `chargeback:order:${first.id}`)
      .first<{ delta: number }>();
    expect(taken!.delta).toBe(-20);

    // One mail, in the member's language, naming the order, what was taken back and what had been used.
    expect(await mailCount(BRAND, member.email, 'payment_charged_back')).toBe(1);
    const mail = (await dbOf(BRAND)
      .prepare("SELECT subject, text_body FROM outbox WHERE tenant_id = ? AND recipient = ? AND template = 'payment_charged_back'")
      .bind(BRAND, member.email)
      .first<{ subject: string; text_body: string }>())!;
    expect(mail.subject).toBe(
      en.mail.payment_charged_back.subject.replace('{{order}}', String(first.id)).replace('{{brand}}', 'CCBill Shop'),
    );
    expect(mail.text_body).toContain('deducted from your balance: 20. Already used: 100.');
    expect(mail.text_body).toContain('Your account stays as it is');

    // Both tokens of that card (the sale's and the one the one-click charge made from it) are no longer used.
    expect((await mandates(id)).map((m) => m.status)).toEqual(['invalid', 'invalid']);
    const shop = await json<{ mandate: unknown }>(await api(BRAND, 'GET', '/api/packages.php', { cookie: member.cookie, country: 'GB' }));
    expect(shop.mandate).toBeNull();
    const refused = await repeat(member.cookie);
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('no_mandate');

    // Not locked (FTC v. Match Group): the member logs in, asks for their data, and buys with another method.
    expect((await login(member.email, member.password, freshIp(), BRAND)).status).toBe(200);
    expect((await api(BRAND, 'GET', '/api/user.php', { cookie: member.cookie, country: 'GB' })).status).toBe(200);
    expect((await call(BRAND, 'POST', '/api/export.php', undefined, member.cookie)).status).toBe(202);
    const other = await order(member.cookie, 'applepay');
    expect(other.url.pathname).toBe('/api/ccbill-sandbox.php');
  });

  it('100 concurrent replays of the chargeback webhook take the credits back once and send one mail', async () => {
    const member = await passed(signUp(BRAND), (m) => m.user.id);
    const o = await order(member.cookie);
    await click(o.url, 'pay');
    const t = (await sandbox().transaction(o.reference))!;
    expect(await sandbox().markLater(t, 'chargeback')).toBe(true);
    const hook = await sandbox().webhook(t, 'chargeback');
    const answers = await Promise.all(Array.from({ length: 100 }, () => webhook('Chargeback', hook.fields).then((r) => r.text())));
    expect(new Set(answers)).toEqual(new Set(['OK']));
    expect(await status(o.id)).toBe('charged_back');
    expect(await mailCount(BRAND, member.email, 'payment_charged_back')).toBe(1);
    const ledger = await dbOf(BRAND)
      .prepare('SELECT COUNT(*) AS n FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
      .bind(BRAND, member.user.id, `chargeback:order:${o.id}`)
      .first<{ n: number }>();
    expect(ledger!.n).toBe(1);
  }, 60_000); // 100 requests at once: slow on a busy machine
});

describe("staff block on a member's purchases", () => {
  it('is for admins, audited, refuses orders in the member’s language, and leaves the account usable', async () => {
    const member = await passed(newMember(BRAND, { language: 'de' }), (m) => m.memberId);
    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const on = { brand: BRAND, member_id: member.memberId, reason: 'Three chargebacks this month' };

    expect((await staffApi(BRAND, 'POST', 'purchase-block.php', { cookie: operator.cookie, body: on })).status).toBe(403);
    const blocked = await staffApi(BRAND, 'POST', 'purchase-block.php', { cookie: admin.cookie, body: on });
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toEqual({ purchases_blocked: true });
    expect((await staffApi(BRAND, 'POST', 'purchase-block.php', { cookie: admin.cookie, body: on })).status).toBe(409);
    const audit = await auditRows(admin.staffId, 'member_purchase_block');
    expect(audit).toHaveLength(1);
    expect(audit[0].target_id).toBe(String(member.memberId));
    expect(JSON.parse(audit[0].detail!)).toEqual({ reason: on.reason });

    // Refused in the INSERT itself (15 at once: none placed; the hourly order limit is 20), in the member's language.
    const body = orderBody({ package_id: 22, amount: 2599, currency: 'GBP', method: 'creditcard', issuer: undefined });
    const tries = await Promise.all(
      Array.from({ length: 15 }, () => api(BRAND, 'POST', '/api/order.php', { body, cookie: member.cookie, country: 'GB' })),
    );
    expect(tries.map((r) => r.status)).toEqual(Array(15).fill(409));
    const error = (await json<{ error: { code: string; message: string } }>(tries[0])).error;
    expect(error.code).toBe('purchases_blocked');
    const de = (await import('../../locales/de.json')).default;
    expect(error.message).toBe(de.errors.purchases_blocked);
    const placed = await dbOf(BRAND)
      .prepare('SELECT COUNT(*) AS n FROM orders WHERE tenant_id = ? AND member_id = ?')
      .bind(BRAND, member.memberId)
      .first<{ n: number }>();
    expect(placed!.n).toBe(0);
    expect((await api(BRAND, 'GET', '/api/user.php', { cookie: member.cookie, country: 'GB' })).status).toBe(200);

    const detail = await json<{ account: { purchases_blocked: boolean } }>(
      await staffApi(BRAND, 'GET', `member.php?brand=${BRAND}&id=${member.memberId}`, { cookie: admin.cookie }),
    );
    expect(detail.account.purchases_blocked).toBe(true);
    expect((await staffApi(BRAND, 'DELETE', 'purchase-block.php', { cookie: admin.cookie, body: on })).status).toBe(200);
    expect(await auditRows(admin.staffId, 'member_purchase_unblock')).toHaveLength(1);
    await order(member.cookie);
  });
});

describe('evidence pack', () => {
  it("holds the order's evidence and nothing from another member; admins of the order's brand only, audited", async () => {
    // Made before the buyer signs up: createMember's fixed ids would meet the signup's next id.
    const stranger = await newMember(BRAND);
    const { member, first } = await buyerWithOneClick();
    const id = member.user.id;
    const db = dbOf(BRAND);
    // After the purchase: two messages of the member, and one another member wrote to them (its text stays out).
    const now = new Date(Date.now() + 1000).toISOString();
    const conv = await db
      .prepare('INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id')
      .bind(BRAND, Math.min(id, stranger.profileId), Math.max(id, stranger.profileId), id, now)
      .first<{ id: number }>();
    const conversationId = conv!.id;
    const message = (from: number, fromMember: number, to: number, body: string, key: string) =>
      db
        .prepare(
          `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
           VALUES (?, ?, ?, ?, ?, 'text', ?, 10, ?, ?)`,
        )
        .bind(BRAND, conversationId, from, fromMember, to, body, key, now);
    await db.batch([
      message(id, id, stranger.profileId, 'MY-OWN-WORDS', 'e1'),
      message(id, id, stranger.profileId, 'MY-OWN-WORDS-2', 'e2'),
      message(stranger.profileId, stranger.memberId, id, 'SECRET-OF-ANOTHER-MEMBER', 'e3'),
    ]);
    await click(first.url, 'chargeback');

    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const res = await staffApi(BRAND, 'GET', `evidence.php?brand=${BRAND}&order_id=${first.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['evidence.html', 'evidence.json']);
    const raw = strFromU8(files['evidence.json']);
    const pack = JSON.parse(raw);
    expect(pack.order).toMatchObject({ id: first.id, status: 'charged_back', credits: 120, amount_cents: 2599, currency: 'GBP' });
    expect(pack.provider.name).toBe('ccbill');
    expect(pack.provider.payment_reference).toBe(first.reference);
    expect(pack.provider.events.map((e: { kind: string }) => e.kind).sort()).toEqual(['chargeback', 'sale']);
    expect(pack.purchase).toMatchObject({ ip: '198.51.100.7', country: 'GB', device: UA, three_d_secure: 'not recorded' });
    expect(pack.purchase.terms_version).toEqual(expect.any(String));
    expect(pack.purchase.terms_version).not.toBe('not recorded');
    expect(pack.purchase.consent_to_immediate_performance_at).toEqual(expect.any(String));
    expect(pack.purchase.terms_consents_until_purchase.length).toBeGreaterThan(0);
    expect(pack.member).toMatchObject({ id, email: member.email });
    expect(pack.credits).toMatchObject({ of_order: 120, taken_back: 120 });
    expect(pack.messages_sent_after_purchase).toMatchObject({ count: 2, recipients: 1 });
    expect(pack.messages_sent_after_purchase.messages[0]).toEqual({
      created_at: now,
      recipient_profile_id: stranger.profileId,
      kind: 'text',
      cost: 10,
    });
    expect(pack.logins_around_purchase.sessions.length).toBeGreaterThan(0);
    const html = strFromU8(files['evidence.html']);
    for (const text of [raw, html]) {
      expect(text).not.toContain('SECRET-OF-ANOTHER-MEMBER');
      expect(text).not.toContain('MY-OWN-WORDS');
    }
    expect(html).toContain(UA);
    expect(await auditRows(admin.staffId, 'order_evidence')).toEqual([
      { target_id: String(id), detail: JSON.stringify({ order_id: first.id }) },
    ]);

    // An operator of the brand, another brand's admin, no staff session: refused.
    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    expect((await staffApi(BRAND, 'GET', `evidence.php?brand=${BRAND}&order_id=${first.id}`, { cookie: operator.cookie })).status).toBe(
      403,
    );
    const otherAdmin = await createStaff([{ brand: 'velvetnights', role: 'admin' }]);
    expect((await staffApi(BRAND, 'GET', `evidence.php?brand=${BRAND}&order_id=${first.id}`, { cookie: otherAdmin.cookie })).status).toBe(
      404,
    );
    // The other brand's admin naming their own brand with this order's id finds no such order there.
    expect(
      (await staffApi(BRAND, 'GET', `evidence.php?brand=velvetnights&order_id=${first.id}`, { cookie: otherAdmin.cookie })).status,
    ).toBe(404);
    expect((await staffApi(BRAND, 'GET', `evidence.php?brand=${BRAND}&order_id=${first.id}`)).status).toBe(401);
  });
});
