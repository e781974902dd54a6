import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { announceReleasedMessages } from '../../worker/chat/release';
import { purgeExpired } from '../../worker/account/purge';
import { restoreMember, softDeleteMember } from '../../worker/account/accounts';
import { conversationLog } from '../../worker/chat/log-rows';
import { blockProfile, unblockProfile } from '../../worker/profiles/blocks';
import { mediaAccess } from '../../worker/photos/access';
import { report } from './reports-helpers';
import { BRAND, chatMember, chats, history, openSocket, send, textTo, type TestMember } from './chat-helpers';

type Json = any;

/**
 * The chat list reads each member's side (migration 0044: last message preview, own newest, unread count written by
 * the send's batch), never D1's messages: each test drops the conversation's D1 message rows before it lists, so it
 * fails on a list that still reads them (docs/decisions/016, the way there, step 1).
 */
async function dropD1Messages(conversationId: number) {
  // A row of a conversation of no brand keeps the table's newest id: SQLite would give the next message a deleted
  // row's id again (messages.id is a plain INTEGER PRIMARY KEY), which the conversation's log already holds.
  const at = new Date().toISOString();
  const lo = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES ('no-brand', ?1, ?1 + 1, ?1, ?2)",
    ).bind(lo, at),
    env.DB.prepare(
      `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, recipient_profile_id, kind, body, cost, client_key, created_at)
       SELECT 'no-brand', id, ?1, ?1 + 1, 'text', 'keeps the newest id', 0, 'sentinel', ?2 FROM conversations WHERE tenant_id = 'no-brand' AND profile_lo = ?1`,
    ).bind(lo, at),
    env.DB.prepare('DELETE FROM messages WHERE conversation_id = ?').bind(conversationId),
  ]);
}

const entry = async (m: TestMember, conversationId: number) => (await chats(m)).find((c) => c.conversation.id === conversationId);
const reply = (from: TestMember, conversationId: number, text: string) =>
  send(from, { to: { conversation_id: conversationId }, kind: 'text', text });

