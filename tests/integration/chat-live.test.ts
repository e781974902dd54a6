import { describe, expect, it, vi } from 'vitest';
import { announceReleasedMessages } from '../../worker/chat/release';
import { publishToMember } from '../../worker/live/events';
import { env } from 'cloudflare:test';
import { fetchBrand } from './helpers';
import { call } from './account-helpers';
import { BRAND, chatMember, chats, openSocket, send, textTo } from './chat-helpers';

describe('live delivery', () => {
  it("fans a new message out to every open tab of the recipient and the sender's other tabs, with receipts", async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const [tab1, tab2, senderTab] = [await openSocket(b), await openSocket(b), await openSocket(a)];
    const sent = (await (await send(a, textTo(b.profileId, 'live!'))).json()) as any;
    for (const tab of [tab1, tab2]) {
      const frame = await tab.next('message');
      expect(frame).toMatchObject({
        conversation_id: sent.conversation.id,
        message: { text: 'live!', from_me: false },
        profile: { id: a.profileId },
      });
    }
    expect(await senderTab.next('message')).toMatchObject({ message: { from_me: true, text: 'live!' } });
    expect(await senderTab.next('credits')).toEqual({ type: 'credits', credits: 15 });
    // A tab of the recipient got it: the sender's tick turns to delivered; opening the chat turns it to read.
    expect(await senderTab.next('receipt')).toMatchObject({ conversation_id: sent.conversation.id, delivered_upto: sent.message.id });
    await call(BRAND, 'PUT', '/api/chat.php', { conversation: { id: sent.conversation.id } }, b.cookie);
    expect(await senderTab.next('receipt', (f) => f.read_upto === sent.message.id)).toBeTruthy();
    // Every tab of the reader hears what was read, and its chat list counts nothing unread there any more.
    expect(await tab2.next('read')).toEqual({ type: 'read', conversation_id: sent.conversation.id, read_upto: sent.message.id });
    for (const t of [tab1, tab2, senderTab]) t.ws.close(1000);
  });

  it('lets other services publish likes, matches and credit changes', async () => {
    const b = await chatMember();
    const tab = await openSocket(b);
    const reached = await publishToMember(env, BRAND, b.memberId, { type: 'like', profile: { id: 5, name: 'Sanne', main_image: null } });
    expect(reached).toBe(1);
    expect(await tab.next('like')).toMatchObject({ profile: { name: 'Sanne' } });
    tab.ws.close(1000);
  });

  it('does not deliver held messages live', async () => {
    const a = await chatMember({ credits: 20, status: 'not_confirmed' });
    const b = await chatMember();
    const tab = await openSocket(b);
    const mine = await openSocket(a);
    await send(a, textTo(b.profileId, 'nog niet'));
    // The recipient's delivery is tried before the sender's tabs hear of the message (worker/chat/deliver.ts):
    // once the sender's tab has the credits, the recipient's tab would have had it.
    await mine.next('credits');
    expect(tab.frames.map((f) => f.type)).toEqual(['hello']);
    tab.ws.close(1000);
    mine.ws.close(1000);
  });

  it('answers ping, refuses frames that are not the protocol, and keeps the socket', async () => {
    const b = await chatMember();
    const tab = await openSocket(b);
    tab.ws.send('{"type":"ping"}');
    await tab.next('pong');
    for (const bad of ['hello', '{"type":"send","text":"x"}', '{"type":"ping","extra":1}', new Uint8Array([1, 2, 3])]) tab.ws.send(bad);
    await vi.waitFor(() => expect(tab.frames.filter((f) => f.type === 'error')).toHaveLength(4), { timeout: 5000, interval: 20 });
    expect(tab.frames.find((f) => f.type === 'error')).toMatchObject({ code: 'bad_frame' });
    tab.ws.send('{"type":"ping"}');
    await vi.waitFor(() => expect(tab.frames.filter((f) => f.type === 'pong')).toHaveLength(2), { timeout: 5000, interval: 20 });
    tab.ws.close(1000);
  });

  it('refuses sockets without a session, from another site, or without the upgrade', async () => {
    const b = await chatMember();
    const anonymous = await fetchBrand(BRAND, '/api/live.php', { headers: { Upgrade: 'websocket' } });
    expect(anonymous.status).toBe(403);
    const foreign = await fetchBrand(BRAND, '/api/live.php', {
      headers: { Upgrade: 'websocket', Cookie: b.cookie, Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const plain = await fetchBrand(BRAND, '/api/live.php', { headers: { Cookie: b.cookie } });
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as any).error.code).toBe('upgrade_required');
  });
});

