import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { QueueResponse } from '../../core/schemas/staff-answers';
import { fictionalMessageStatements, readBackStatement, type FictionalMessage } from '../../worker/chat/fictional-message';
import type { OrderRow } from '../../worker/payments/orders';
import { collectEvidence } from '../../worker/payments/evidence-pack';
import { intoNewConversation } from '../../worker/staff/answering/first-message';
import { computeDays } from '../../worker/staff/dashboard/compute';
import { TENANTS } from '../../worker/tenants';
import { BRAND, chatMember, fictionalProfile, newKey, send, textTo, type TestMember } from './chat-helpers';
import { createStaff, staffApi } from './staff-helpers';

type Json = any;

/**
 * The staff queue's flag, the answer time, the first message's guard, the daily figures, the member detail's count
 * and the evidence pack read no D1 message (docs/decisions/016, step 2): each test drops the conversation's D1
 * message rows before it reads (migration 0048: ids are never handed out again, so dropping is safe), so it fails on
 * a reader that still reads them.
 */
async function dropD1Messages(conversationId: number) {
  await env.DB.prepare('DELETE FROM messages WHERE conversation_id = ?').bind(conversationId).run();
}

const sendTo = async (from: TestMember, body: Record<string, unknown>, key = newKey()) => {
  const res = await send(from, body, key);
  return { status: res.status, body: (await res.json()) as Json };
};
const more = (from: TestMember, conversationId: number, text: string, key = newKey()) =>
  sendTo(from, { to: { conversation_id: conversationId }, kind: 'text', text }, key);

const operator = () => createStaff([{ brand: BRAND, role: 'operator' }]);

async function queueItem(cookie: string, conversationId: number) {
  const res = await staffApi(BRAND, 'GET', `queue.php?brand=${BRAND}`, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as QueueResponse).items.find((i) => i.conversation_id === conversationId);
}

describe('the staff queue reads no message', () => {
  it('flags a member who asked whether the profile is real since the waiting began, with no message row in D1', async () => {
    const op = await operator();
    const member = await chatMember({ credits: 100 });
    const asking = await sendTo(member, textTo(await fictionalProfile(), 'Hoi!'));
    const id = asking.body.conversation.id as number;
    expect((await more(member, id, 'Ben je echt of ben je een bot?')).status).toBe(201);
    expect((await more(member, id, 'Zin in koffie?')).status).toBe(201);
    // A plain conversation next to it stays unflagged.
    const plain = await sendTo(member, textTo(await fictionalProfile(), 'Zin in een drankje?'));
    await dropD1Messages(id);
    await dropD1Messages(plain.body.conversation.id);
    expect((await queueItem(op.cookie, id))?.asks_if_real).toBe(true);
    expect((await queueItem(op.cookie, plain.body.conversation.id))?.asks_if_real).toBe(false);
  });

  it('starts unflagged when the member waits again after an answer; a replay of the question flags nothing', async () => {
    const op = await operator();
    const member = await chatMember({ credits: 100 });
    const askKey = newKey();
    const profileId = await fictionalProfile();
    const first = await sendTo(member, textTo(profileId, 'Are you real?'), askKey);
    const id = first.body.conversation.id as number;
    const claimed = await staffApi(BRAND, 'POST', 'claim.php', { cookie: op.cookie, body: { brand: BRAND, conversation_id: id } });
    expect(claimed.status).toBe(200);
    const answer = await staffApi(BRAND, 'POST', 'reply.php', {
      cookie: op.cookie,
      body: { brand: BRAND, conversation_id: id, text: 'Hoi!' },
    });
    expect(answer.status).toBe(201);
    expect((await more(member, id, 'Leuk, en nu?')).status).toBe(201);
    // The replay is recognised by the send's own batch (its key in D1: step 3 of the record moves that), so it
    // runs before the rows go.
    expect((await sendTo(member, textTo(profileId, 'Are you real?'), askKey)).status).toBe(200);
    await dropD1Messages(id);
    expect((await queueItem(op.cookie, id))?.asks_if_real).toBe(false);
    expect((await more(member, id, 'Are you real?')).status).toBe(201);
    await dropD1Messages(id);
    expect((await queueItem(op.cookie, id))?.asks_if_real).toBe(true);
  });
});

