import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ModerationText, ModerationWordsResponse } from '../../core/schemas/staff-back-office-answers';
import { call } from './account-helpers';
import { createMember } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// Profile texts in the moderation queue (issue 15 item 4): a member's name or about matching the brand's word list
// (kept by admins), or a profile an open complaint names; moderators approve the texts as seen or clear one.

const BRAND = 'flirtlokaal';
let n = 0;
const word = () => `spamwoord${++n}x${Math.random().toString(36).slice(2, 6)}`;
const setTexts = (profileId: number, name: string, about: string | null) =>
  env.DB.prepare('UPDATE profiles SET name = ?, about = ? WHERE id = ?').bind(name, about, profileId).run();
const queue = async (cookie: string, brand = BRAND) =>
  ((await (await staffApi(brand, 'GET', `moderation-texts.php?brand=${brand}`, { cookie })).json()) as { texts: ModerationText[] }).texts;
const decide = (cookie: string, body: Record<string, unknown>, brand = BRAND) =>
  staffApi(brand, 'POST', 'moderation-texts.php', { cookie, body });
const profile = async (id: number) =>
  env.DB.prepare('SELECT name, about FROM profiles WHERE id = ?').bind(id).first<{ name: string; about: string | null }>();
const audits = async (action: string, id: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit WHERE action = ? AND target_id = ?')
    .bind(action, String(id))
    .first<{ n: number }>())!.n;