describe('live likes', () => {
  it('tells the liked member of a new like and of a match, with the liker; an invisible liker stays unseen', async () => {
    const a = await chatMember();
    const b = await chatMember();
    const shy = await chatMember();
    const tabB = await openSocket(b);
    const tabA = await openSocket(a);
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId }, a.cookie);
    expect((await tabB.next('like')).profile).toMatchObject({ id: a.profileId });
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: a.profileId }, b.cookie);
    expect((await tabA.next('match')).profile).toMatchObject({ id: b.profileId });
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(shy.memberId).run();
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId }, shy.cookie);
    // A visible like after the invisible one is the barrier: B's hub delivers in order, so once it is there, the
    // invisible like would have been too.
    const after = await chatMember();
    await call(BRAND, 'POST', '/api/likes.php', { profile_id: b.profileId }, after.cookie);
    await tabB.next('like', (f) => f.profile.id === after.profileId);
    expect(tabB.frames.filter((f) => f.type === 'like' && f.profile.id === shy.profileId)).toEqual([]);
    for (const tab of [tabA, tabB]) tab.ws.close();
  });
});

describe('released messages', () => {
  it('reach the recipient live as soon as the sender confirms the e-mail, or leaves invisible mode', async () => {
    const a = await chatMember({ credits: 30, status: 'not_confirmed' });
    const b = await chatMember();
    const tab = await openSocket(b);
    await send(a, textTo(b.profileId, 'eerste'));
    const held = (await (await send(a, textTo(b.profileId, 'tweede'))).json()) as any;
    const unread = async () => (await chats(b)).find((c) => c.conversation.id === held.conversation.id)?.num_unread_messages ?? 0;
    expect(await unread()).toBe(0);

    await env.DB.prepare("UPDATE members SET status = 'confirmed' WHERE id = ?").bind(a.memberId).run();
    await announceReleasedMessages(env, BRAND, a.memberId, new Date());
    const frame = await tab.next('message');
    expect(frame).toMatchObject({
      released: true,
      conversation_id: held.conversation.id,
      message: { id: held.message.id, text: 'tweede', from_me: false },
      profile: { id: a.profileId },
    });
    expect(tab.frames.filter((f) => f.type === 'message')).toHaveLength(1);
    expect(await unread()).toBe(2);

    // Through the settings endpoint: invisible, a message, visible again. Once read, nothing is announced again.
    await call(BRAND, 'PUT', '/api/chat.php', { conversation: { id: held.conversation.id } }, b.cookie);
    await call(BRAND, 'PUT', '/api/notifications.php', { invisible: true }, a.cookie);
    const hidden = (await (await send(a, textTo(b.profileId, 'onzichtbaar'))).json()) as any;
    await call(BRAND, 'PUT', '/api/notifications.php', { invisible: false }, a.cookie);
    expect(await tab.next('message', (f) => f.message.id === hidden.message.id)).toMatchObject({
      released: true,
      message: { text: 'onzichtbaar' },
    });
    await call(BRAND, 'PUT', '/api/chat.php', { conversation: { id: held.conversation.id } }, b.cookie);
    const before = tab.frames.length;
    await announceReleasedMessages(env, BRAND, a.memberId, new Date());
    // A message from someone else afterwards is the barrier (the hub delivers in order): nothing came before it.
    const other = await chatMember({ credits: 10 });
    const barrier = (await (await send(other, textTo(b.profileId, 'daarna'))).json()) as any;
    await tab.next('message', (f) => f.message.id === barrier.message.id);
    expect(
      tab.frames
        .slice(before)
        .filter((f) => f.type === 'message')
        .map((f) => f.message.id),
    ).toEqual([barrier.message.id]);
    tab.ws.close(1000);
  });
});
