import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { WAITING_COUNT_CAP } from '../../core/schemas/staff';
import type { QueueResponse, StaffConversation, StaffFigures } from '../../core/schemas/staff-answers';
import { QUEUE_PAGE } from '../../worker/staff/answering/queue';
import { BRAND, chatMember, chats, credits, fictionalProfile, history, send, textTo, type TestMember } from './chat-helpers';
import { dbOf, fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';
import { hashToken, newToken } from '../../worker/auth/sessions';
import { TENANTS } from '../../worker/tenants';

const FLIRTLOKAAL = TENANTS.find((t) => t.id === BRAND)!;

type Json = any;

const operator = () => createStaff([{ brand: BRAND, role: 'operator' }]);

/** A member who wrote to a new fictional profile: the conversation waits in the queue. */
async function waitingConversation(text = 'Hoi, hoe gaat het?', opts: { language?: string } = {}) {
  const member = await chatMember({ credits: 50 });
  if (opts.language) await env.DB.prepare('UPDATE members SET language = ? WHERE id = ?').bind(opts.language, member.memberId).run();
  const profileId = await fictionalProfile();
  const res = await send(member, textTo(profileId, text));
  expect(res.status).toBe(201);
  const conversationId = ((await res.json()) as Json).conversation.id as number;
  return { member, profileId, conversationId };
}

async function queue(cookie: string, brand = BRAND): Promise<QueueResponse> {
  const res = await staffApi(BRAND, 'GET', `queue.php?brand=${brand}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as QueueResponse;
}

const claim = (cookie: string, conversationId: number) =>
  staffApi(BRAND, 'POST', 'claim.php', { cookie, body: { brand: BRAND, conversation_id: conversationId } });
const reply = (cookie: string, body: Record<string, unknown>) =>
  staffApi(BRAND, 'POST', 'reply.php', { cookie, body: { brand: BRAND, ...body } });
const code = async (res: Response) => ((await res.json()) as Json).error?.code;

async function auditCount(action: string, targetId: number | string): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit WHERE action = ? AND target_id = ?')
    .bind(action, String(targetId))
    .first<{ n: number }>())!.n;
}

describe('the answering queue', () => {
  it('shows a member waiting for a fictional profile, oldest first, with the member card and the count per brand', async () => {
    const op = await operator();
    const first = await waitingConversation();
    const second = await waitingConversation('Ben je er?');
    const q = await queue(op.cookie);
    const ids = q.items.map((i) => i.conversation_id);
    expect(ids.indexOf(first.conversationId)).toBeLessThan(ids.indexOf(second.conversationId));
    const item = q.items.find((i) => i.conversation_id === first.conversationId)!;
    expect(item).toMatchObject({
      brand: BRAND,
      member: {
        id: first.member.memberId,
        profile_id: first.member.profileId,
        name: expect.any(String),
        age: expect.any(Number),
        country: 'NL',
      },
      profile: { id: first.profileId, fictional: true },
      claimed_by: null,
      asks_if_real: false,
    });
    expect(Date.parse(item.waiting_since)).toBeGreaterThan(Date.now() - 60_000);
    expect(item.waiting_ms).toBeGreaterThanOrEqual(0);
    expect(q.waiting_per_brand[BRAND]).toBeGreaterThanOrEqual(2);
    // A second message keeps the oldest unanswered time.
    const before = item.waiting_since;
    await send(first.member, { to: { conversation_id: first.conversationId }, kind: 'text', text: 'Nog een' });
    const again = (await queue(op.cookie)).items.find((i) => i.conversation_id === first.conversationId)!;
    expect(again.waiting_since).toBe(before);
  });

  it('counts a backlog up to the cap and lists the oldest page of it', async () => {
    const brand = 'reifekontakte';
    const op = await createStaff([{ brand, role: 'operator' }]);
    const profileId = await fictionalProfile(brand);
    const now = new Date().toISOString();
    const backlog = WAITING_COUNT_CAP + 5;
    const members = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${backlog}) SELECT 3000000 + i AS id FROM n`;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO members (id, tenant_id, email, status, signup_date, created_at) SELECT id, ?1, 'backlog' || id || '@test.example', 'confirmed', ?2, ?2 FROM (${members})`,
      ).bind(brand, now),
      env.DB.prepare(
        `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at) SELECT id, ?1, id, 'Backlog', 'male', 'hetero', '1980-01-01', 'DE', ?2, ?2 FROM (${members})`,
      ).bind(brand, now),
      // Waiting since a second apart, the oldest first: the member with the lowest id.
      env.DB.prepare(
        `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at, waiting_since, fictional_profile_id)
         SELECT ?1, ?3, id, id, ?2, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (id - 3000000) || ' seconds'), ?3 FROM (${members})`,
      ).bind(brand, now, profileId),
    ]);
    const res = await staffApi(brand, 'GET', `queue.php?brand=${brand}`, { cookie: op.cookie });
    expect(res.status).toBe(200);
    const q = (await res.json()) as QueueResponse;
    expect(q.waiting_per_brand[brand]).toBe(WAITING_COUNT_CAP);
    expect(q.items).toHaveLength(QUEUE_PAGE);
    expect(q.items[0].member.id).toBe(3000001);
  });

  it('leaves conversations between members out of the queue, and such an id answers 404', async () => {
    const op = await operator();
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const sent = (await (await send(a, textTo(b.profileId))).json()) as Json;
    const row = await env.DB.prepare('SELECT waiting_since, fictional_profile_id FROM conversations WHERE id = ?')
      .bind(sent.conversation.id)
      .first();
    expect(row).toEqual({ waiting_since: null, fictional_profile_id: null });
    expect((await queue(op.cookie)).items.some((i) => i.conversation_id === sent.conversation.id)).toBe(false);
    for (const res of [
      await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${sent.conversation.id}`, { cookie: op.cookie }),
      await claim(op.cookie, sent.conversation.id),
      await reply(op.cookie, { conversation_id: sent.conversation.id, text: 'hoi' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await code(res)).toBe('conversation_not_found');
    }
  });

  it("another brand's conversation answers 404 like an unknown one; a moderator gets 403; no session 401", async () => {
    const op = await operator();
    const member = await chatMember({ credits: 50, brand: 'velvetnights' });
    const profileId = await fictionalProfile('velvetnights');
    // velvetnights has its own database, whose ids may equal this brand's: its next conversation id is one this brand has not.
    await dbOf('velvetnights')
      .prepare(
        "INSERT INTO conversations (id, tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES (888000000, 'velvetnights', 0, 0, 0, ?)",
      )
      .bind(new Date().toISOString())
      .run();
    const sent = (await (await send(member, textTo(profileId), undefined, 'velvetnights')).json()) as Json;
    expect(sent.conversation.id).toBeGreaterThan(0);
    const foreign = await staffApi(BRAND, 'GET', `conversation.php?brand=velvetnights&id=${sent.conversation.id}`, { cookie: op.cookie });
    const unknown = await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=99999999`, { cookie: op.cookie });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(await foreign.json()).toEqual(await unknown.json());
    expect((await claim(op.cookie, sent.conversation.id)).status).toBe(404);
    expect((await staffApi(BRAND, 'GET', 'queue.php?brand=velvetnights', { cookie: op.cookie })).status).toBe(404);
    // An operator of both brands gets it by naming its brand, whatever the host; named with this brand, it is unknown.
    const both = await createStaff([
      { brand: BRAND, role: 'operator' },
      { brand: 'velvetnights', role: 'operator' },
    ]);
    const named = await staffApi(BRAND, 'GET', `conversation.php?brand=velvetnights&id=${sent.conversation.id}`, { cookie: both.cookie });
    expect(named.status).toBe(200);
    expect(((await named.json()) as Json).brand).toBe('velvetnights');
    expect(
      (await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${sent.conversation.id}`, { cookie: both.cookie })).status,
    ).toBe(404);
    expect((await staffApi(BRAND, 'GET', `conversation.php?id=${sent.conversation.id}`, { cookie: both.cookie })).status).toBe(400);

    const { conversationId } = await waitingConversation();
    const moderator = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    for (const res of [
      await staffApi(BRAND, 'GET', `queue.php?brand=${BRAND}`, { cookie: moderator.cookie }),
      await staffApi(BRAND, 'GET', 'queue.php', { cookie: moderator.cookie }),
      await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${conversationId}`, { cookie: moderator.cookie }),
      await claim(moderator.cookie, conversationId),
    ])
      expect(res.status).toBe(403);
    expect((await staffApi(BRAND, 'GET', 'queue.php')).status).toBe(401);
    const member2 = await chatMember();
    expect((await staffApi(BRAND, 'GET', 'queue.php', { cookie: member2.cookie })).status).toBe(401);
  });
});

describe('claims', () => {
  it('of 20 operators claiming at once exactly one wins; the others get claimed_by_other', async () => {
    const { conversationId } = await waitingConversation();
    const operators = await Promise.all(Array.from({ length: 20 }, (_, i) => createStaff([{ brand: BRAND, role: 'operator' }], `Op ${i}`)));
    const answers = await Promise.all(operators.map((o) => claim(o.cookie, conversationId)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const losers = answers.filter((r) => r.status === 409);
    expect(await code(losers[0])).toBe('claimed_by_other');
    const winner = operators[statuses.indexOf(200)];
    const row = await env.DB.prepare('SELECT staff_id FROM chat_claims WHERE conversation_id = ?')
      .bind(conversationId)
      .first<{ staff_id: number }>();
    expect(row!.staff_id).toBe(winner.staffId);
    expect(await auditCount('claim', conversationId)).toBe(1);
    // The queue says who holds it; claiming again extends one's own claim.
    const item = (await queue(winner.cookie)).items.find((i) => i.conversation_id === conversationId)!;
    expect(item.claimed_by).toMatchObject({ id: winner.staffId, name: expect.stringMatching(/^Op /) });
    expect((await claim(winner.cookie, conversationId)).status).toBe(200);
  });

  it('an expired claim can be taken over and cannot be used to reply; release gives it back', async () => {
    const { conversationId } = await waitingConversation();
    const a = await operator();
    const b = await operator();
    expect((await claim(a.cookie, conversationId)).status).toBe(200);
    const held = await reply(b.cookie, { conversation_id: conversationId, text: 'Hoi!' });
    expect([held.status, await code(held)]).toEqual([409, 'claimed_by_other']);
    expect(await code(await reply(b.cookie, { conversation_id: conversationId, text: 'x' }))).toBe('claimed_by_other');
    // Five minutes without activity: the claim has run out.
    await env.DB.prepare('UPDATE chat_claims SET expires_at = ? WHERE conversation_id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), conversationId)
      .run();
    const expired = await reply(a.cookie, { conversation_id: conversationId, text: 'Te laat' });
    expect([expired.status, await code(expired)]).toEqual([409, 'claim_required']);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND body = 'Te laat'")
        .bind(conversationId)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(await auditCount('reply', conversationId)).toBe(0);
    // Someone else may take it now.
    expect((await claim(b.cookie, conversationId)).status).toBe(200);
    const release = await staffApi(BRAND, 'DELETE', 'claim.php', {
      cookie: b.cookie,
      body: { brand: BRAND, conversation_id: conversationId },
    });
    expect(await release.json()).toEqual({ ok: true, released: true });
    expect(await auditCount('release', conversationId)).toBe(1);
    expect((await claim(a.cookie, conversationId)).status).toBe(200);
    // Releasing someone else's live claim is refused.
    expect(
      await code(
        await staffApi(BRAND, 'DELETE', 'claim.php', { cookie: b.cookie, body: { brand: BRAND, conversation_id: conversationId } }),
      ),
    ).toBe('claimed_by_other');
  });
});

describe('replies', () => {
  it('reach the member like any message, cost nobody credits, leave the queue and record the answer time', async () => {
    const { member, profileId, conversationId } = await waitingConversation();
    const op = await operator();
    const balance = await credits(member.memberId);
    const ledgerRows = await env.DB.prepare('SELECT COUNT(*) AS n FROM credit_ledger').first<{ n: number }>();
    const noClaim = await reply(op.cookie, { conversation_id: conversationId, text: 'Hoi!' });
    expect([noClaim.status, await code(noClaim)]).toEqual([409, 'claim_required']);
    expect((await claim(op.cookie, conversationId)).status).toBe(200);
    const res = await reply(op.cookie, { conversation_id: conversationId, text: 'Hoi <b>schat</b>!' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({
      conversation_id: conversationId,
      message: { from: 'profile', kind: 'text', text: 'Hoi <b>schat</b>!' },
      claimed_by: { id: op.staffId },
    });
    expect(body.waited_ms).toBeGreaterThanOrEqual(0);

    const seen = await history(member, `id=${conversationId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.messages.at(-1)).toMatchObject({ text: 'Hoi <b>schat</b>!', from_me: false, kind: 'text' });
    expect(seen.body.profile).toMatchObject({ id: profileId, fictional: true });
    const list = await chats(member);
    expect(list.find((c) => c.conversation.id === conversationId)!.num_unread_messages).toBe(1);

    expect(await credits(member.memberId)).toBe(balance);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM credit_ledger').first<{ n: number }>())!.n).toBe(ledgerRows!.n);
    expect((await env.DB.prepare('SELECT cost FROM messages WHERE id = ?').bind(body.message.id).first<{ cost: number }>())!.cost).toBe(0);

    expect(
      (await env.DB.prepare('SELECT waiting_since FROM conversations WHERE id = ?').bind(conversationId).first())!.waiting_since,
    ).toBeNull();
    expect((await queue(op.cookie)).items.some((i) => i.conversation_id === conversationId)).toBe(false);
    const stored = await env.DB.prepare('SELECT staff_id, waited_ms FROM staff_messages WHERE message_id = ?')
      .bind(body.message.id)
      .first<{ staff_id: number; waited_ms: number }>();
    expect(stored!.staff_id).toBe(op.staffId);
    expect(stored!.waited_ms).toBe(body.waited_ms);
    expect(await auditCount('reply', conversationId)).toBe(1);
    // The member writes again: back in the queue.
    await send(member, { to: { conversation_id: conversationId }, kind: 'text', text: 'Leuk!' });
    expect((await queue(op.cookie)).items.some((i) => i.conversation_id === conversationId)).toBe(true);
  });

  it("follow the brand's message length, and send only the profile's own approved photos", async () => {
    const { conversationId, profileId } = await waitingConversation();
    const op = await operator();
    await claim(op.cookie, conversationId);
    // flirtlokaal's message_length (tenants/flirtlokaal.ts) is below the schema's outer bound of 2000.
    const tooLong = await reply(op.cookie, { conversation_id: conversationId, text: 'x'.repeat(FLIRTLOKAAL.settings.message_length + 1) });
    expect([tooLong.status, ((await tooLong.json()) as Json).error.fields]).toEqual([400, { text: expect.any(String) }]);
    expect((await reply(op.cookie, { conversation_id: conversationId, text: 'hoi', photo_id: 1 })).status).toBe(400);
    expect((await reply(op.cookie, { conversation_id: conversationId, photo_id: 12345 })).status).toBe(400);
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, created_at) VALUES (?, ?, ?, 'p/a.jpg', 'p/a-t.jpg', 'active', ?)",
    )
      .bind(profileId * 10, BRAND, profileId, now)
      .run();
    const photo = await reply(op.cookie, { conversation_id: conversationId, photo_id: profileId * 10 });
    expect(photo.status).toBe(201);
    expect(((await photo.json()) as Json).message).toMatchObject({ kind: 'photo', photo: { filename: 'p/a.jpg' } });
  });

  it("arrive live in the member's open tab", async () => {
    const { member, conversationId } = await waitingConversation();
    const res = await fetchBrand(BRAND, '/api/live.php', {
      headers: { Upgrade: 'websocket', Cookie: member.cookie, Origin: `https://${BRAND}.localhost` },
    });
    const ws = res.webSocket!;
    const frames: Json[] = [];
    ws.addEventListener('message', (e) => {
      frames.push(JSON.parse(e.data as string));
    });
    ws.accept();
    const op = await operator();
    await claim(op.cookie, conversationId);
    await reply(op.cookie, { conversation_id: conversationId, text: 'Live hoi' });
    await vi.waitFor(
      () => {
        if (!frames.some((f) => f.type === 'message' && f.message.text === 'Live hoi' && f.profile.fictional === true))
          throw new Error(JSON.stringify(frames));
      },
      { timeout: 5000, interval: 20 },
    );
    ws.close(1000);
  });
});

