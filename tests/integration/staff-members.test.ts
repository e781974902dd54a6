import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../worker/auth/passwords';
import { freshIp, login, mailCount, PASSWORD } from './account-helpers';
import { api, checkout, IDEAL_ING, json, memberState, newMember, placeOrder } from './payment-helpers';
import { searchQuery } from '../../worker/staff/members/search';
import { createStaff, staffApi } from './staff-helpers';
import { dbOf } from './helpers';
import { openSocket } from './chat-helpers';

// Back office, members (issue 15): find, see and act on a member account, for admins of the member's brand and owners.

const admin = () => createStaff([{ brand: 'flirtlokaal', role: 'admin' }]);
const owner = () => createStaff([{ brand: '*', role: 'owner' }]);

async function paidMember(brand = 'flirtlokaal') {
  const m = await newMember(brand);
  const placed = await placeOrder(brand, m.cookie);
  await checkout(brand, placed.paymentId, 'paid', { issuer: IDEAL_ING });
  return { ...m, orderId: placed.order.id };
}

/** A member who can log in with PASSWORD (the test helpers' ids; a signup here would take the next helper id). */
async function signedMember(brand = 'flirtlokaal', status: 'confirmed' | 'not_confirmed' = 'confirmed') {
  const m = await newMember(brand, { status });
  await env.DB.prepare('UPDATE members SET password_hash = ? WHERE id = ?')
    .bind(await hashPassword(PASSWORD), m.memberId)
    .run();
  return { ...m, email: `m${m.memberId}@test.example`, user: { id: m.memberId } };
}

async function auditCount(memberId: number, action: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit WHERE target_type = 'member' AND target_id = ? AND action = ?")
    .bind(String(memberId), action)
    .first<{ n: number }>();
  return row!.n;
}