describe('the answer time', () => {
  it('is how long the member waited (from the conversation row), answered and kept, with no message row in D1', async () => {
    const op = await operator();
    const member = await chatMember({ credits: 20 });
    const first = await sendTo(member, textTo(await fictionalProfile(), 'Hallo?'));
    const id = first.body.conversation.id as number;
    const since = new Date(Date.now() - 90_000).toISOString();
    await env.DB.prepare('UPDATE conversations SET waiting_since = ? WHERE id = ?').bind(since, id).run();
    await dropD1Messages(id);
    expect((await staffApi(BRAND, 'POST', 'claim.php', { cookie: op.cookie, body: { brand: BRAND, conversation_id: id } })).status).toBe(
      200,
    );
    const res = await staffApi(BRAND, 'POST', 'reply.php', { cookie: op.cookie, body: { brand: BRAND, conversation_id: id, text: 'Ja!' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.waited_ms).toBeGreaterThanOrEqual(90_000);
    expect(body.waited_ms).toBeLessThan(120_000);
    const kept = await env.DB.prepare('SELECT waited_ms, conversation_id FROM staff_messages WHERE message_id = ?')
      .bind(body.message.id)
      .first<{ waited_ms: number; conversation_id: number }>();
    expect(kept).toEqual({ waited_ms: body.waited_ms, conversation_id: id });
  });
});

describe("the first message's guard", () => {
  it('sends nothing into a conversation the member started, even with its messages gone from D1', async () => {
    const member = await chatMember({ credits: 20 });
    const profileId = await fictionalProfile();
    const first = await sendTo(member, textTo(profileId, 'Hoi'));
    const id = first.body.conversation.id as number;
    await dropD1Messages(id);
    // As the first message's batch runs when the member wrote between its check and its batch.
    const now = new Date();
    const m: FictionalMessage = {
      tenantId: BRAND,
      profileId,
      memberId: member.memberId,
      memberProfileId: member.profileId,
      kind: 'text',
      text: 'Hoi jij!',
      photoId: null,
      key: `first:test:${newKey()}`,
      now,
      create: true,
      guard: intoNewConversation(BRAND, profileId, member.profileId, now),
    };
    const results = await env.DB.batch([...fictionalMessageStatements(env.DB, m), readBackStatement(env.DB, m)]);
    expect(results.at(-1)!.results).toEqual([]);

    // Into a conversation the batch itself creates, it is sent.
    const other = await chatMember({ credits: 20 });
    const m2: FictionalMessage = {
      ...m,
      memberId: other.memberId,
      memberProfileId: other.profileId,
      key: `first:test:${newKey()}`,
      guard: intoNewConversation(BRAND, profileId, other.profileId, now),
    };
    const sent = await env.DB.batch([...fictionalMessageStatements(env.DB, m2), readBackStatement(env.DB, m2)]);
    expect(sent.at(-1)!.results).toEqual([expect.objectContaining({ body: 'Hoi jij!' })]);
  });
});

describe('the daily figures', () => {
  it("count the members' messages of the day once each (replays add nothing), with no message row in D1", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const count = async () => (await computeDays(env.DB, [BRAND], today, today)).get(BRAND)!.get(today)!.counts.messages_members;
    const before = await count();
    const a = await chatMember({ credits: 100 });
    const b = await chatMember({ credits: 100 });
    const key = newKey();
    const first = await sendTo(a, textTo(b.profileId, 'een'), key);
    const id = first.body.conversation.id as number;
    expect((await more(b, id, 'twee')).status).toBe(201);
    expect((await more(a, id, 'drie')).status).toBe(201);
    expect((await sendTo(a, textTo(b.profileId, 'een'), key)).status).toBe(200);
    // 20 at once, half of them replays of the other half.
    const keys = Array.from({ length: 10 }, () => newKey());
    const answers = await Promise.all([...keys, ...keys].map((k) => more(a, id, `x${k}`, k)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    await dropD1Messages(id);
    expect(await count()).toBe(before + 13);
  });
});

describe("the member detail's message count", () => {
  it("counts the member's sent messages from the ledger, with no message row in D1", async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember({ credits: 100 });
    const key = newKey();
    const first = await sendTo(a, textTo(b.profileId, 'een'), key);
    const id = first.body.conversation.id as number;
    expect((await more(a, id, 'twee')).status).toBe(201);
    expect((await more(b, id, 'drie')).status).toBe(201);
    expect((await sendTo(a, textTo(b.profileId, 'een'), key)).status).toBe(200);
    await dropD1Messages(id);
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const res = await staffApi(BRAND, 'GET', `member.php?brand=${BRAND}&id=${a.memberId}`, { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).conversations).toMatchObject({ with_members: 1, messages_sent: 2 });
  });
});

describe('the evidence pack', () => {
  it("lists the member's messages after the purchase from the conversation logs, never a text, with no message row in D1", async () => {
    const a = await chatMember({ credits: 100 });
    const b = await chatMember({ credits: 100 });
    const c = await chatMember({ credits: 100 });
    const paidAt = new Date(Date.now() - 1000).toISOString();
    const one = await sendTo(a, textTo(b.profileId, 'MY-OWN-WORDS'));
    const two = await sendTo(a, textTo(c.profileId, 'MY-OWN-WORDS-2'));
    expect((await more(b, one.body.conversation.id, 'SECRET-OF-ANOTHER-MEMBER')).status).toBe(201);
    await dropD1Messages(one.body.conversation.id);
    await dropD1Messages(two.body.conversation.id);
    const tenant = TENANTS.find((t) => t.id === BRAND)!;
    const order = {
      id: 0,
      member_id: a.memberId,
      created_at: paidAt,
      paid_at: paidAt,
      provider: 'verotel',
      provider_payment_id: null,
    } as unknown as OrderRow;
    const pack = await collectEvidence(env, env.DB, tenant, order);
    const sent = pack.messages_sent_after_purchase as { count: number; recipients: number; messages: unknown[] };
    expect(sent).toMatchObject({ count: 2, recipients: 2 });
    expect(sent.messages).toEqual([
      { created_at: one.body.message.created_at ?? expect.any(String), recipient_profile_id: b.profileId, kind: 'text', cost: 5 },
      { created_at: two.body.message.created_at ?? expect.any(String), recipient_profile_id: c.profileId, kind: 'text', cost: 5 },
    ]);
    expect(JSON.stringify(pack)).not.toContain('MY-OWN-WORDS');
    expect(JSON.stringify(pack)).not.toContain('SECRET-OF-ANOTHER-MEMBER');
  });
});
