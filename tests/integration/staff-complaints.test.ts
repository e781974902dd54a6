import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StaffComplaint, StaffComplaintsResponse } from '../../core/schemas/staff-back-office-answers';
import { call } from './account-helpers';
import { createMember } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Complaints in the staff workspace (issue 15 item 4): state, a reply by mail in the sender's language, links to the
// sender and to the profile the complaint names; moderators and up, one brand at a time, every change audited.

const BRAND = 'flirtlokaal';
let ip = 1;
const post = (body: Record<string, unknown>, cookie?: string, brand = BRAND) =>
  call(brand, 'POST', '/api/complaints.php', body, cookie, { 'CF-Connecting-IP': `203.0.113.${ip++}` });

async function memberComplaint(language = 'de', concerns?: string) {
  const m = await createMember(BRAND, { language });
  const res = await post(
    {
      subject: 'Belästigung im Chat',
      concerns,
      text: 'Dieses Profil schickt mir ständig unangenehme Nachrichten.',
      name: 'Klaus',
      email: `m${m.memberId}@test.example`,
    },
    `auth=${m.token}`,
  );
  expect(res.status).toBe(201);
  const { id, confirmed } = (await res.json()) as { id: number; confirmed: boolean };
  expect(confirmed).toBe(true);
  return { member: m, id };
}
const list = async (cookie: string, query = '') =>
  (await (await staffApi(BRAND, 'GET', `complaints.php?brand=${BRAND}${query}`, { cookie })).json()) as StaffComplaintsResponse;
const audits = async (action: string, id: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit WHERE action = ? AND target_id = ?')
    .bind(action, String(id))
    .first<{ n: number }>())!.n;
const mails = (to: string) =>
  env.DB.prepare("SELECT subject, text_body FROM outbox WHERE tenant_id = ? AND recipient = ? AND template = 'complaint_reply'")
    .bind(BRAND, to)
    .all<{ subject: string; text_body: string }>();

describe('complaints in the workspace', () => {
  it("a moderator sees a new complaint with links to its sender and the profile it names, moves it and replies in the sender's language", async () => {
    const mod = await createStaff([{ brand: BRAND, role: 'moderator' }], 'Mia Moderator');
    const target = await createMember(BRAND);
    const { member, id } = await memberComplaint('de', String(target.profileId));

    const fresh = await list(mod.cookie, '&state=new');
    const found = fresh.complaints.find((c) => c.id === id)!;
    expect(found).toMatchObject({
      reference: `C-${id}`,
      state: 'new',
      confirmed: true,
      language: 'de',
      member: { id: member.memberId, profile_id: member.profileId },
      profile: { id: target.profileId, fictional: false },
      replies: [],
    });
    expect(fresh.counts.new).toBeGreaterThanOrEqual(1);

    const moved = await staffApi(BRAND, 'PUT', 'complaints.php', { cookie: mod.cookie, body: { id, state: 'in_progress' } });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { complaint: StaffComplaint }).complaint.state).toBe('in_progress');
    expect(await audits('complaint_state', id)).toBe(1);

    const reply = await staffApi(BRAND, 'POST', 'complaint-reply.php', {
      cookie: mod.cookie,
      body: { id, text: 'Wir haben das Profil geprüft und gesperrt. Danke für deinen Hinweis!', close: true },
    });
    expect(reply.status).toBe(201);
    const { complaint } = (await reply.json()) as { complaint: StaffComplaint };
    expect(complaint.state).toBe('closed');
    expect(complaint.replies).toMatchObject([
      { text: 'Wir haben das Profil geprüft und gesperrt. Danke für deinen Hinweis!', staff: 'Mia Moderator' },
    ]);
    const { results } = await mails(`m${member.memberId}@test.example`);
    expect(results).toHaveLength(1);
    expect(results[0].subject).toBe(`Antwort auf deine Beschwerde C-${id}`);
    expect(results[0].text_body).toContain('Wir haben das Profil geprüft und gesperrt.');
    expect(results[0].text_body).toContain('Belästigung im Chat');
    expect(await audits('complaint_reply', id)).toBe(1);
    expect((await list(mod.cookie, '&state=closed')).complaints.some((c) => c.id === id)).toBe(true);
  });

  it("a visitor's unconfirmed complaint gets no reply: the address is not proven; nothing is stored or sent", async () => {
    const mod = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    const email = `visitor${Date.now()}@example.com`;
    const res = await post({ subject: 'Spam', text: 'Ik krijg steeds berichten die ik niet wil hebben.', name: 'Anoniem', email });
    const { id, confirmed } = (await res.json()) as { id: number; confirmed: boolean };
    expect(confirmed).toBe(false);
    const refused = await staffApi(BRAND, 'POST', 'complaint-reply.php', {
      cookie: mod.cookie,
      body: { id, text: 'Dank je, we kijken ernaar.' },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('complaint_unconfirmed');
    expect((await mails(email)).results).toHaveLength(0);
    expect((await list(mod.cookie)).complaints.find((c) => c.id === id)).toMatchObject({ state: 'new', replies: [], confirmed: false });
    expect(await audits('complaint_reply', id)).toBe(0);
  });

  it('moderators and up only; another brand answers 404; a bad state or empty reply is refused with nothing changed', async () => {
    const { id } = await memberComplaint('nl');
    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const foreign = await createStaff([{ brand: 'velvetnights', role: 'admin' }]);
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    expect((await staffApi(BRAND, 'GET', 'complaints.php', { cookie: operator.cookie })).status).toBe(403);
    expect((await staffApi(BRAND, 'PUT', 'complaints.php', { cookie: operator.cookie, body: { id, state: 'closed' } })).status).toBe(403);
    expect((await staffApi(BRAND, 'GET', 'complaints.php', { cookie: foreign.cookie })).status).toBe(404);
    // Another brand's admin naming this complaint on their own brand: not theirs, 404, untouched.
    expect(
      (await staffApi('velvetnights', 'PUT', 'complaints.php', { cookie: foreign.cookie, body: { id, state: 'closed' } })).status,
    ).toBe(404);
    expect(
      (await staffApi('velvetnights', 'POST', 'complaint-reply.php', { cookie: foreign.cookie, body: { id, text: 'Hallo daar' } })).status,
    ).toBe(404);
    expect((await list(owner.cookie)).complaints.find((c) => c.id === id)?.state).toBe('new');
    expect((await staffApi(BRAND, 'GET', 'complaints.php?brand=nobrand', { cookie: owner.cookie })).status).toBe(404);
    expect((await staffApi(BRAND, 'PUT', 'complaints.php', { cookie: admin.cookie, body: { id, state: 'done' } })).status).toBe(400);
    expect((await staffApi(BRAND, 'POST', 'complaint-reply.php', { cookie: admin.cookie, body: { id, text: ' ' } })).status).toBe(400);
    expect(
      (await staffApi(BRAND, 'PUT', 'complaints.php', { cookie: admin.cookie, body: { id: 999_999_999, state: 'closed' } })).status,
    ).toBe(404);
    expect((await list(admin.cookie)).complaints.find((c) => c.id === id)).toMatchObject({ state: 'new', replies: [] });
  });

  it('of 20 moderators closing one complaint at once, it is closed once and audited once', async () => {
    const mod = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    const { id } = await memberComplaint('nl');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => staffApi(BRAND, 'PUT', 'complaints.php', { cookie: mod.cookie, body: { id, state: 'closed' } })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await audits('complaint_state', id)).toBe(1);
  });
});
