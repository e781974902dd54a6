import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { assertBooksBalance, chatMember, chats, credits, history, newKey, PRICE, send, textTo } from './chat-helpers';

describe('chat: sending paid messages', () => {
  it('sends, charges message_credits once, lists the conversation with its unread count, and reading clears it', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember({ credits: 0 });
    const res = await send(a, textTo(b.profileId, 'Hoi <b>Sanne</b>'));
    expect(res.status).toBe(201);
    const sent = (await res.json()) as any;
    expect(sent.credits).toBe(20 - PRICE.text);
    expect(sent.message).toMatchObject({ from_me: true, kind: 'text', text: 'Hoi <b>Sanne</b>', status: 'sent' });

    const [item] = await chats(b);
    expect(item).toMatchObject({
      conversation: { id: sent.conversation.id },
      profile: { id: a.profileId, fictional: false },
      num_unread_messages: 1,
    });
    expect(item.conversation.last_message).toMatchObject({ from_me: false, status: null, client_key: null });

    const opened = await history(b, `id=${sent.conversation.id}`);
    expect(opened.body.messages.map((m: any) => m.text)).toEqual(['Hoi <b>Sanne</b>']);
    expect((await call('flirtlokaal', 'PUT', '/api/chat.php', { conversation: { id: sent.conversation.id } }, b.cookie)).status).toBe(200);
    expect((await chats(b))[0].num_unread_messages).toBe(0);
    const mine = await history(a, `id=${sent.conversation.id}`);
    expect(mine.body.messages[0].status).toBe('read');
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 15, ledger: 15, messages: 1, spends: 1 });
  });

  it('charges photo_credits for one of the own photos and gift_credits for a gift', async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember();
    const { env } = await import('cloudflare:test');
    await env.DB.prepare(
      "INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, created_at) VALUES (?, 'flirtlokaal', ?, 'x/a.svg', 'x/a-t.svg', 'active', ?)",
    )
      .bind(a.profileId * 10, a.profileId, new Date().toISOString())
      .run();
    expect((await send(a, { to: { profile_id: b.profileId }, kind: 'gift', gift: 'rose' })).status).toBe(201);
    const photo = await send(a, { to: { profile_id: b.profileId }, kind: 'photo', photo_id: a.profileId * 10 });
    expect(photo.status).toBe(201);
    expect(((await photo.json()) as any).message.photo).toEqual({ filename: 'x/a.svg', thumb_filename: 'x/a-t.svg' });
    expect(await credits(a.memberId)).toBe(100 - PRICE.gift - PRICE.photo);
    // Someone else's photo or an unknown gift: refused, nothing charged.
    expect((await send(a, { to: { profile_id: b.profileId }, kind: 'photo', photo_id: 1 })).status).toBe(400);
    expect((await send(a, { to: { profile_id: b.profileId }, kind: 'gift', gift: 'yacht' })).status).toBe(400);
    expect(await credits(a.memberId)).toBe(100 - PRICE.gift - PRICE.photo);
  });

  it('refuses with "Je hebt onvoldoende credits" and sends and charges nothing', async () => {
    const a = await chatMember({ credits: PRICE.text - 1 });
    const b = await chatMember();
    const res = await send(a, textTo(b.profileId));
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ error: { code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' } });
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 4, ledger: 4, messages: 0, spends: 0 });
    expect(await chats(b)).toEqual([]);
  });

  it('lets exactly as many of 20 concurrent sends succeed as the credits pay for (10), never below zero', async () => {
    const a = await chatMember({ credits: 10 * PRICE.text });
    const b = await chatMember();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send(a, textTo(b.profileId, `bericht ${i}`))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 0, ledger: 0, messages: 10, spends: 10 });
  });

  it('answers a retried send with the same message and never charges or sends twice', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember();
    const key = newKey();
    const first = await send(a, textTo(b.profileId, 'één keer'), key);
    const retries = await Promise.all([1, 2, 3].map(() => send(a, textTo(b.profileId, 'één keer'), key)));
    expect(first.status).toBe(201);
    const id = ((await first.json()) as any).message.id;
    for (const r of retries) {
      expect(r.status).toBe(200);
      const body = (await r.json()) as any;
      expect(body.message.id).toBe(id);
      expect(body.credits).toBe(45); // the balance as it is, charged once
    }
    // The same key with another message is a client bug, not a retry.
    const conflict = await send(a, textTo(b.profileId, 'iets anders'), key);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as any).error.code).toBe('idempotency_conflict');
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 45, ledger: 45, messages: 1, spends: 1 });
  });

  it("answers a retry with the message's tick as the peer has seen it, and refuses another member's conversation", async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const key = newKey();
    const sent = (await (await send(a, textTo(b.profileId, 'gezien?'), key)).json()) as any;
    expect((await call('flirtlokaal', 'PUT', '/api/chat.php', { conversation: { id: sent.conversation.id } }, b.cookie)).status).toBe(200);
    const retry = await send(a, textTo(b.profileId, 'gezien?'), key);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as any).message).toMatchObject({ id: sent.message.id, status: 'read' });

    const outsider = await chatMember({ credits: 20 });
    const foreign = await send(outsider, { to: { conversation_id: sent.conversation.id }, kind: 'text', text: 'ik ook' });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as any).error.code).toBe('conversation_not_found');
    expect(await assertBooksBalance(outsider.memberId)).toEqual({ credits: 20, ledger: 20, messages: 0, spends: 0 });
    expect((await history(a, `id=${sent.conversation.id}`)).body.messages).toHaveLength(1);
  });

  it('replies within an existing conversation by its id', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember({ credits: 20 });
    const conv = ((await (await send(a, textTo(b.profileId))).json()) as any).conversation.id;
    const reply = await send(b, { to: { conversation_id: conv }, kind: 'text', text: 'Goed, en jij?' });
    expect(reply.status).toBe(201);
    const page = await history(a, `id=${conv}`);
    expect(page.body.messages.map((m: any) => [m.from_me, m.text])).toEqual([
      [true, 'Hoi, hoe gaat het?'],
      [false, 'Goed, en jij?'],
    ]);
  });

  it('pages back in time', async () => {
    const a = await chatMember({ credits: 40 * PRICE.text });
    const b = await chatMember();
    let conv = 0;
    for (let i = 0; i < 35; i++) conv = ((await (await send(a, textTo(b.profileId, `m${i}`))).json()) as any).conversation.id;
    const first = await history(b, `id=${conv}`);
    expect(first.body.messages).toHaveLength(30);
    expect(first.body.has_more).toBe(true);
    expect(first.body.messages.at(-1).text).toBe('m34');
    const older = await history(b, `id=${conv}&before=${first.body.messages[0].id}`);
    expect(older.body.messages.map((m: any) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.body.has_more).toBe(false);
  });
});