describe('chat list: from the members’ sides, not from the messages', () => {
  it('shows the newest message and counts the unread ones with no message row left in D1', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const first = (await (await send(a, textTo(b.profileId, 'een'))).json()) as Json;
    const id = first.conversation.id as number;
    await reply(a, id, 'twee');
    const long = `drie ${'x'.repeat(120)}`;
    const third = (await (await reply(a, id, long)).json()) as Json;
    await dropD1Messages(id);

    const forB = await entry(b, id);
    expect(forB?.num_unread_messages).toBe(3);
    expect(forB?.profile.id).toBe(a.profileId);
    expect(forB?.conversation.last_message).toMatchObject({ id: third.message.id, from_me: false, kind: 'text', client_key: null });
    // A preview: the list keeps the first 80 characters; the conversation (from the log) keeps the whole text.
    expect(forB?.conversation.last_message.text).toBe(long.slice(0, 80));
    const forA = await entry(a, id);
    expect(forA?.num_unread_messages).toBe(0);
    expect(forA?.conversation.last_message).toMatchObject({ id: third.message.id, from_me: true, status: 'sent' });

    // B reads: the counter goes to 0; B answers: A has one unread, B's list shows B's own answer.
    expect((await call('flirtlokaal', 'PUT', '/api/chat.php', { conversation: { id } }, b.cookie)).status).toBe(200);
    expect((await entry(b, id))?.num_unread_messages).toBe(0);
    expect((await entry(a, id))?.conversation.last_message.status).toBe('read');
    await reply(b, id, 'vier');
    await dropD1Messages(id);
    expect((await entry(a, id))?.num_unread_messages).toBe(1);
    expect((await entry(a, id))?.conversation.last_message.text).toBe('vier');
    expect((await entry(b, id))?.conversation.last_message).toMatchObject({ text: 'vier', from_me: true });
  });

  it('leaves a hidden conversation out until a new message, which counts alone', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const id = ((await (await send(a, textTo(b.profileId, 'een'))).json()) as Json).conversation.id as number;
    await reply(a, id, 'twee');
    expect((await call('flirtlokaal', 'DELETE', '/api/chat.php', { conversation: { id } }, b.cookie)).status).toBe(200);
    await dropD1Messages(id);
    expect(await entry(b, id)).toBeUndefined();
    await reply(a, id, 'drie');
    await dropD1Messages(id);
    const back = await entry(b, id);
    expect(back?.num_unread_messages).toBe(1);
    expect(back?.conversation.last_message.text).toBe('drie');
  });

  it("keeps a held sender's messages out of the recipient's list, and counts them once they show", async () => {
    const a = await chatMember({ credits: 50, status: 'not_confirmed' });
    const b = await chatMember({ credits: 50 });
    const id = ((await (await send(a, textTo(b.profileId, 'een'))).json()) as Json).conversation.id as number;
    await reply(a, id, 'twee');
    await dropD1Messages(id);
    expect(await entry(b, id)).toBeUndefined();
    // B's read mark while they are held changes nothing: they still count once they show.
    await call('flirtlokaal', 'PUT', '/api/chat.php', { conversation: { id } }, b.cookie);
    expect((await entry(a, id))?.conversation.last_message).toMatchObject({ text: 'twee', from_me: true });
    await env.DB.prepare("UPDATE members SET status = 'confirmed' WHERE id = ?").bind(a.memberId).run();
    const shown = await entry(b, id);
    expect(shown?.num_unread_messages).toBe(2);
    expect(shown?.conversation.last_message.text).toBe('twee');
  });

  it('announces released messages from the sides, with no message row left in D1', async () => {
    const a = await chatMember({ credits: 50, status: 'not_confirmed' });
    const b = await chatMember();
    const tab = await openSocket(b);
    const held = (await (await send(a, textTo(b.profileId, 'vast'))).json()) as Json;
    await dropD1Messages(held.conversation.id);
    await env.DB.prepare("UPDATE members SET status = 'confirmed' WHERE id = ?").bind(a.memberId).run();
    await announceReleasedMessages(env, BRAND, a.memberId, new Date());
    expect(await tab.next('message')).toMatchObject({
      released: true,
      conversation_id: held.conversation.id,
      message: { id: held.message.id, text: 'vast', from_me: false },
      profile: { id: a.profileId },
    });
    tab.ws.close(1000);
  });
});

