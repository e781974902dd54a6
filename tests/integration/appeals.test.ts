import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../../core/schemas/reports';
import { call } from './account-helpers';
import { createMember, dbOf } from './helpers';
import { BRAND, decide, mailsTo, moderator, noticeAbout, reportedMember } from './reports-helpers';
import { createStaff, staffApi } from './staff-helpers';

// Appeals against statements of reasons (DSA Art. 20; issue 45 item 7): the member's own statement only, within
// six months, once; acknowledged at once; decided by another staff member than the one who decided, audited, the
// result mailed; and the transparency figures (item 8) and the complaints' deadline.

const appeal = (cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(BRAND, 'POST', '/api/appeal.php', body, cookie, headers);
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

/** A member whose visibility a moderator limited on a notice; returns the member, the decider and the statement. */
async function limitedMember() {
  const target = await reportedMember('nl');
  const { id } = await noticeAbout('profile', target.profileId, 'harassment');
  const decider = await moderator('Dirk Decider');
  const res = await decide(decider.cookie, {
    report_id: id,
    action: 'limit_visibility',
    ground: 'harassment',
    explanation: 'Stuurt ongevraagd berichten.',
  });
  const { statement_id } = (await res.json()) as { statement_id: number };
  return { target, decider, statementId: statement_id };
}

describe('appeals', () => {
  it('the member sees their statement, appeals once, and gets the acknowledgment at once', async () => {
    const { target, statementId } = await limitedMember();
    const list = (await (await call(BRAND, 'GET', '/api/statements.php', undefined, target.cookie)).json()) as { statements: Statement[] };
    expect(list.statements[0]).toMatchObject({
      id: statementId,
      action: 'limit_visibility',
      ground: 'harassment',
      automated: false,
      appeal: null,
    });

    const res = await appeal(target.cookie, { statement_id: statementId, text: 'Ik heb niemand lastiggevallen.' });
    expect(res.status).toBe(201);
    const { id, reference } = (await res.json()) as { id: number; reference: string };
    expect(reference).toBe(`A-${id}`);
    const [ack] = await mailsTo(target.email, 'appeal_received');
    expect(ack.subject).toBe(`We hebben je bezwaar A-${id} ontvangen`);

    const again = await appeal(target.cookie, { statement_id: statementId, text: 'Nog een keer bezwaar.' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('appeal_exists');
  });

  it("another member's statement is refused as unknown and changes nothing", async () => {
    const { statementId } = await limitedMember();
    const other = await createMember(BRAND);
    const res = await appeal(other.cookie, { statement_id: statementId, text: 'Ik maak bezwaar voor iemand anders.' });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('statement_not_found');
    const n = await dbOf(BRAND)
      .prepare('SELECT COUNT(*) AS n FROM appeals WHERE statement_id = ?')
      .bind(statementId)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it('is accepted until six months after the statement and refused after', async () => {
    const { target, statementId } = await limitedMember();
    const until = (await dbOf(BRAND)
      .prepare('SELECT appeal_until FROM statements_of_reasons WHERE id = ?')
      .bind(statementId)
      .first<{ appeal_until: string }>())!.appeal_until;
    const days = (new Date(until).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
    // The member's session would not last six months: the statement is moved back in time instead.
    const made = (msAgo: number) =>
      dbOf(BRAND)
        .prepare('UPDATE statements_of_reasons SET appeal_until = ? WHERE id = ?')
        .bind(new Date(Date.now() - msAgo).toISOString(), statementId)
        .run();
    await made(1000);
    const late = await appeal(target.cookie, { statement_id: statementId, text: 'Te laat maar toch.' });
    expect(late.status).toBe(409);
    expect(await errorCode(late)).toBe('appeal_window_closed');
    await made(-60_000);
    const inTime = await appeal(target.cookie, { statement_id: statementId, text: 'Net op tijd ingediend.' });
    expect(inTime.status).toBe(201);
  });

  it('the staff member who decided may not decide the appeal; another one reverses it, audited and mailed', async () => {
    const { target, decider, statementId } = await limitedMember();
    const filed = await appeal(target.cookie, { statement_id: statementId, text: 'Dit was een misverstand.' });
    const { id } = (await filed.json()) as { id: number };

    const queue = (await (await staffApi(BRAND, 'GET', `appeals.php?brand=${BRAND}`, { cookie: decider.cookie })).json()) as {
      appeals: { id: number; decided_by: { name: string } | null; overdue: boolean }[];
    };
    expect(queue.appeals.find((a) => a.id === id)).toMatchObject({ decided_by: { name: 'Dirk Decider' }, overdue: false });

    const same = await staffApi(BRAND, 'POST', 'appeal-decision.php', {
      cookie: decider.cookie,
      body: { brand: BRAND, appeal_id: id, outcome: 'upheld', answer: 'Het besluit blijft.' },
    });
    expect(same.status).toBe(403);
    expect(await errorCode(same)).toBe('appeal_same_staff');
    const state = () => dbOf(BRAND).prepare('SELECT state FROM appeals WHERE id = ?').bind(id).first<{ state: string }>();
    expect((await state())!.state).toBe('open');

    const other = await moderator('Olga Other');
    const ok = await staffApi(BRAND, 'POST', 'appeal-decision.php', {
      cookie: other.cookie,
      body: { brand: BRAND, appeal_id: id, outcome: 'reversed', answer: 'Je profiel is weer zichtbaar.' },
    });
    expect(ok.status).toBe(200);
    expect((await state())!.state).toBe('reversed');
    const profile = await dbOf(BRAND)
      .prepare('SELECT searchable, visibility_limited_at FROM profiles WHERE id = ?')
      .bind(target.profileId)
      .first<{ searchable: number; visibility_limited_at: string | null }>();
    expect(profile).toEqual({ searchable: 1, visibility_limited_at: null });
    const audit = await env.DB.prepare("SELECT staff_id FROM staff_audit WHERE action = 'appeal_decision' AND target_id = ?")
      .bind(String(id))
      .all<{ staff_id: number }>();
    expect(audit.results).toEqual([{ staff_id: other.staffId }]);
    const [result] = await mailsTo(target.email, 'appeal_decided');
    expect(result.text_body).toContain('We hebben je bezwaar toegewezen en het besluit teruggedraaid. Je profiel is weer zichtbaar.');

    const twice = await staffApi(BRAND, 'POST', 'appeal-decision.php', {
      cookie: (await moderator()).cookie,
      body: { brand: BRAND, appeal_id: id, outcome: 'upheld', answer: 'Toch niet.' },
    });
    expect(twice.status).toBe(409);
  });

  it('an appeal of a blocked account reversed by another admin lifts the block', async () => {
    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const m = await reportedMember('nl');
    await staffApi(BRAND, 'POST', 'block.php', { cookie: admin.cookie, body: { brand: BRAND, member_id: m.memberId, reason: 'Spam' } });
    const statement = (await dbOf(BRAND)
      .prepare('SELECT id FROM statements_of_reasons WHERE member_id = ?')
      .bind(m.memberId)
      .first<{ id: number }>())!;
    // Blocked members cannot log in: the appeal is written here as it would come in through support.
    const { id } = (await dbOf(BRAND)
      .prepare("INSERT INTO appeals (tenant_id, statement_id, member_id, body, created_at) VALUES (?, ?, ?, 'Geen spam', ?) RETURNING id")
      .bind(BRAND, statement.id, m.memberId, new Date().toISOString())
      .first<{ id: number }>())!;
    const res = await staffApi(BRAND, 'POST', 'appeal-decision.php', {
      cookie: (await moderator()).cookie,
      body: { brand: BRAND, appeal_id: id, outcome: 'reversed', answer: 'Je account is weer actief.' },
    });
    expect(res.status).toBe(200);
    const row = await dbOf(BRAND)
      .prepare('SELECT blocked_at FROM members WHERE id = ?')
      .bind(m.memberId)
      .first<{ blocked_at: string | null }>();
    expect(row!.blocked_at).toBeNull();
  });
});

describe('the /appeals page', () => {
  it('opens for a member (the statement mail links there) and sends a visitor to log in', async () => {
    const m = await createMember(BRAND, { language: 'nl' });
    const page = await call(BRAND, 'GET', '/appeals', undefined, m.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Besluiten over je account');
    const visitor = await call(BRAND, 'GET', '/appeals');
    expect([302, 303]).toContain(visitor.status);
  });
});

describe('transparency figures and the complaints deadline', () => {
  it('count notices, decisions, restrictions, appeals and the median hours to decision for the month', async () => {
    const brand = 'reifekontakte';
    const db = dbOf(brand);
    const month = new Date().toISOString().slice(0, 7);
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
    // Three notices decided after 2, 4 and 30 hours (median 4), one still open, one flood (not counted).
    const rows = [
      [2, 'decided'],
      [4, 'decided'],
      [30, 'decided'],
      [null, 'open'],
      [null, 'flood'],
    ] as const;
    for (const [h, state] of rows) {
      await db
        .prepare(
          `INSERT INTO reports (tenant_id, target_kind, target_id, target_profile_id, reason, language, state, created_at, decided_at)
           VALUES (?, 'profile', 1, 1, 'scam', 'de', ?, ?, ?)`,
        )
        .bind(brand, state, h === null ? hoursAgo(1) : hoursAgo(h + 0.5), h === null ? null : hoursAgo(0.5))
        .run();
    }
    await db.batch(
      ['no_action', 'block_account'].map((action) =>
        db
          .prepare(
            "INSERT INTO moderation_decisions (tenant_id, action, target_kind, target_id, ground, automated, created_at) VALUES (?, ?, 'profile', 1, 'terms', 0, ?)",
          )
          .bind(brand, action, hoursAgo(0.5)),
      ),
    );
    const admin = await createStaff([{ brand, role: 'admin' }]);
    const res = await staffApi(brand, 'GET', `transparency.php?brand=${brand}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { months } = (await res.json()) as { months: { month: string }[] };
    expect(months.find((m) => m.month === month)).toEqual({
      month,
      notices: 4,
      decisions: 2,
      restrictions: 1,
      automated: 0,
      appeals: 0,
      reversed: 0,
      median_hours_to_decision: 4,
    });
    const mod = await createStaff([{ brand, role: 'moderator' }]);
    expect((await staffApi(brand, 'GET', `transparency.php?brand=${brand}`, { cookie: mod.cookie })).status).toBe(403);
  });

  it('flags a complaint overdue after 7 days while it is not closed', async () => {
    const m = await createMember(BRAND);
    const posted = await call(
      BRAND,
      'POST',
      '/api/complaints.php',
      {
        subject: 'Oplichting',
        text: 'Iemand vraagt mij om geld over te maken, dat klopt niet.',
        name: 'Piet',
        email: `m${m.memberId}@test.example`,
      },
      m.cookie,
      { 'CF-Connecting-IP': '203.0.113.250' },
    );
    expect(posted.status).toBe(201);
    const { id, reference } = (await posted.json()) as { id: number; reference: string };
    expect(reference).toBe(`C-${id}`);
    const mod = await moderator();
    const find = async () =>
      (
        (await (await staffApi(BRAND, 'GET', `complaints.php?brand=${BRAND}`, { cookie: mod.cookie })).json()) as {
          complaints: { id: number; overdue: boolean }[];
        }
      ).complaints.find((c) => c.id === id)!;
    expect((await find()).overdue).toBe(false);
    await dbOf(BRAND)
      .prepare('UPDATE complaints SET created_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 8 * 86_400_000).toISOString(), id)
      .run();
    expect((await find()).overdue).toBe(true);
    await staffApi(BRAND, 'PUT', 'complaints.php', { cookie: mod.cookie, body: { brand: BRAND, id, state: 'closed' } });
    expect((await find()).overdue).toBe(false);
  });
});
