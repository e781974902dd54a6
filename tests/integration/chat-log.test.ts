import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_PAGE } from '../../core/schemas/chat';
import { exportMessages } from '../../worker/account/export-messages';
import { conversationLog } from '../../worker/chat/log-rows';
import { ledgerBalance } from '../../worker/db/ledger';
import { call } from './account-helpers';
import {
  BRAND,
  chatMember,
  credits,
  fictionalProfile,
  history,
  newKey,
  openSocket,
  PRICE,
  send,
  textTo,
  type TestMember,
} from './chat-helpers';
import { createStaff, staffApi } from './staff-helpers';

type Json = any;

/** A send with the test-only fault between the charge and the append to the conversation's log. */
const faultySend = (from: TestMember, body: Record<string, unknown>, key: string) =>
  call(BRAND, 'POST', '/api/chat.php', body, from.cookie, { 'Idempotency-Key': key, 'X-Test-Fault': 'after-charge' });

async function conversationOf(memberId: number, peerProfileId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT conversation_id FROM chat_sides WHERE member_id = ? AND peer_profile_id = ?')
    .bind(memberId, peerProfileId)
    .first<{ conversation_id: number }>();
  return row!.conversation_id;
}

describe('chat: messages in one Durable Object per conversation', () => {
  it('appends every send to its conversation log, and the history is read from there', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const first = (await (await send(a, textTo(b.profileId, 'een'))).json()) as Json;
    const id = first.conversation.id as number;
    expect((await send(b, { to: { conversation_id: id }, kind: 'text', text: 'twee' })).status).toBe(201);
    const summary = await conversationLog(env, BRAND, id).summary();
    expect(summary.count).toBe(2);
    // D1's row changed behind the log's back: the member still reads what the log holds.
    await env.DB.prepare("UPDATE messages SET body = 'in D1 only' WHERE id = ?").bind(first.message.id).run();
    const page = await history(b, `id=${id}`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: Json) => m.text)).toEqual(['een', 'twee']);
    expect(page.body.messages[0].from_me).toBe(false);
  });

  it("the data export reads the member's messages from the logs, both ways, with the cost of their own", async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember({ credits: 50 });
    const sent = (await (await send(a, textTo(b.profileId, 'van a'))).json()) as Json;
    await send(b, { to: { conversation_id: sent.conversation.id }, kind: 'text', text: 'van b' });
    await env.DB.prepare("UPDATE messages SET body = 'in D1 only' WHERE conversation_id = ?").bind(sent.conversation.id).run();
    const exported = await exportMessages(env, env.DB, BRAND, a.profileId);
    expect(exported.map((m) => [m.direction, m.body, m.cost, m.peer_profile_id])).toEqual([
      ['sent', 'van a', PRICE.text, b.profileId],
      ['received', 'van b', null, b.profileId],
    ]);
  });

  it('names the object from a conversation the caller may see: a foreign conversation id reaches no history', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember({ credits: 20 });
    const c = await chatMember();
    const sent = (await (await send(a, textTo(b.profileId, 'privé'))).json()) as Json;
    const foreign = await history(c, `id=${sent.conversation.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('conversation_not_found');
  });

  it("hides a held sender's messages from the peer (unconfirmed e-mail), as before", async () => {
    const a = await chatMember({ credits: 20, status: 'not_confirmed' });
    const b = await chatMember();
    const sent = (await (await send(a, textTo(b.profileId, 'wacht even'))).json()) as Json;
    expect((await history(a, `id=${sent.conversation.id}`)).body.messages).toHaveLength(1);
    expect((await history(b, `id=${sent.conversation.id}`)).status).toBe(200);
    expect((await history(b, `id=${sent.conversation.id}`)).body.messages).toHaveLength(0);
  });

  it('50 concurrent sends failing between charge and append: the retries complete them, each charged exactly once', async () => {
    const a = await chatMember({ credits: 50 * PRICE.text });
    const b = await chatMember();
    const keys = Array.from({ length: 50 }, () => newKey());
    // Every other send meets the fault; all 50 race for the same new conversation.
    const first = await Promise.all(
      keys.map((key, i) =>
        i % 2 === 0 ? faultySend(a, textTo(b.profileId, `bericht ${i}`), key) : send(a, textTo(b.profileId, `bericht ${i}`), key),
      ),
    );
    const statuses = first.map((r) => r.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(25);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(((await first[0].json()) as Json).error.code).toBe('message_pending');
    // Paid, not yet in the log: the charge stands (the D1 row is the send's record) and the log lacks exactly those.
    expect(await credits(a.memberId)).toBe(0);
    const id = await conversationOf(a.memberId, b.profileId);
    const log = conversationLog(env, BRAND, id);
    for (const [i, key] of keys.entries()) expect((await log.byKey(a.profileId, key)) === null).toBe(i % 2 === 0);

    // The app's fetch client retries a 503 with the same key: each completes, nothing is charged again.
    const retries = await Promise.all(keys.map((key, i) => send(a, textTo(b.profileId, `bericht ${i}`), key)));
    expect(retries.map((r) => r.status)).toEqual(keys.map(() => 200));
    expect(await credits(a.memberId)).toBe(0);
    expect(await ledgerBalance(env.DB, BRAND, a.memberId)).toBe(0);

    // Every charge has its message in the log, and no message in the log lacks its charge.
    const { results: charges } = await env.DB.prepare("SELECT ref, delta FROM credit_ledger WHERE member_id = ? AND ref LIKE 'message:%'")
      .bind(a.memberId)
      .all<{ ref: string; delta: number }>();
    expect(charges).toHaveLength(50);
    const logged = await log.all(0, 1000);
    expect(logged).toHaveLength(50);
    expect(new Set(charges.map((c) => c.ref))).toEqual(new Set(logged.map((m) => `message:${a.memberId}:${m.client_key}`)));
    expect(charges.every((c) => c.delta === -PRICE.text)).toBe(true);
    expect(logged.every((m) => m.cost === PRICE.text)).toBe(true);
    // The recipient reads all 50, once each.
    const page = await history(b, `id=${id}`);
    expect(page.body.messages).toHaveLength(Math.min(50, MESSAGE_PAGE));
    expect(page.body.has_more).toBe(50 > MESSAGE_PAGE);
    expect(new Set(logged.map((m) => m.id)).size).toBe(50);
  }, 60_000);

  it('a send whose append failed and was never retried still shows: the reader brings the log up to D1 first', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const ok = (await (await send(a, textTo(b.profileId, 'eerste'))).json()) as Json;
    const res = await faultySend(a, { to: { conversation_id: ok.conversation.id }, kind: 'text', text: 'tweede' }, newKey());
    expect(res.status).toBe(503);
    expect((await conversationLog(env, BRAND, ok.conversation.id).summary()).count).toBe(1);
    const page = await history(b, `id=${ok.conversation.id}`);
    expect(page.body.messages.map((m: Json) => m.text)).toEqual(['eerste', 'tweede']);
    expect((await conversationLog(env, BRAND, ok.conversation.id).summary()).count).toBe(2);
  });

  it('the retry that completes a failed append delivers the message live, once', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const first = (await (await send(a, textTo(b.profileId, 'hallo'))).json()) as Json;
    const tab = await openSocket(b);
    await tab.next('hello');
    const key = newKey();
    const body = { to: { conversation_id: first.conversation.id }, kind: 'text', text: 'na de storing' };
    expect((await faultySend(a, body, key)).status).toBe(503);
    const retried = (await (await send(a, body, key)).json()) as Json;
    const frame = await tab.next('message', (f) => f.message.id === retried.message.id);
    expect(frame.message.text).toBe('na de storing');
    // Another retry completes nothing: no second delivery.
    expect((await send(a, body, key)).status).toBe(200);
    const marker = (await (await send(a, { ...body, text: 'daarna' })).json()) as Json;
    await tab.next('message', (f) => f.message.id === marker.message.id);
    expect(tab.frames.filter((f) => f.type === 'message' && f.message.id === retried.message.id)).toHaveLength(1);
    tab.ws.close();
  });

  it("the staff answer screen reads the conversation's log, replies included", async () => {
    const op = await createStaff([{ brand: BRAND, role: 'operator' }]);
    const member = await chatMember({ credits: 50 });
    const profileId = await fictionalProfile();
    const sent = (await (await send(member, textTo(profileId, 'Ben je er?'))).json()) as Json;
    const id = sent.conversation.id as number;
    expect((await staffApi(BRAND, 'POST', 'claim.php', { cookie: op.cookie, body: { brand: BRAND, conversation_id: id } })).status).toBe(
      200,
    );
    const replied = await staffApi(BRAND, 'POST', 'reply.php', {
      cookie: op.cookie,
      body: { brand: BRAND, conversation_id: id, text: 'Ja hoor' },
    });
    expect(replied.ok).toBe(true);
    // The reply reaches the log after the answer (with its delivery); then D1's copy is altered: the screen shows the log's.
    await vi.waitFor(async () => expect((await conversationLog(env, BRAND, id).summary()).count).toBe(2));
    await env.DB.prepare("UPDATE messages SET body = 'in D1 only' WHERE conversation_id = ?").bind(id).run();
    const screen = (await (await staffApi(BRAND, 'GET', `conversation.php?brand=${BRAND}&id=${id}`, { cookie: op.cookie })).json()) as Json;
    expect(screen.messages.map((m: Json) => [m.from, m.text])).toEqual([
      ['member', 'Ben je er?'],
      ['profile', 'Ja hoor'],
    ]);
    // And the member's chat shows the reply from the log too.
    expect((await history(member, `id=${id}`)).body.messages.map((m: Json) => m.text)).toEqual(['Ben je er?', 'Ja hoor']);
  });
});