describe('deletion, its recovery and blocking, with the messages only in the logs', () => {
  it('keeps a deleted account’s messages for its 14-day recovery, and purges them from the logs and the lists after', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const id = ((await (await send(a, textTo(b.profileId, 'van a'))).json()) as Json).conversation.id as number;
    await reply(b, id, 'van b');
    await reply(a, id, 'nog eens a');
    await dropD1Messages(id);
    const texts = async (m: TestMember) => (await history(m, `id=${id}`)).body.messages.map((x: Json) => x.text);

    expect(await softDeleteMember(env.DB, BRAND, a.memberId, 'other', new Date())).toBe('confirmed');
    expect(await purgeExpired(env, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    expect((await conversationLog(env, BRAND, id).summary()).count).toBe(3);
    await restoreMember(env.DB, BRAND, a.memberId, 'confirmed');
    // (A's sessions ended with the deletion; B reads the conversation as it was.)
    expect(await texts(b)).toEqual(['van a', 'van b', 'nog eens a']);
    expect((await entry(b, id))?.conversation.last_message.text).toBe('nog eens a');

    await softDeleteMember(env.DB, BRAND, a.memberId, 'other', new Date());
    expect(await purgeExpired(env, new Date(Date.now() + 15 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const log = conversationLog(env, BRAND, id);
    expect((await log.all()).map((m) => [m.sender_profile_id, m.body])).toEqual([[b.profileId, 'van b']]);
    const side = await env.DB.prepare('SELECT last_message FROM chat_sides WHERE member_id = ? AND conversation_id = ?')
      .bind(b.memberId, id)
      .first<{ last_message: string | null }>();
    expect(side?.last_message).toBeNull();
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM chat_sides WHERE member_id = ?').bind(a.memberId).first('n')).toBe(0);
  });

  it('hides the blocker’s conversation from the blocked member, and shows it again after unblocking', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const id = ((await (await send(a, textTo(b.profileId, 'hallo'))).json()) as Json).conversation.id as number;
    await reply(b, id, 'hoi');
    await dropD1Messages(id);
    await blockProfile(env.DB, BRAND, b.memberId, a.profileId, new Date());
    expect(await entry(a, id)).toBeUndefined();
    expect((await history(a, `id=${id}`)).status).toBe(404);
    expect((await send(a, { to: { conversation_id: id }, kind: 'text', text: 'nog?' })).status).toBe(404);
    await unblockProfile(env.DB, BRAND, b.memberId, a.profileId);
    expect((await entry(a, id))?.conversation.last_message).toMatchObject({ text: 'hoi', from_me: false });
    expect((await entry(a, id))?.num_unread_messages).toBe(1);
    expect((await history(a, `id=${id}`)).body.messages.map((x: Json) => x.text)).toEqual(['hallo', 'hoi']);
  });
});

describe('a complaint quoting a message', () => {
  it('copies the text from the conversation’s log into the notice, for the recipient only', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const c = await chatMember({ credits: 50 });
    const sent = (await (await send(a, textTo(b.profileId, 'Maak 200 euro over'))).json()) as Json;
    const other = (await (await send(a, textTo(c.profileId, 'Ook jij: 200 euro'))).json()) as Json;
    await reply(b, sent.conversation.id, 'nee');
    await dropD1Messages(sent.conversation.id);
    await dropD1Messages(other.conversation.id);
    const filed = await report({ target: 'message', id: sent.message.id, reason: 'scam' }, b.cookie);
    expect(filed.status).toBe(201);
    const { id } = (await filed.json()) as { id: number };
    const row = await env.DB.prepare('SELECT shared_text, target_profile_id FROM reports WHERE id = ?').bind(id).first();
    expect(row).toEqual({ shared_text: 'Maak 200 euro over', target_profile_id: a.profileId });
    // Another conversation's message, and one's own, cannot be reported.
    expect((await report({ target: 'message', id: other.message.id, reason: 'scam' }, b.cookie)).status).toBe(404);
    expect((await report({ target: 'message', id: sent.message.id, reason: 'scam' }, a.cookie)).status).toBe(404);
  });
});

describe('a private photo sent in a chat', () => {
  it('may be seen by its recipient with no message row left in D1, by nobody else', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ paid: false });
    const c = await chatMember({ paid: false });
    const hex = crypto.randomUUID().replaceAll('-', '');
    await env.DB.prepare(
      "INSERT INTO photos (id, tenant_id, profile_id, filename, thumb_filename, status, private, created_at) VALUES (?, ?, ?, ?, ?, 'active', 1, ?)",
    )
      .bind(a.profileId * 10 + 1, BRAND, a.profileId, `p/${hex}.jpg`, `p/${hex}-t.jpg`, new Date().toISOString())
      .run();
    const sent = (await (await send(a, { to: { profile_id: b.profileId }, kind: 'photo', photo_id: a.profileId * 10 + 1 })).json()) as Json;
    await dropD1Messages(sent.conversation.id);
    const access = (viewer: TestMember) =>
      mediaAccess(
        env.DB,
        BRAND,
        `p/${hex}-t.jpg`,
        { id: viewer.memberId, profileId: viewer.profileId, paidUser: false } as never,
        async () => false,
      );
    expect(await access(b)).toBe('private');
    expect(await access(c)).toBe('refused');
  });
});