describe('finding a member', () => {
  it('by e-mail, name, member id and order id; only on the brands the caller administers', async () => {
    const m = await paidMember();
    const { cookie } = await admin();
    const email = `m${m.memberId}@test.example`;
    for (const q of [email, `m${m.memberId}@`, `Tester${m.memberId}`, String(m.memberId), String(m.orderId)]) {
      const res = await staffApi('flirtlokaal', 'GET', `members.php?q=${encodeURIComponent(q)}`, { cookie });
      expect(res.status).toBe(200);
      const { items } = await json(res);
      expect(
        items.map((i: { id: number }) => i.id),
        q,
      ).toContain(m.memberId);
      expect(items.find((i: { id: number }) => i.id === m.memberId)).toMatchObject({
        email,
        brand: 'flirtlokaal',
        premium: true,
        credits: 120,
        blocked: false,
      });
    }
    // An admin of flirtlokaal does not find velvetnights' members, and gets 404 for that brand.
    const other = await newMember('velvetnights');
    expect((await json(await staffApi('flirtlokaal', 'GET', `members.php?q=${other.memberId}`, { cookie }))).items).toEqual([]);
    expect((await staffApi('flirtlokaal', 'GET', `members.php?q=x&brand=velvetnights`, { cookie })).status).toBe(404);
    // An owner finds them.
    const o = await owner();
    expect(
      (await json(await staffApi('flirtlokaal', 'GET', `members.php?q=${other.memberId}`, { cookie: o.cookie }))).items[0],
    ).toMatchObject({ id: other.memberId, brand: 'velvetnights' });
  });

  it("roles: no session 401, operators and moderators 403, another brand's member 404", async () => {
    const m = await newMember();
    expect((await staffApi('flirtlokaal', 'GET', `members.php?q=x`)).status).toBe(401);
    for (const role of ['operator', 'moderator'] as const) {
      const s = await createStaff([{ brand: 'flirtlokaal', role }]);
      expect((await staffApi('flirtlokaal', 'GET', `members.php?q=x`, { cookie: s.cookie })).status).toBe(403);
      expect((await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${m.memberId}`, { cookie: s.cookie })).status).toBe(
        403,
      );
    }
    const b = await createStaff([{ brand: 'velvetnights', role: 'admin' }]);
    const res = await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${m.memberId}`, { cookie: b.cookie });
    expect(res.status).toBe(404);
    expect((await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=99999999`, { cookie: b.cookie })).status).toBe(404);
    const body = { brand: 'flirtlokaal', member_id: m.memberId, reason: 'try across brands' };
    expect((await staffApi('flirtlokaal', 'POST', 'block.php', { cookie: b.cookie, body })).status).toBe(404);
    expect((await staffApi('flirtlokaal', 'POST', 'credits.php', { cookie: b.cookie, body: { ...body, delta: 5 } })).status).toBe(404);
    expect(await env.DB.prepare('SELECT blocked_at, credits FROM members WHERE id = ?').bind(m.memberId).first()).toMatchObject({
      blocked_at: null,
      credits: 0,
    });
  });

  it('the same id on two brand databases: every call acts on the brand it names, and needs one', async () => {
    const m = await newMember('flirtlokaal');
    const vn = dbOf('velvetnights');
    expect(vn).not.toBe(dbOf('flirtlokaal')); // the test's premise: velvetnights has a database of its own
    const now = new Date().toISOString();
    await vn
      .prepare(
        "INSERT INTO members (id, tenant_id, email, status, credits, signup_date, created_at) VALUES (?, 'velvetnights', ?, 'confirmed', 0, ?, ?)",
      )
      .bind(m.memberId, `twin${m.memberId}@test.example`, now, now)
      .run();
    const o = await owner();
    // On velvetnights' host, whose database holds the twin: the brand named decides, not the host.
    const detail = await json(await staffApi('velvetnights', 'GET', `member.php?brand=flirtlokaal&id=${m.memberId}`, { cookie: o.cookie }));
    expect(detail.account).toMatchObject({ id: m.memberId, brand: 'flirtlokaal', email: `m${m.memberId}@test.example` });
    const body = { brand: 'flirtlokaal', member_id: m.memberId, delta: 7, reason: 'goodwill' };
    expect((await staffApi('velvetnights', 'POST', 'credits.php', { cookie: o.cookie, body })).status).toBe(200);
    expect(await dbOf('flirtlokaal').prepare('SELECT credits FROM members WHERE id = ?').bind(m.memberId).first('credits')).toBe(7);
    expect(await vn.prepare('SELECT credits FROM members WHERE id = ?').bind(m.memberId).first('credits')).toBe(0);
    // Without the brand the call is refused, whatever the host.
    const { brand: _, ...unnamed } = body;
    const refused = await staffApi('velvetnights', 'POST', 'credits.php', { cookie: o.cookie, body: unnamed });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields).toHaveProperty('brand');
    expect((await staffApi('velvetnights', 'GET', `member.php?id=${m.memberId}`, { cookie: o.cookie })).status).toBe(400);
    expect((await staffApi('velvetnights', 'GET', `member.php?brand=nope&id=${m.memberId}`, { cookie: o.cookie })).status).toBe(404);
  });

  it('the account, ledger, orders and conversation counts, never message texts', async () => {
    const m = await paidMember();
    await env.DB.prepare(
      "INSERT INTO complaints (tenant_id, subject, concerns, body, contact_email, created_at) VALUES ('flirtlokaal', 'spam', ?, 'he spams', 'x@test.example', ?)",
    )
      .bind(String(m.memberId), new Date().toISOString())
      .run();
    const { cookie } = await admin();
    const res = await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${m.memberId}`, { cookie });
    expect(res.status).toBe(200);
    const d = await json(res);
    expect(d.account).toMatchObject({
      id: m.memberId,
      brand: 'flirtlokaal',
      status: 'confirmed',
      premium: true,
      credits: 120,
      blocked_at: null,
      country: 'NL',
    });
    expect(d.ledger[0]).toMatchObject({ delta: 120, reason: 'purchase', ref: `order:${m.orderId}` });
    expect(d.orders[0]).toMatchObject({ id: m.orderId, status: 'paid', refundable: true });
    expect(d.conversations).toEqual({ with_members: 0, with_fictional: 0, messages_sent: 0 });
    expect(d.complaints[0]).toMatchObject({ subject: 'spam', status: 'new' });
    // Closed in the moderation queue, the member's page says so (the complaint's state, not the old status column).
    await env.DB.prepare("UPDATE complaints SET state = 'closed' WHERE subject = 'spam' AND concerns = ?").bind(String(m.memberId)).run();
    const again = await json(await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${m.memberId}`, { cookie }));
    expect(again.complaints[0]).toMatchObject({ subject: 'spam', status: 'closed' });
    expect(d.refund_days).toBe(14);
    expect(JSON.stringify(d)).not.toContain('he spams');
  });
});

describe('credits', () => {
  it('a ledger entry, audited; never below zero; a repeated form counts once', async () => {
    const m = await newMember();
    const { cookie } = await admin();
    const add = await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: 30, reason: 'goodwill', request_id: 'form-0001' },
    });
    expect(add.status).toBe(200);
    expect(await json(add)).toEqual({ credits: 30 });
    await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: 30, reason: 'goodwill', request_id: 'form-0001' },
    });
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 30, ledger: 30 });
    expect(await auditCount(m.memberId, 'member_credits')).toBe(1);

    const tooMuch = await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: -31, reason: 'take back' },
    });
    expect(tooMuch.status).toBe(409);
    expect((await json(tooMuch)).error.code).toBe('credits_below_zero');
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 30, ledger: 30 });
    expect(await auditCount(m.memberId, 'member_credits')).toBe(1);

    const noReason = await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: 5, reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).error.fields.reason).toBeTruthy();
  });

  it('20 concurrent take-backs of 10 from 50 credits: exactly 5 go through, the balance ends at 0', async () => {
    const m = await newMember();
    const { cookie } = await admin();
    await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: 50, reason: 'start' },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        staffApi('flirtlokaal', 'POST', 'credits.php', {
          cookie,
          body: { brand: 'flirtlokaal', member_id: m.memberId, delta: -10, reason: 'take back' },
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(5);
    expect(results.filter((s) => s === 409)).toHaveLength(15);
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 0, ledger: 0 });
    expect(await auditCount(m.memberId, 'member_credits')).toBe(6);
  });
});

describe("the member's open tab", () => {
  it('shows the balance an adjustment, a purchase and a refund leave, without a reload', async () => {
    const m = await newMember();
    const tab = await openSocket(m);
    const balances = () => tab.frames.filter((f) => f.type === 'credits').map((f) => f.credits);
    const { cookie } = await admin();
    await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: 30, reason: 'goodwill' },
    });
    await vi.waitFor(() => expect(balances()).toEqual([30]));
    const placed = await placeOrder('flirtlokaal', m.cookie);
    await checkout('flirtlokaal', placed.paymentId, 'paid', { issuer: IDEAL_ING });
    await vi.waitFor(() => expect(balances()).toEqual([30, 150]));
    await staffApi('flirtlokaal', 'POST', 'refund.php', {
      cookie,
      body: { brand: 'flirtlokaal', order_id: placed.order.id, reason: 'asked within 14 days' },
    });
    await vi.waitFor(() => expect(balances()).toEqual([30, 150, 30]));
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 30, ledger: 30 });
    tab.ws.close();
  });
});

describe('refunds', () => {
  it('refunds a paid order: provider refund, credits taken back, the member sees refunded; twice is refused', async () => {
    const m = await paidMember();
    const { cookie } = await admin();
    const res = await staffApi('flirtlokaal', 'POST', 'refund.php', {
      cookie,
      body: { brand: 'flirtlokaal', order_id: m.orderId, reason: 'asked within 14 days' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      order: { id: m.orderId, status: 'refunded', refund_reason: 'staff' },
      credits_taken_back: 120,
      credits: 0,
    });
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 0, ledger: 0, paid: true });
    // The refund at Verotel (its sandbox records it on the sale, as the Control Center would: a "credit").
    const refunds = await env.DB.prepare("SELECT amount FROM verotel_sandbox_sales WHERE reference_id = ? AND later_event = 'credit'")
      .bind(`flirtlokaal-${m.orderId}`)
      .all();
    expect(refunds.results).toEqual([{ amount: 2995 }]);
    const mine = await json(await api('flirtlokaal', 'GET', `/api/order.php?id=${m.orderId}`, { cookie: m.cookie }));
    expect(mine.order).toMatchObject({ status: 'refunded', refund_reason: 'staff' });
    expect(await auditCount(m.memberId, 'order_refund')).toBe(1);
    // The member hears of it by mail: the order, the amount and how, the credits taken back, a link to the order.
    const mail = await env.DB.prepare("SELECT subject, text_body FROM outbox WHERE recipient = ? AND template = 'payment_refunded'")
      .bind(`m${m.memberId}@test.example`)
      .all<{ subject: string; text_body: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0].subject).toBe(`Terugbetaling van je bestelling ${m.orderId} bij Flirtlokaal`);
    expect(mail.results[0].text_body).toContain(`Bestelling ${m.orderId}: we hebben €\u00a029,95 teruggestort via iDEAL.`);
    expect(mail.results[0].text_body).toContain('Credits van je saldo afgeschreven: 120.');
    expect(mail.results[0].text_body).toContain(`https://flirtlokaal.localhost/transactions/${m.orderId}`);

    const again = await staffApi('flirtlokaal', 'POST', 'refund.php', {
      cookie,
      body: { brand: 'flirtlokaal', order_id: m.orderId, reason: 'again' },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('order_refunded');
    expect(await auditCount(m.memberId, 'order_refund')).toBe(1);
  });

  it('takes back what is left when credits were spent, never below zero', async () => {
    const m = await paidMember();
    const { cookie } = await admin();
    await staffApi('flirtlokaal', 'POST', 'credits.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, delta: -100, reason: 'spent (simulated)' },
    });
    const res = await json(
      await staffApi('flirtlokaal', 'POST', 'refund.php', {
        cookie,
        body: { brand: 'flirtlokaal', order_id: m.orderId, reason: 'refund' },
      }),
    );
    expect(res).toMatchObject({ credits_taken_back: 20, credits: 0 });
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 0, ledger: 0 });
  });

  it('refuses unpaid, foreign, out-of-period orders and moderators; nothing changes', async () => {
    const m = await newMember();
    const open = await placeOrder('flirtlokaal', m.cookie);
    const { cookie } = await admin();
    const unpaid = await staffApi('flirtlokaal', 'POST', 'refund.php', {
      cookie,
      body: { brand: 'flirtlokaal', order_id: open.order.id, reason: 'refund' },
    });
    expect(unpaid.status).toBe(409);
    expect((await json(unpaid)).error.code).toBe('order_not_paid');

    const paid = await paidMember();
    // An admin of another brand: the order is not theirs to see (404, as an unknown id).
    const foreign = await createStaff([{ brand: 'velvetnights', role: 'admin' }]);
    expect(
      (
        await staffApi('flirtlokaal', 'POST', 'refund.php', {
          cookie: foreign.cookie,
          body: { brand: 'flirtlokaal', order_id: paid.orderId, reason: 'refund' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await staffApi('flirtlokaal', 'POST', 'refund.php', {
          cookie,
          body: { brand: 'flirtlokaal', order_id: 99999999, reason: 'refund' },
        })
      ).status,
    ).toBe(404);

    const mod = await createStaff([{ brand: 'flirtlokaal', role: 'moderator' }]);
    expect(
      (
        await staffApi('flirtlokaal', 'POST', 'refund.php', {
          cookie: mod.cookie,
          body: { brand: 'flirtlokaal', order_id: paid.orderId, reason: 'refund' },
        })
      ).status,
    ).toBe(403);

    await env.DB.prepare('UPDATE orders SET paid_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 15 * 86_400_000).toISOString(), paid.orderId)
      .run();
    const late = await staffApi('flirtlokaal', 'POST', 'refund.php', {
      cookie,
      body: { brand: 'flirtlokaal', order_id: paid.orderId, reason: 'refund' },
    });
    expect(late.status).toBe(409);
    const lateError = (await json(late)).error;
    expect(lateError.code).toBe('refund_period_over');
    expect(lateError.message).toContain('14');
    expect(await memberState('flirtlokaal', paid.memberId)).toMatchObject({ credits: 120, ledger: 120 });
    expect(await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(paid.orderId).first()).toEqual({ status: 'paid' });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM verotel_sandbox_sales WHERE reference_id IN (?, ?) AND later_event = 'credit'")
        .bind(`flirtlokaal-${open.order.id}`, `flirtlokaal-${paid.orderId}`)
        .first(),
    ).toEqual({ n: 0 });
    expect(await auditCount(paid.memberId, 'order_refund')).toBe(0);
  });

  it('20 concurrent refunds of one order: exactly one succeeds, one provider refund, credits taken back once', async () => {
    const m = await paidMember();
    const { cookie } = await admin();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        staffApi('flirtlokaal', 'POST', 'refund.php', {
          cookie,
          body: { brand: 'flirtlokaal', order_id: m.orderId, reason: 'refund' },
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(19);
    expect(await memberState('flirtlokaal', m.memberId)).toMatchObject({ credits: 0, ledger: 0 });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM verotel_sandbox_sales WHERE reference_id = ? AND later_event = 'credit'")
        .bind(`flirtlokaal-${m.orderId}`)
        .first(),
    ).toEqual({ n: 1 });
    expect(await auditCount(m.memberId, 'order_refund')).toBe(1);
    expect(await mailCount('flirtlokaal', `m${m.memberId}@test.example`, 'payment_refunded')).toBe(1);
  });
});

describe('block, sessions, direct debit, activation, deletion', () => {
  it('a blocked member cannot log in (the blocked text) and loses every session; unblocked, login works again', async () => {
    const signed = await signedMember();
    const { cookie } = await admin();
    const id = signed.user.id;
    expect((await api('flirtlokaal', 'GET', '/api/user.php', { cookie: signed.cookie }).then(json)).user).not.toBeNull();
    expect(
      (await staffApi('flirtlokaal', 'POST', 'block.php', { cookie, body: { brand: 'flirtlokaal', member_id: id, reason: 'fraud' } }))
        .status,
    ).toBe(200);
    expect((await api('flirtlokaal', 'GET', '/api/user.php', { cookie: signed.cookie }).then(json)).user).toBeNull();
    const refused = await login(signed.email, PASSWORD, freshIp());
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toEqual({
      code: 'account_blocked',
      message: 'Dit account is geblokkeerd. Neem contact op met de klantenservice.',
    });
    const twice = await staffApi('flirtlokaal', 'POST', 'block.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: id, reason: 'fraud' },
    });
    expect((await json(twice)).error.code).toBe('member_blocked_already');
    expect(await auditCount(id, 'member_block')).toBe(1);

    expect(
      (await staffApi('flirtlokaal', 'DELETE', 'block.php', { cookie, body: { brand: 'flirtlokaal', member_id: id, reason: 'cleared' } }))
        .status,
    ).toBe(200);
    expect((await login(signed.email, PASSWORD, freshIp())).status).toBe(200);
    expect(
      (
        await json(
          await staffApi('flirtlokaal', 'DELETE', 'block.php', { cookie, body: { brand: 'flirtlokaal', member_id: id, reason: 'again' } }),
        )
      ).error.code,
    ).toBe('member_not_blocked');
    const detail = await json(await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${id}`, { cookie }));
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual(['member_unblock', 'member_block']);
    expect(detail.audit[1].detail).toEqual({ reason: 'fraud' });
  });

  it('ends all sessions', async () => {
    const m = await newMember();
    const { cookie } = await admin();
    const res = await staffApi('flirtlokaal', 'DELETE', 'member-sessions.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'stolen phone' },
    });
    expect(await json(res)).toEqual({ ended: 1 });
    expect((await api('flirtlokaal', 'GET', '/api/user.php', { cookie: m.cookie }).then(json)).user).toBeNull();
  });

  it('blocks direct debit for the member (the direct-debit form refuses), once', async () => {
    const m = await newMember();
    const { cookie } = await admin();
    expect(
      (
        await staffApi('flirtlokaal', 'POST', 'directdebit-block.php', {
          cookie,
          body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'reversed collection' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await json(
          await staffApi('flirtlokaal', 'POST', 'directdebit-block.php', {
            cookie,
            body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'again' },
          }),
        )
      ).error.code,
    ).toBe('directdebit_blocked_already');
    const row = await env.DB.prepare("SELECT reason FROM directdebit_blocks WHERE tenant_id = 'flirtlokaal' AND subject = ?")
      .bind(`member:${m.memberId}`)
      .first();
    expect(row).toEqual({ reason: 'staff: reversed collection' });
    expect(
      (await json(await staffApi('flirtlokaal', 'GET', `member.php?brand=flirtlokaal&id=${m.memberId}`, { cookie }))).account
        .directdebit_blocked,
    ).toBe(true);
    expect(
      (
        await staffApi('flirtlokaal', 'DELETE', 'directdebit-block.php', {
          cookie,
          body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'ok again' },
        })
      ).status,
    ).toBe(200);
    expect(await auditCount(m.memberId, 'member_directdebit_block')).toBe(1);
  });

  it("resends the activation mail of an unconfirmed member, on the member's brand host even from another brand", async () => {
    const signed = await signedMember('velvetnights', 'not_confirmed');
    const o = await owner();
    const before = await mailCount('velvetnights', signed.email, 'activation');
    const res = await staffApi('flirtlokaal', 'POST', 'resend-activation.php', {
      cookie: o.cookie,
      body: { brand: 'velvetnights', member_id: signed.user.id, reason: 'lost the mail' },
    });
    expect(res.status).toBe(200);
    expect(await mailCount('velvetnights', signed.email, 'activation')).toBe(before + 1);
    const mail = await dbOf('velvetnights')
      .prepare("SELECT text_body FROM outbox WHERE recipient = ? AND template = 'activation' ORDER BY id DESC")
      .bind(signed.email)
      .first<{ text_body: string }>();
    expect(mail!.text_body).toContain('https://velvetnights.localhost/api/activate.php?token=');
    const confirmed = await newMember();
    const refused = await staffApi('flirtlokaal', 'POST', 'resend-activation.php', {
      cookie: o.cookie,
      body: { brand: 'flirtlokaal', member_id: confirmed.memberId, reason: 'x-reason' },
    });
    expect((await json(refused)).error.code).toBe('member_confirmed');
  });

  it("deletes through the member's own path with its mail", async () => {
    const signed = await signedMember();
    const { cookie } = await admin();
    const res = await staffApi('flirtlokaal', 'DELETE', 'member.php', {
      cookie,
      body: { brand: 'flirtlokaal', member_id: signed.user.id, reason: 'asked by mail' },
    });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare('SELECT status, delete_reason FROM members WHERE id = ?').bind(signed.user.id).first()).toEqual({
      status: 'deleted',
      delete_reason: 'staff: asked by mail',
    });
    expect(await mailCount('flirtlokaal', signed.email, 'account_deleted')).toBe(1);
    expect((await api('flirtlokaal', 'GET', '/api/user.php', { cookie: signed.cookie }).then(json)).user).toBeNull();
    expect(
      (
        await json(
          await staffApi('flirtlokaal', 'DELETE', 'member.php', {
            cookie,
            body: { brand: 'flirtlokaal', member_id: signed.user.id, reason: 'again' },
          }),
        )
      ).error.code,
    ).toBe('member_deleted');
    expect(await auditCount(signed.user.id, 'member_delete')).toBe(1);
  });

  it('20 concurrent deletions, blocks and unblocks: each happens once (one mail, one audit row each)', async () => {
    const m = await signedMember();
    const { cookie } = await admin();
    const times = (n: number, f: () => Promise<Response>) => Promise.all(Array.from({ length: n }, () => f().then((r) => r.status)));
    const blocks = await times(20, () =>
      staffApi('flirtlokaal', 'POST', 'block.php', { cookie, body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'race' } }),
    );
    expect(blocks.filter((s) => s === 200)).toHaveLength(1);
    const unblocks = await times(20, () =>
      staffApi('flirtlokaal', 'DELETE', 'block.php', { cookie, body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'race' } }),
    );
    expect(unblocks.filter((s) => s === 200)).toHaveLength(1);
    const deletes = await times(20, () =>
      staffApi('flirtlokaal', 'DELETE', 'member.php', { cookie, body: { brand: 'flirtlokaal', member_id: m.memberId, reason: 'race' } }),
    );
    expect(deletes.filter((s) => s === 200)).toHaveLength(1);
    expect(deletes.filter((s) => s === 409)).toHaveLength(19);
    expect(await mailCount('flirtlokaal', m.email, 'account_deleted')).toBe(1);
    for (const action of ['member_block', 'member_unblock', 'member_delete']) expect(await auditCount(m.memberId, action), action).toBe(1);
  });
});

describe('query plans', () => {
  it("the search reads by key or an index range, never a brand's members or profiles whole", async () => {
    await newMember();
    for (const q of ['123', 'anna@', 'Anna']) {
      const { sql, params } = searchQuery(['flirtlokaal', 'velvetnights'], q);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const detail = results.map((r) => r.detail).join('\n');
      expect(detail, q).not.toMatch(/\bSCAN\b(?! CONSTANT)/);
      expect(detail, q).toMatch(
        /INTEGER PRIMARY KEY|members_email \(tenant_id=\? AND email>\? AND email<\?\)|profiles_name \(tenant_id=\? AND name>\? AND name<\?\)/,
      );
    }
  });
});