describe('profile texts in the moderation queue', () => {
  it("an admin's word flags a member's about; approving as seen takes it out until the member edits it", async () => {
    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const mod = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    const w = word();
    const added = await staffApi(BRAND, 'POST', 'moderation-words.php', { cookie: admin.cookie, body: { word: w.toUpperCase() } });
    expect(added.status).toBe(201);
    expect(((await added.json()) as ModerationWordsResponse).words.map((x) => x.word)).toContain(w);
    expect((await staffApi(BRAND, 'POST', 'moderation-words.php', { cookie: mod.cookie, body: { word: 'iets' } })).status).toBe(403);

    const m = await createMember(BRAND);
    const about = `Hallo, bezoek mijn site ${w.toUpperCase()} voor meer`;
    await setTexts(m.profileId, 'Sanne', about);
    const flagged = (await queue(mod.cookie)).find((t) => t.profile_id === m.profileId);
    expect(flagged).toMatchObject({ member_id: m.memberId, name: 'Sanne', about, words: [w], complaints: [] });

    // A text changed since it was shown is not approved blindly.
    const stale = await decide(mod.cookie, { profile_id: m.profileId, decision: 'approve', name: 'Sanne', about: 'iets anders' });
    expect(stale.status).toBe(409);
    expect(await audits('profile_text_approve', m.profileId)).toBe(0);

    expect((await decide(mod.cookie, { profile_id: m.profileId, decision: 'approve', name: 'Sanne', about })).status).toBe(200);
    expect((await queue(mod.cookie)).some((t) => t.profile_id === m.profileId)).toBe(false);
    expect(await audits('profile_text_approve', m.profileId)).toBe(1);
    expect(await profile(m.profileId)).toEqual({ name: 'Sanne', about });

    await setTexts(m.profileId, 'Sanne', `${about}!`);
    expect((await queue(mod.cookie)).some((t) => t.profile_id === m.profileId)).toBe(true);
  });

  it('a profile named by an open complaint is in the queue; clearing the about or the name changes the profile and is audited', async () => {
    const mod = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    const reporter = await createMember(BRAND);
    const target = await createMember(BRAND);
    await setTexts(target.profileId, 'NaarNaam', 'Een tekst die niet door de beugel kan.');
    const sent = await call(
      BRAND,
      'POST',
      '/api/complaints.php',
      {
        subject: 'Grof profiel',
        concerns: String(target.profileId),
        text: 'Dit profiel heeft een hele grove tekst staan.',
        name: 'Piet',
        email: `m${reporter.memberId}@test.example`,
      },
      `auth=${reporter.token}`,
      { 'CF-Connecting-IP': '203.0.113.200' },
    );
    const { id: complaintId } = (await sent.json()) as { id: number };
    expect((await queue(mod.cookie)).find((t) => t.profile_id === target.profileId)?.complaints).toEqual([complaintId]);

    const cleared = await decide(mod.cookie, {
      profile_id: target.profileId,
      decision: 'clear',
      field: 'about',
      name: 'NaarNaam',
      about: 'Een tekst die niet door de beugel kan.',
    });
    expect(cleared.status).toBe(200);
    expect(await profile(target.profileId)).toEqual({ name: 'NaarNaam', about: null });
    expect((await queue(mod.cookie)).some((t) => t.profile_id === target.profileId)).toBe(false);
    const audit = await env.DB.prepare("SELECT detail FROM staff_audit WHERE action = 'profile_text_clear' AND target_id = ?")
      .bind(String(target.profileId))
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toEqual({ field: 'about', text: 'Een tekst die niet door de beugel kan.' });

    await setTexts(target.profileId, 'NogNarer', null);
    await decide(mod.cookie, { profile_id: target.profileId, decision: 'clear', field: 'name', name: 'NogNarer', about: null });
    expect(await profile(target.profileId)).toEqual({ name: `#${target.profileId}`, about: null });
  });

  it('operators and other brands cannot; fictional profiles and bad decisions are refused with nothing changed', async () => {
    const admin = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const operator = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const foreign = await createStaff([{ brand: 'velvetnights', role: 'moderator' }]);
    const w = word();
    await staffApi(BRAND, 'POST', 'moderation-words.php', { cookie: admin.cookie, body: { word: w } });
    const m = await createMember(BRAND);
    await setTexts(m.profileId, 'Kees', `ik ${w}`);
    expect((await staffApi(BRAND, 'GET', 'moderation-texts.php', { cookie: operator.cookie })).status).toBe(403);
    expect((await staffApi(BRAND, 'GET', 'moderation-words.php', { cookie: operator.cookie })).status).toBe(403);
    expect((await staffApi(BRAND, 'GET', `moderation-texts.php?brand=${BRAND}`, { cookie: foreign.cookie })).status).toBe(404);
    expect(
      (
        await decide(
          foreign.cookie,
          { brand: 'velvetnights', profile_id: m.profileId, decision: 'clear', field: 'about', name: 'Kees', about: `ik ${w}` },
          'velvetnights',
        )
      ).status,
    ).toBe(404);
    expect((await queue(foreign.cookie, 'velvetnights')).some((t) => t.profile_id === m.profileId)).toBe(false);
    expect((await decide(admin.cookie, { profile_id: m.profileId, decision: 'clear', name: 'Kees', about: `ik ${w}` })).status).toBe(400);
    expect(await profile(m.profileId)).toEqual({ name: 'Kees', about: `ik ${w}` });

    const fictional = 800_000 + Math.floor(Math.random() * 1000);
    await env.DB.prepare(`INSERT INTO profiles (id, tenant_id, name, gender, sexuality, birthdate, country, fictional, about, last_active, created_at)
      VALUES (?, ?, 'Fictie', 'female', 'hetero', '1990-01-01', 'NL', 1, ?, '2026-01-01', '2026-01-01')`)
      .bind(fictional, BRAND, `ook ${w}`)
      .run();
    expect((await queue(admin.cookie)).some((t) => t.profile_id === fictional)).toBe(false);
    expect(
      (await decide(admin.cookie, { profile_id: fictional, decision: 'clear', field: 'about', name: 'Fictie', about: `ook ${w}` })).status,
    ).toBe(404);

    // Removing the word empties the queue of it; removing twice writes one audit row.
    for (let i = 0; i < 2; i++) await staffApi(BRAND, 'DELETE', 'moderation-words.php', { cookie: admin.cookie, body: { word: w } });
    expect((await queue(admin.cookie)).some((t) => t.profile_id === m.profileId)).toBe(false);
    const removed = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'moderation_word_remove' AND target_id = ?")
      .bind(w)
      .first<{ n: number }>();
    expect(removed!.n).toBe(1);
  });
});