describe('the answer screen', () => {
  it("shows both profiles, the conversation, notes and the disclosure in the member's language", async () => {
    const { member, profileId, conversationId } = await waitingConversation('Hallo, bist du echt?', { language: 'de' });
    const op = await operator();
    const note1 = await staffApi(BRAND, 'POST', 'notes.php', {
      cookie: op.cookie,
      body: { brand: BRAND, subject_type: 'member', subject_id: member.memberId, body: 'Houdt van fietsen' },
    });
    expect(note1.status).toBe(201);
    const note2 = await staffApi(BRAND, 'POST', 'notes.php', {
      cookie: op.cookie,
      body: { brand: BRAND, subject_type: 'profile', subject_id: profileId, body: 'Woont in Utrecht', conversation_id: conversationId },
    });
    expect(note2.status).toBe(201);
    // Not the brand's: a member-profile is no fictional profile, another brand's member is not found.
    expect(
      (
        await staffApi(BRAND, 'POST', 'notes.php', {
          cookie: op.cookie,
          body: { brand: BRAND, subject_type: 'profile', subject_id: member.profileId, body: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(await auditCount('note', member.memberId)).toBe(1);

    const res = await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${conversationId}`, { cookie: op.cookie });
    expect(res.status).toBe(200);
    const screen = (await res.json()) as StaffConversation;
    expect(screen).toMatchObject({
      conversation_id: conversationId,
      brand: BRAND,
      member: { id: member.memberId, language: 'de', photos: [], interests: [] },
      profile: { id: profileId, fictional: true, city: 'Utrecht' },
      asks_if_real: true,
      claimed_by: null,
    });
    expect(screen.messages).toEqual([expect.objectContaining({ from: 'member', text: 'Hallo, bist du echt?' })]);
    expect(screen.notes.member.map((n) => n.body)).toEqual(['Houdt van fietsen']);
    expect(screen.notes.profile[0]).toMatchObject({ body: 'Woont in Utrecht', author: expect.any(String) });
    expect(screen.disclosure_text).toContain('fiktives Profil');
    expect(screen.disclosure_text).toContain(screen.profile.name);
    expect(screen.disclosure_text).not.toContain('fictief');

    // A Dutch member gets the Dutch sentence and the brand's own warning.
    const nl = await waitingConversation('Hoi', { language: 'nl' });
    const nlScreen = (await (
      await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${nl.conversationId}`, { cookie: op.cookie })
    ).json()) as StaffConversation;
    expect(nlScreen.disclosure_text).toContain('fictief profiel');
    expect(nlScreen.disclosure_text).toContain('Profielen met dit icoon zijn fictief');
    expect(nlScreen.asks_if_real).toBe(false);
  });

  it('flags members who ask whether the profile is real in the queue', async () => {
    const op = await operator();
    const asking = await waitingConversation('Ben je echt of ben je een bot?');
    const plain = await waitingConversation('Zin in een drankje?');
    const q = await queue(op.cookie);
    expect(q.items.find((i) => i.conversation_id === asking.conversationId)!.asks_if_real).toBe(true);
    expect(q.items.find((i) => i.conversation_id === plain.conversationId)!.asks_if_real).toBe(false);
  });
});

describe('first messages from fictional profiles', () => {
  it('at most one per member per day: of 20 at once exactly one is sent', async () => {
    const member = await chatMember({ credits: 20 });
    const profiles = await Promise.all(Array.from({ length: 20 }, () => fictionalProfile()));
    const ops = await Promise.all(Array.from({ length: 4 }, () => operator()));
    const answers = await Promise.all(
      profiles.map((profileId, i) =>
        staffApi(BRAND, 'POST', 'first-message.php', {
          cookie: ops[i % 4].cookie,
          body: { brand: BRAND, profile_id: profileId, member_id: member.memberId, text: 'Hoi jij!' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await code(answers.find((r) => r.status === 409)!)).toBe('first_message_limit');
    const list = await chats(member);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ profile: { fictional: true }, num_unread_messages: 1 });
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM messages WHERE recipient_profile_id = ?')
        .bind(member.profileId)
        .first<{ n: number }>())!.n,
    ).toBe(1);
    expect(await auditCount('first_message', member.memberId)).toBe(1);
    const conv = await env.DB.prepare('SELECT fictional_profile_id, waiting_since FROM conversations WHERE id = ?')
      .bind(list[0].conversation.id)
      .first();
    expect(conv).toEqual({ fictional_profile_id: list[0].profile.id, waiting_since: null });
    // The member answers: now the conversation waits in the queue.
    expect((await send(member, { to: { conversation_id: list[0].conversation.id }, kind: 'text', text: 'Hoi!' })).status).toBe(201);
    expect(
      (await env.DB.prepare('SELECT waiting_since FROM conversations WHERE id = ?').bind(list[0].conversation.id).first())!.waiting_since,
    ).not.toBeNull();
  });

  it('never to an invisible member, nor to one who blocked the profile', async () => {
    const op = await operator();
    const invisible = await chatMember();
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(invisible.memberId).run();
    const blocker = await chatMember();
    const profileId = await fictionalProfile();
    await env.DB.prepare('INSERT INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES (?, ?, ?, ?)')
      .bind(BRAND, blocker.memberId, profileId, new Date().toISOString())
      .run();
    for (const m of [invisible, blocker]) {
      const res = await staffApi(BRAND, 'POST', 'first-message.php', {
        cookie: op.cookie,
        body: { brand: BRAND, profile_id: profileId, member_id: m.memberId, text: 'Hoi' },
      });
      expect(res.status).toBe(404);
    }
    // A conversation that exists already is answered from the queue, not with a first message.
    const { member, profileId: p2 } = await waitingConversation();
    const exists = await staffApi(BRAND, 'POST', 'first-message.php', {
      cookie: op.cookie,
      body: { brand: BRAND, profile_id: p2, member_id: member.memberId, text: 'Hoi' },
    });
    expect([exists.status, await code(exists)]).toEqual([409, 'conversation_exists']);
  });
});

describe('the first-message picker', () => {
  /** Members named alike, so the name filter finds exactly the test's own. */
  async function named(name: string, opts: Parameters<typeof chatMember>[0] = {}) {
    const m = await chatMember(opts);
    await env.DB.prepare('UPDATE profiles SET name = ? WHERE id = ?').bind(name, m.profileId).run();
    return m;
  }
  const candidates = async (cookie: string, profileId: number, q: string, brand = BRAND) =>
    staffApi(BRAND, 'GET', `first-message-candidates.php?brand=${brand}&profile_id=${profileId}&q=${encodeURIComponent(q)}`, { cookie });
  const ids = async (res: Response) => ((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id);

  it('offers exactly the members the send would accept, and a member who got one drops out', async () => {
    const op = await operator();
    const profileId = await fictionalProfile();
    const tag = `Pick${Date.now()}`;
    const eligible = await named(`${tag}a`);
    const invisible = await named(`${tag}b`);
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(invisible.memberId).run();
    await env.DB.prepare('UPDATE profiles SET searchable = 0 WHERE id = ?').bind(invisible.profileId).run();
    const blocker = await named(`${tag}c`);
    await env.DB.prepare('INSERT INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES (?, ?, ?, ?)')
      .bind(BRAND, blocker.memberId, profileId, new Date().toISOString())
      .run();
    const unconfirmed = await named(`${tag}d`, { status: 'not_confirmed' });
    const talking = await named(`${tag}e`, { credits: 20 });
    expect((await send(talking, textTo(profileId, 'Hoi'))).status).toBe(201);
    const elsewhere = await named(`${tag}f`, { brand: 'velvetnights' });

    const res = await candidates(op.cookie, profileId, tag);
    expect(res.status).toBe(200);
    const offered = await ids(res);
    expect(offered).toEqual([eligible.memberId]);
    for (const m of [invisible, blocker, unconfirmed, talking, elsewhere]) expect(offered).not.toContain(m.memberId);

    // The picked member gets the message, and is no longer offered (a conversation exists; today's cap is used).
    const sent = await staffApi(BRAND, 'POST', 'first-message.php', {
      cookie: op.cookie,
      body: { brand: BRAND, profile_id: profileId, member_id: eligible.memberId, text: 'Hoi!' },
    });
    expect(sent.status).toBe(201);
    expect(await ids(await candidates(op.cookie, profileId, tag))).toEqual([]);
    // Nor by another fictional profile today: the daily cap holds per member (the blocker and the member who wrote to
    // the first profile may hear from this one).
    expect((await ids(await candidates(op.cookie, await fictionalProfile(), tag))).sort()).toEqual(
      [blocker.memberId, talking.memberId].sort(),
    );
  });

  it('takes the filter literally, and answers 404 on a brand the operator does not work on', async () => {
    const op = await operator();
    const profileId = await fictionalProfile();
    const m = await named(`Lit${Date.now()}_x`);
    expect(await ids(await candidates(op.cookie, profileId, 'Lit%'))).not.toContain(m.memberId);
    expect(await ids(await candidates(op.cookie, profileId, `Lit${'_'.repeat(3)}`))).toEqual([]);
    const foreign = await candidates(op.cookie, profileId, '', 'velvetnights');
    expect(foreign.status).toBe(404);
  });
});

describe('figures', () => {
  it('count waiting and answered conversations with the median and p90 time to answer, per brand and per operator', async () => {
    const op = await createStaff([{ brand: BRAND, role: 'operator' }], 'Figures Op');
    const conversations = await Promise.all([1, 2, 3].map(() => waitingConversation()));
    for (const { conversationId } of conversations.slice(0, 2)) {
      await claim(op.cookie, conversationId);
      expect((await reply(op.cookie, { conversation_id: conversationId, text: 'Hoi!' })).status).toBe(201);
    }
    const res = await staffApi(BRAND, 'GET', `figures.php?brand=${BRAND}`, { cookie: op.cookie });
    expect(res.status).toBe(200);
    const figures = (await res.json()) as StaffFigures;
    expect(figures.brand).toBe(BRAND);
    expect(figures.waiting_now).toBeGreaterThanOrEqual(1);
    expect(figures.answered_today).toBeGreaterThanOrEqual(2);
    expect(figures.answer_ms.median).toEqual(expect.any(Number));
    expect(figures.answer_ms.p90).toBeGreaterThanOrEqual(figures.answer_ms.median!);
    expect(figures.per_brand).toEqual([
      expect.objectContaining({ brand: BRAND, waiting_now: figures.waiting_now, answered_today: figures.answered_today }),
    ]);
    expect(figures.per_operator.find((o) => o.staff_id === op.staffId)).toMatchObject({ name: 'Figures Op', answered_today: 2 });
  });
});

describe('the live queue', () => {
  it("tells an operator's open workspace of a member's message, a claim and a reply", async () => {
    const op = await operator();
    const res = await fetchBrand(BRAND, `/api/staff/live.php?brand=${BRAND}`, {
      headers: { Upgrade: 'websocket', Cookie: op.cookie, Origin: `https://${BRAND}.localhost` },
    });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const frames: Json[] = [];
    ws.addEventListener('message', (e) => {
      frames.push(JSON.parse(e.data as string));
    });
    ws.accept();
    const { conversationId } = await waitingConversation();
    await claim(op.cookie, conversationId);
    await reply(op.cookie, { conversation_id: conversationId, text: 'Hoi' });
    await vi.waitFor(
      () => {
        const changes = frames.filter((f) => f.type === 'queue' && f.conversation_id === conversationId).map((f) => f.change);
        if (!['message', 'claim', 'reply'].every((c) => changes.includes(c))) throw new Error(JSON.stringify(frames));
      },
      { timeout: 5000, interval: 20 },
    );
    expect(frames[0]).toEqual({ type: 'hello', brand: BRAND });
    ws.close(1000);
  });

  it("closes an operator's sockets at logout", async () => {
    const op = await operator();
    const res = await fetchBrand(BRAND, `/api/staff/live.php?brand=${BRAND}`, {
      headers: { Upgrade: 'websocket', Cookie: op.cookie, Origin: `https://${BRAND}.localhost` },
    });
    const ws = res.webSocket!;
    let closed: number | null = null;
    ws.addEventListener('close', (e) => {
      closed = e.code;
    });
    ws.accept();
    expect((await staffApi(BRAND, 'POST', 'logout.php', { cookie: op.cookie, body: {} })).status).toBe(200);
    await vi.waitFor(
      () => {
        if (closed === null) throw new Error('still open');
      },
      { timeout: 5000, interval: 20 },
    );
    expect(closed).toBe(1008);
  });

  /** A second session of the staff member (another device), ending at `expires`. */
  async function otherSession(staffId: number, expires: Date) {
    const token = newToken();
    const publicId = `other-${newToken().slice(0, 8)}`;
    await env.DB.prepare('INSERT INTO staff_sessions (token_hash, staff_id, created_at, expires_at, public_id) VALUES (?, ?, ?, ?, ?)')
      .bind(await hashToken(token), staffId, new Date().toISOString(), expires.toISOString(), publicId)
      .run();
    return { cookie: `staff_session=${token}`, publicId };
  }
  async function openQueue(cookie: string) {
    const res = await fetchBrand(BRAND, `/api/staff/live.php?brand=${BRAND}`, {
      headers: { Upgrade: 'websocket', Cookie: cookie, Origin: `https://${BRAND}.localhost` },
    });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const state = { closed: null as number | null, ws };
    ws.addEventListener('close', (e) => {
      state.closed = e.code;
    });
    ws.accept();
    return state;
  }
  const closedSoon = (state: { closed: number | null }) =>
    vi.waitFor(
      () => {
        if (state.closed === null) throw new Error('still open');
      },
      { timeout: 5000, interval: 20 },
    );

  it('closes the socket of a session ended from another device, and only that one', async () => {
    const op = await operator();
    const other = await otherSession(op.staffId, new Date(Date.now() + 3_600_000));
    const here = await openQueue(op.cookie);
    const there = await openQueue(other.cookie);
    const ended = await staffApi(BRAND, 'DELETE', 'sessions.php', { cookie: op.cookie, body: { id: other.publicId } });
    expect(ended.status).toBe(200);
    await closedSoon(there);
    expect(there.closed).toBe(1008);
    // This device's queue stays live: it still hears of a member's message.
    const frames: string[] = [];
    here.ws.addEventListener('message', (e) => frames.push(String(e.data)));
    const { conversationId } = await waitingConversation();
    await vi.waitFor(
      () => {
        if (!frames.some((f) => f.includes(`"conversation_id":${conversationId}`))) throw new Error('no event');
      },
      { timeout: 5000, interval: 20 },
    );
    expect(here.closed).toBe(null);
    here.ws.close(1000);
  });

  it('closes the socket when its session runs out, without a reconnect', async () => {
    const op = await operator();
    const short = await otherSession(op.staffId, new Date(Date.now() + 1500));
    const socket = await openQueue(short.cookie);
    await closedSoon(socket);
    expect(socket.closed).toBe(1008);
  });

  it('refuses a member, a moderator, another origin and a plain request', async () => {
    const member: TestMember = await chatMember();
    const moderator = await createStaff([{ brand: BRAND, role: 'moderator' }]);
    const op = await operator();
    const open = (cookie: string, headers: Record<string, string> = {}) =>
      fetchBrand(BRAND, `/api/staff/live.php?brand=${BRAND}`, {
        headers: { Upgrade: 'websocket', Cookie: cookie, Origin: `https://${BRAND}.localhost`, ...headers },
      });
    expect((await open(member.cookie)).status).toBe(401);
    expect((await open(moderator.cookie)).status).toBe(403);
    expect((await open(op.cookie, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetchBrand(BRAND, `/api/staff/live.php?brand=${BRAND}`, { headers: { Cookie: op.cookie } })).status).toBe(426);
  });
});
