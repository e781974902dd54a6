import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { assertBooksBalance, chatMember, chats, credits, fictionalProfile, history, messageCount, send, textTo } from './chat-helpers';

describe('chat rules', () => {
  it('lets a free member start at most 2 conversations, but reply anywhere', async () => {
    const free = await chatMember({ credits: 100, paid: false });
    const [b, c, d] = [await chatMember({ credits: 20 }), await chatMember(), await chatMember()];
    expect((await send(free, textTo(b.profileId))).status).toBe(201);
    expect((await send(free, textTo(c.profileId))).status).toBe(201);
    const third = await send(free, textTo(d.profileId));
    expect(third.status).toBe(403);
    expect(((await third.json()) as any).error.code).toBe('conversation_limit');
    // Writing again to the first two is not starting anything.
    expect((await send(free, textTo(b.profileId, 'nog een'))).status).toBe(201);
    // A conversation someone else started does not count.
    const e = await chatMember({ credits: 20 });
    expect((await send(e, textTo(free.profileId))).status).toBe(201);
    expect((await send(free, textTo(e.profileId, 'antwoord'))).status).toBe(201);
    expect(await assertBooksBalance(free.memberId)).toEqual({ credits: 80, ledger: 80, messages: 4, spends: 4 });
  });

  it('holds the first message of an unconfirmed member until the e-mail is confirmed, and blocks replies', async () => {
    const unconfirmed = await chatMember({ credits: 20, status: 'not_confirmed' });
    const b = await chatMember({ credits: 20 });
    expect((await send(unconfirmed, textTo(b.profileId, 'eerste'))).status).toBe(201);
    expect(await chats(b)).toEqual([]);
    const c = await chatMember({ credits: 20 });
    const conv = ((await (await send(c, textTo(unconfirmed.profileId))).json()) as any).conversation.id;
    const reply = await send(unconfirmed, { to: { conversation_id: conv }, kind: 'text', text: 'antwoord' });
    expect(reply.status).toBe(403);
    expect(((await reply.json()) as any).error.code).toBe('email_unconfirmed');
    expect(await credits(unconfirmed.memberId)).toBe(15);

    await env.DB.prepare("UPDATE members SET status = 'confirmed' WHERE id = ?").bind(unconfirmed.memberId).run();
    const [item] = await chats(b);
    expect(item).toMatchObject({ profile: { id: unconfirmed.profileId }, num_unread_messages: 1 });
  });

  it("hides an invisible member's messages from others until they are visible again", async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(a.memberId).run();
    expect((await send(a, textTo(b.profileId, 'onzichtbaar'))).status).toBe(201);
    expect(await chats(b)).toEqual([]);
    expect((await chats(a))[0].conversation.last_message.text).toBe('onzichtbaar');
    await env.DB.prepare('UPDATE members SET invisible = 0 WHERE id = ?').bind(a.memberId).run();
    expect((await chats(b))[0].conversation.last_message.text).toBe('onzichtbaar');
  });

  it('does not let a blocked member write to the blocker, nor anyone write to a deleted member', async () => {
    const a = await chatMember({ credits: 20 });
    const blocker = await chatMember({ credits: 20 });
    const conv = ((await (await send(blocker, textTo(a.profileId))).json()) as any).conversation.id;
    await env.DB.prepare("INSERT INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)")
      .bind(blocker.memberId, a.profileId, new Date().toISOString())
      .run();
    for (const body of [textTo(blocker.profileId), { to: { conversation_id: conv }, kind: 'text', text: 'hoi' }]) {
      const res = await send(a, body);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error.code).toMatch(/profile_unavailable|conversation_not_found/);
    }
    // The blocked member no longer sees the blocker's conversation.
    expect(await chats(a)).toEqual([]);

    const gone = await chatMember();
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(gone.memberId).run();
    expect((await send(a, textTo(gone.profileId))).status).toBe(404);
    expect(await credits(a.memberId)).toBe(20);
  });

  it('stores messages to fictional profiles and shows their label flag; the local operator path answers', async () => {
    const a = await chatMember({ credits: 20 });
    const fictional = await fictionalProfile();
    const sent = (await (await send(a, textTo(fictional, 'Hallo operator'))).json()) as any;
    const [item] = await chats(a);
    expect(item.profile).toMatchObject({ id: fictional, fictional: true });
    const reply = await call('flirtlokaal', 'POST', '/dev/chat-reply.json', { conversation_id: sent.conversation.id, text: 'Hoi terug' });
    expect(reply.status).toBe(201);
    const [after] = await chats(a);
    expect(after).toMatchObject({ num_unread_messages: 1, conversation: { last_message: { text: 'Hoi terug', from_me: false } } });
    // Operators speak only for fictional profiles.
    const b = await chatMember();
    const real = (await (await send(a, textTo(b.profileId))).json()) as any;
    expect((await call('flirtlokaal', 'POST', '/dev/chat-reply.json', { conversation_id: real.conversation.id, text: 'nep' })).status).toBe(
      404,
    );
  });

  it("removes a conversation from the member's list only; a new message brings it back", async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember({ credits: 20 });
    const conv = ((await (await send(a, textTo(b.profileId, 'oud'))).json()) as any).conversation.id;
    const del = await call('flirtlokaal', 'DELETE', '/api/chat.php', { conversation: { id: conv } }, b.cookie);
    expect(del.status).toBe(200);
    expect(await chats(b)).toEqual([]);
    expect(await chats(a)).toHaveLength(1);
    await send(a, textTo(b.profileId, 'nieuw'));
    const page = await history(b, `id=${conv}`);
    expect(page.body.messages.map((m: any) => m.text)).toEqual(['nieuw']);
  });
});

