import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createMember, dbOf } from './helpers';
import { staffApi } from './staff-helpers';
import { BRAND, decide, freshReporterIp, mailsTo, message, moderator, noticeAbout, report, reportedMember } from './reports-helpers';

// Notices ("Melden", DSA Art. 16) and the decisions on them with their statements of reasons (Art. 17): issue 45
// items 6-8. A visitor reports what a visitor sees, a member also a message sent to them; each is acknowledged at
// once; a flood is refused and kept; moderators see the queue with its age and deadline; every restriction mails
// the member a statement in their language and the reporter the outcome.

const reports = (cookie: string) => staffApi(BRAND, 'GET', `reports.php?brand=${BRAND}`, { cookie });
const countRows = async (sql: string, ...params: unknown[]) =>
  (await dbOf(BRAND)
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe('reporting (Melden)', () => {
  it('a visitor reports a profile and a public photo, gets the reference at once and the acknowledgment by mail', async () => {
    const target = await reportedMember();
    const res = await report({ target: 'photo', id: target.photoId, reason: 'fake_or_stolen_photo', email: 'Visitor@Example.test' });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { id: number; reference: string; mailed: boolean };
    expect(answer).toEqual({ id: answer.id, reference: `N-${answer.id}`, mailed: true });
    const [ack] = await mailsTo('visitor@example.test', 'report_received');
    expect(ack.subject).toBe(`We hebben je melding N-${answer.id} ontvangen`);
    expect(ack.text_body).toContain('Nep- of gestolen foto');

    const anonymous = await report({ target: 'profile', id: target.profileId, reason: 'scam' });
    expect(anonymous.status).toBe(201);
    expect(((await anonymous.json()) as { mailed: boolean }).mailed).toBe(false);
  });

  it('a visitor cannot report a message, a private photo or a profile that does not exist: 404, nothing stored', async () => {
    const target = await reportedMember();
    const other = await createMember(BRAND);
    const messageId = await message(target, other, 'Stuur me geld');
    await dbOf(BRAND).prepare('UPDATE photos SET private = 1 WHERE id = ?').bind(target.photoId).run();
    const before = await countRows('SELECT COUNT(*) AS n FROM reports WHERE target_profile_id = ?', target.profileId);
    for (const body of [
      { target: 'message', id: messageId, reason: 'scam' },
      { target: 'photo', id: target.photoId, reason: 'illegal' },
      { target: 'profile', id: 123_456_789, reason: 'other' },
    ]) {
      const res = await report(body);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('report_target_not_found');
    }
    expect(await countRows('SELECT COUNT(*) AS n FROM reports WHERE target_profile_id = ?', target.profileId)).toBe(before);
  });

  it('a member reports a message sent to them (staff see that message only), not one of another conversation', async () => {
    const sender = await reportedMember();
    const me = await createMember(BRAND, { language: 'nl' });
    const stranger = await createMember(BRAND);
    const toMe = await message(sender, me, 'Maak 200 euro over, dan bel ik je');
    const toStranger = await message(sender, stranger, 'Ook jij: 200 euro');

    const ok = await report({ target: 'message', id: toMe, reason: 'scam', text: 'Vraagt om geld' }, me.cookie);
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: number };
    expect(await mailsTo(`m${me.memberId}@test.example`, 'report_received')).toHaveLength(1);

    const refused = await report({ target: 'message', id: toStranger, reason: 'scam' }, me.cookie);
    expect(refused.status).toBe(404);

    const mod = await moderator();
    const queue = (await (await reports(mod.cookie)).json()) as { reports: { id: number; shared_text: string | null; target: string }[] };
    const seen = queue.reports.find((r) => r.id === id)!;
    expect(seen).toMatchObject({ target: 'message', shared_text: 'Maak 200 euro over, dan bel ik je' });
    expect(JSON.stringify(queue)).not.toContain('Ook jij: 200 euro');
  });

  it('a flood from one member is refused with a clear error, and every notice of it is kept outside the queue', async () => {
    const target = await reportedMember();
    const me = await createMember(BRAND, { language: 'nl' });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await report({ target: 'profile', id: target.profileId, reason: 'harassment', text: `nummer ${i}` }, me.cookie);
      statuses.push(res.status);
      if (res.status === 429) {
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('report_flood');
        expect(body.error.message).toMatch(/^Je hebt veel meldingen na elkaar verstuurd\. We hebben ze bewaard/);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(await countRows("SELECT COUNT(*) AS n FROM reports WHERE reporter_member_id = ? AND state = 'flood'", me.memberId)).toBe(4);
    expect(await countRows("SELECT COUNT(*) AS n FROM reports WHERE reporter_member_id = ? AND state = 'open'", me.memberId)).toBe(10);
    const mod = await moderator();
    const queue = (await (await reports(mod.cookie)).json()) as { flood: number; reports: { text: string | null }[] };
    expect(queue.flood).toBeGreaterThanOrEqual(4);
    expect(queue.reports.filter((r) => r.text?.startsWith('nummer 1') && r.text.length > 8)).toHaveLength(0);
  });

  it('a flood from one address (visitors) is refused too', async () => {
    const target = await reportedMember();
    const from = freshReporterIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await report({ target: 'profile', id: target.profileId, reason: 'other' }, undefined, from)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the Melden buttons', () => {
  it('a visitor sees Melden on a profile and its photo; the owner does not on their own', async () => {
    const target = await reportedMember();
    const { call } = await import('./account-helpers');
    const visitor = await (await call(BRAND, 'GET', `/members/${target.profileId}`, undefined, undefined, { Cookie: 'entry_ok=1' })).text();
    expect(visitor).toContain('data-testid="report-profile"');
    expect(visitor).toContain('data-testid="report-photo"');
    const own = await (await call(BRAND, 'GET', `/members/${target.profileId}`, undefined, target.cookie)).text();
    expect(own).not.toContain('data-testid="report-profile"');
  });
});

describe('the notices queue', () => {
  it('shows each notice with its age and flags it overdue after the 7 days of the market rule', async () => {
    const target = await reportedMember();
    const { id } = await noticeAbout('profile', target.profileId);
    const mod = await moderator();
    type Q = { days: number; reports: { id: number; age_days: number; overdue: boolean; due_at: string }[] };
    const seen = async () => ((await (await reports(mod.cookie)).json()) as Q).reports.find((r) => r.id === id)!;
    const fresh = (await (await reports(mod.cookie)).json()) as Q;
    expect(fresh.days).toBe(7);
    expect(await seen()).toMatchObject({ age_days: 0, overdue: false });
    // Received 6 days 23 hours ago: still within the deadline; 7 days and a minute ago: overdue.
    const receivedAgo = (ms: number) =>
      dbOf(BRAND)
        .prepare('UPDATE reports SET created_at = ? WHERE id = ?')
        .bind(new Date(Date.now() - ms).toISOString(), id)
        .run();
    await receivedAgo(7 * 86_400_000 - 3_600_000);
    expect(await seen()).toMatchObject({ age_days: 6, overdue: false });
    await receivedAgo(7 * 86_400_000 + 60_000);
    expect(await seen()).toMatchObject({ age_days: 7, overdue: true });
  });

  it('an operator cannot see it', async () => {
    const { createStaff } = await import('./staff-helpers');
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    expect((await reports(op.cookie)).status).toBe(403);
  });
});

describe('decisions and statements of reasons', () => {
  const statementMail = (email: string) => mailsTo(email, 'statement_of_reasons');

  it('removing a reported photo hides it, mails the member a statement in their language and the reporter the outcome', async () => {
    const target = await reportedMember('de');
    const { id, reporter } = await noticeAbout('photo', target.photoId);
    const mod = await moderator('Mia Moderator');
    const res = await decide(mod.cookie, {
      report_id: id,
      action: 'remove_photo',
      ground: 'impersonation',
      explanation: 'Foto einer anderen Person.',
    });
    expect(res.status).toBe(201);
    const { statement_id } = (await res.json()) as { statement_id: number };
    expect(statement_id).toBeGreaterThan(0);
    const photo = await dbOf(BRAND).prepare('SELECT status FROM photos WHERE id = ?').bind(target.photoId).first<{ status: string }>();
    expect(photo!.status).toBe('rejected');

    const [mail] = await statementMail(target.email);
    expect(mail.subject).toBe(`Entscheidung über dein Konto bei Flirtlokaal (S-${statement_id})`);
    expect(mail.text_body).toContain('Was: ein Foto von dir wurde entfernt.');
    expect(mail.text_body).toContain('Warum: ein gefälschtes oder gestohlenes Foto oder eine falsche Identität (unsere AGB).');
    expect(mail.text_body).toContain('Erläuterung: Foto einer anderen Person.');
    expect(mail.text_body).toContain('Wie: von einer Mitarbeiterin oder einem Mitarbeiter geprüft.');
    expect(mail.text_body).toContain(`/appeals?statement=${statement_id}`);

    const [outcome] = await mailsTo(`m${reporter.memberId}@test.example`, 'report_outcome');
    expect(outcome.text_body).toContain('maatregelen genomen');
    const audit = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'report_decision' AND target_id = ?")
      .bind(String(id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it('removing the text, limiting visibility and blocking each write a statement; no action writes none', async () => {
    const mod = await moderator();
    const cases = [
      { action: 'remove_text', check: 'SELECT about IS NULL AS ok FROM profiles WHERE id = ?1' },
      {
        action: 'limit_visibility',
        check: 'SELECT searchable = 0 AND visibility_limited_at IS NOT NULL AS ok FROM profiles WHERE id = ?1',
      },
      { action: 'block_account', check: 'SELECT blocked_at IS NOT NULL AS ok FROM members WHERE id = ?1' },
    ];
    for (const c of cases) {
      const target = await reportedMember('en');
      const { id } = await noticeAbout('profile', target.profileId, 'scam');
      const res = await decide(mod.cookie, { report_id: id, action: c.action, ground: 'fraud', explanation: 'Asked members for money.' });
      expect(res.status, c.action).toBe(201);
      const ok = await dbOf(BRAND).prepare(c.check).bind(target.memberId).first<{ ok: number }>();
      expect(ok!.ok, c.action).toBe(1);
      const mails = await statementMail(target.email);
      expect(mails, c.action).toHaveLength(1);
      expect(mails[0].text_body).toContain('Why: scam or fraud (our terms and criminal law).');
    }
    const untouched = await reportedMember('en');
    const { id, reporter } = await noticeAbout('profile', untouched.profileId, 'other');
    const none = await decide(mod.cookie, { report_id: id, action: 'no_action', ground: 'terms', explanation: 'Nothing wrong.' });
    expect(((await none.json()) as { statement_id: number | null }).statement_id).toBeNull();
    expect(await statementMail(untouched.email)).toHaveLength(0);
    const [outcome] = await mailsTo(`m${reporter.memberId}@test.example`, 'report_outcome');
    expect(outcome.text_body).toContain('geen overtreding');
  });

  it('two moderators deciding one notice at once: one decision, one statement', async () => {
    const target = await reportedMember();
    const { id } = await noticeAbout('profile', target.profileId);
    const [a, b] = [await moderator(), await moderator()];
    const answers = await Promise.all(
      [a, b, a, b].map((m) => decide(m.cookie, { report_id: id, action: 'block_account', ground: 'terms', explanation: 'Spam' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await countRows('SELECT COUNT(*) AS n FROM moderation_decisions WHERE report_id = ?', id)).toBe(1);
    expect(await countRows('SELECT COUNT(*) AS n FROM statements_of_reasons WHERE member_id = ?', target.memberId)).toBe(1);
  });

  it('the photo queue, the text queue and the members page route their restrictions through the same statement', async () => {
    const admin = (await import('./staff-helpers')).createStaff([{ brand: BRAND, role: 'admin' }]);
    const { cookie } = await admin;
    // A pending upload rejected in the photo queue.
    const m = await reportedMember('nl');
    await dbOf(BRAND).prepare("UPDATE photos SET status = 'pending' WHERE id = ?").bind(m.photoId).run();
    const rejected = await staffApi(BRAND, 'POST', 'moderation-photos.php', {
      cookie,
      body: { brand: BRAND, photo_id: m.photoId, decision: 'reject', reason: 'explicit' },
    });
    expect(rejected.status).toBe(200);
    const [photoMail] = await statementMail(m.email);
    expect(photoMail.text_body).toContain('Wat: een foto van je is verwijderd.');
    expect(photoMail.text_body).toContain('Toelichting: Te expliciet.');
    // A profile text cleared in the text queue.
    const cleared = await staffApi(BRAND, 'POST', 'moderation-texts.php', {
      cookie,
      body: {
        brand: BRAND,
        profile_id: m.profileId,
        decision: 'clear',
        field: 'about',
        name: `Tester${m.memberId}`,
        about: 'Schreib mir auf WhatsApp',
      },
    });
    expect(cleared.status).toBe(200);
    // The account blocked on the members page.
    const blocked = await staffApi(BRAND, 'POST', 'block.php', {
      cookie,
      body: { brand: BRAND, member_id: m.memberId, reason: 'Spam in chats' },
    });
    expect(blocked.status).toBe(200);
    const mails = await statementMail(m.email);
    expect(mails).toHaveLength(3);
    expect(mails[1].text_body).toContain('Wat: een tekst van je profiel is verwijderd.');
    expect(mails[2].text_body).toContain('Wat: je account is geblokkeerd.');
    expect(mails[2].text_body).toContain('Toelichting: Spam in chats.');
  });
});