describe('chat: the new-likes count for the badge', () => {
  it('counts new likes, but not from invisible members', async () => {
    const b = await chatMember();
    const [x, y] = [await chatMember(), await chatMember()];
    const now = new Date().toISOString();
    for (const from of [x, y]) {
      await env.DB.prepare("INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)")
        .bind(from.profileId, b.profileId, now)
        .run();
    }
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(y.memberId).run();
    const res = await call('flirtlokaal', 'GET', '/api/chats.php', undefined, b.cookie);
    expect(((await res.json()) as any).new_likes).toBe(1);
  });
});

describe('chat: bad input changes nothing', () => {
  it('refuses empty, too long and malformed messages, missing or bad keys, and forged senders', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember();
    const before = await messageCount();
    const cases: [Record<string, unknown>, string | null][] = [
      [textTo(b.profileId, '   '), undefined as never],
      [textTo(b.profileId, 'x'.repeat(1001)), undefined as never],
      [{ ...textTo(b.profileId), sender_id: b.profileId }, undefined as never],
      [{ to: { profile_id: b.profileId, sender_profile_id: 1 }, kind: 'text', text: 'hoi' }, undefined as never],
      [{ to: { profile_id: 'abc' }, kind: 'text', text: 'hoi' }, undefined as never],
      [{ to: { profile_id: b.profileId }, kind: 'video', text: 'hoi' }, undefined as never],
      [textTo(b.profileId), null],
      [textTo(b.profileId), 'short'],
      [textTo(b.profileId), 'has spaces in it!'],
    ];
    for (const [body, key] of cases) {
      const res = await send(a, body, key === undefined ? undefined : key);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ((await res.json()) as any).error;
      expect(error.code).toBe('validation_failed');
      expect(error.message).toBeTruthy();
    }
    const tooLong = await send(a, textTo(b.profileId, 'x'.repeat(1001)));
    expect(((await tooLong.json()) as any).error.fields.text).toBeTruthy();
    // Not JSON at all.
    const raw = await call('flirtlokaal', 'POST', '/api/chat.php', undefined, a.cookie, {
      'Idempotency-Key': 'abcdefgh12',
      'Content-Type': 'application/json',
    });
    expect(raw.status).toBe(400);
    expect(await messageCount()).toBe(before);
    expect(await credits(a.memberId)).toBe(50);
  });

  it('answers unknown and foreign conversation ids with 404 and needs a login', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember({ credits: 20 });
    const outsider = await chatMember({ credits: 20 });
    const conv = ((await (await send(a, textTo(b.profileId))).json()) as any).conversation.id;
    expect((await history(outsider, `id=${conv}`)).status).toBe(404);
    expect((await history(outsider, 'id=99999999')).status).toBe(404);
    expect((await send(outsider, { to: { conversation_id: conv }, kind: 'text', text: 'inbreker' })).status).toBe(404);
    expect((await call('flirtlokaal', 'DELETE', '/api/chat.php', { conversation: { id: conv } }, outsider.cookie)).status).toBe(404);
    expect((await call('flirtlokaal', 'PUT', '/api/chat.php', { conversation: { id: conv } }, outsider.cookie)).status).toBe(404);
    expect((await history(a, 'id=abc')).status).toBe(400);
    expect((await send(a, textTo(a.profileId))).status).toBe(404);
    expect(await credits(outsider.memberId)).toBe(20);
    expect(await chats(b)).toHaveLength(1);
    const anonymous = await call('flirtlokaal', 'GET', '/api/chats.php');
    expect(anonymous.status).toBe(403);
    expect(((await anonymous.json()) as any).error.code).toBe('authentication_required');
  });

  it('keeps brands apart: a conversation of one brand is unknown in another', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const conv = ((await (await send(a, textTo(b.profileId))).json()) as any).conversation.id;
    const other = await chatMember({ brand: 'velvetnights', credits: 20 });
    const res = await call('velvetnights', 'GET', `/api/chat.php?id=${conv}`, undefined, other.cookie);
    expect(res.status).toBe(404);
    expect((await send(other, textTo(b.profileId), undefined, 'velvetnights')).status).toBe(404);
  });
});
