import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { FREE_CONVERSATIONS } from '../../core/constants';
import { writeLastActive } from '../../worker/auth/last-active';
import { call } from './account-helpers';
import { dbOf } from './helpers';
import { assertBooksBalance, BRAND, chatMember, credits, fictionalProfile, newKey, openSocket, PRICE, send, textTo } from './chat-helpers';

// Sends over the member's live socket (worker/chat/member-hub.ts): the same rules, answers and books as
// POST /api/chat.php, which the tab falls back to when the socket is not there (docs/api/chat.md).
describe('sending over the live socket', () => {
  it('sends, answers like the POST, delivers, and a repeated key over either way is the same message, charged once', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const [tabA, tabB] = [await openSocket(a), await openSocket(b)];
    expect(tabA.frames[0]).toEqual({ type: 'hello', sends: true });
    const key = newKey();
    const first = await tabA.sendFrame(textTo(b.profileId, 'via de socket'), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: { text: 'via de socket', from_me: true, client_key: key }, credits: 15 });
    expect(first.bookmark).toMatch(/^[0-9a-f-]+$/);
    expect(await tabB.next('message')).toMatchObject({ message: { id: first.body.message.id, text: 'via de socket', from_me: false } });
    expect(await tabA.next('receipt')).toMatchObject({ delivered_upto: first.body.message.id });

    const again = await tabA.sendFrame(textTo(b.profileId, 'via de socket'), key);
    expect(again).toMatchObject({ status: 200, body: { message: { id: first.body.message.id }, credits: 15 } });
    const overHttp = await send(a, textTo(b.profileId, 'via de socket'), key);
    expect(overHttp.status).toBe(200);
    expect(((await overHttp.json()) as any).message.id).toBe(first.body.message.id);
    const conflict = await tabA.sendFrame(textTo(b.profileId, 'iets anders'), key);
    expect(conflict).toMatchObject({ status: 409, body: { error: { code: 'idempotency_conflict' } } });
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 15, ledger: 15, messages: 1, spends: 1 });
    for (const tab of [tabA, tabB]) tab.ws.close(1000);
  });

  it("answers bad input and broken rules in the member's language and writes nothing", async () => {
    const a = await chatMember({ credits: PRICE.text });
    const b = await chatMember();
    await env.DB.prepare("UPDATE members SET language = 'de' WHERE id = ?").bind(a.memberId).run();
    const tab = await openSocket(a);
    const empty = await tab.sendFrame(textTo(b.profileId, '   '));
    expect(empty).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Bitte überprüfe die markierten Felder.',
          fields: { text: 'Schreib zuerst eine Nachricht.' },
        },
      },
    });
    const badKey = await tab.sendFrame(textTo(b.profileId), 'x');
    expect(badKey).toMatchObject({ status: 400, body: { error: { fields: { key: 'Ungültiger Sendeschlüssel.' } } } });
    expect((await tab.sendFrame(textTo(b.profileId))).status).toBe(201);
    const broke = await tab.sendFrame(textTo(b.profileId));
    expect(broke).toMatchObject({ status: 402, body: { error: { code: 'insufficient_credits', message: 'Du hast nicht genug Credits' } } });
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 0, ledger: 0, messages: 1, spends: 1 });
    tab.ws.close(1000);
  });

  it('stops taking sends the moment the session ends, though the socket is still open', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const tab = await openSocket(a);
    expect((await tab.sendFrame(textTo(b.profileId, 'nog ingelogd'))).status).toBe(201);
    const out = await call(BRAND, 'POST', '/api/logout.php', undefined, a.cookie, { Origin: `https://${BRAND}.localhost` });
    expect(out.status).toBeLessThan(400);
    const after = await tab.sendFrame(textTo(b.profileId, 'uitgelogd'));
    expect(after).toMatchObject({ status: 403, body: { error: { code: 'authentication_required', message: 'Je moet ingelogd zijn.' } } });
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 15, ledger: 15, messages: 1, spends: 1 });
    tab.ws.close(1000);
  });

  it('follows the member as they are now: a confirmed e-mail and a first purchase count on a socket opened before', async () => {
    const a = await chatMember({ credits: 100, paid: false, status: 'not_confirmed' });
    const b = await chatMember({ credits: 20 });
    const tab = await openSocket(a);
    // B writes first: an unconfirmed A may not answer (SPEC.md §5) until the e-mail is confirmed.
    const started = (await (await send(b, textTo(a.profileId, 'hoi A'))).json()) as any;
    const reply = { to: { conversation_id: started.conversation.id }, kind: 'text', text: 'hoi B' };
    expect((await tab.sendFrame(reply)).body.error.code).toBe('email_unconfirmed');
    await env.DB.prepare("UPDATE members SET status = 'confirmed' WHERE id = ?").bind(a.memberId).run();
    expect((await tab.sendFrame(reply)).status).toBe(201);
    // A free member starts at most FREE_CONVERSATIONS conversations; premium lifts it.
    const others = await Promise.all(Array.from({ length: FREE_CONVERSATIONS + 1 }, () => fictionalProfile()));
    for (const id of others.slice(0, FREE_CONVERSATIONS)) expect((await tab.sendFrame(textTo(id))).status).toBe(201);
    expect((await tab.sendFrame(textTo(others[FREE_CONVERSATIONS]))).body.error.code).toBe('conversation_limit');
    await env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(a.memberId).run();
    expect((await tab.sendFrame(textTo(others[FREE_CONVERSATIONS]))).status).toBe(201);
    tab.ws.close(1000);
  });

  it('keeps the sender online: a send is activity, except in invisible mode', async () => {
    const a = await chatMember({ credits: 20 });
    const shy = await chatMember({ credits: 20 });
    const b = await chatMember();
    const long = new Date(Date.now() - 3_600_000).toISOString();
    await env.DB.prepare('UPDATE profiles SET last_active = ? WHERE id IN (?, ?)').bind(long, a.profileId, shy.profileId).run();
    const lastActive = async (id: number) =>
      (await env.DB.prepare('SELECT last_active FROM profiles WHERE id = ?').bind(id).first<{ last_active: string }>())!.last_active;
    const tab = await openSocket(a);
    await tab.sendFrame(textTo(b.profileId));
    // Written after the answer, once per interval: the same hub's next send writes nothing new.
    await vi.waitFor(async () => expect(Date.parse(await lastActive(a.profileId))).toBeGreaterThan(Date.now() - 60_000), { timeout: 5000 });
    const written = await lastActive(a.profileId);
    await tab.sendFrame(textTo(b.profileId));
    expect(await lastActive(a.profileId)).toBe(written);
    tab.ws.close(1000);
    // The hub's write reads invisible mode as it is now.
    await env.DB.prepare('UPDATE members SET invisible = 1 WHERE id = ?').bind(shy.memberId).run();
    expect(await writeLastActive(env.DB, { id: shy.memberId, profileId: shy.profileId, tenantId: BRAND }, new Date())).toBe(false);
    expect(await lastActive(shy.profileId)).toBe(long);
  });
});

describe('sends over the socket of a brand with its own database', () => {
  it("writes to that brand's database and to no other", async () => {
    const a = await chatMember({ credits: 20, brand: 'velvetnights' });
    const b = await chatMember({ brand: 'velvetnights' });
    const tab = await openSocket(a, {}, 'velvetnights');
    const sent = await tab.sendFrame(textTo(b.profileId, 'fluweel'));
    expect(sent).toMatchObject({ status: 201, body: { credits: 15 } });
    const count = (db: D1Database) =>
      db
        .prepare('SELECT COUNT(*) AS n FROM messages WHERE id = ? AND sender_member_id = ?')
        .bind(sent.body.message.id, a.memberId)
        .first<{ n: number }>();
    expect((await count(dbOf('velvetnights')))!.n).toBe(1);
    expect((await count(env.DB))!.n).toBe(0);
    tab.ws.close(1000);
  });
});

describe('sends over the socket under concurrency', () => {
  it('one key sent 30 times at once, over the socket and over HTTP, is one message and one charge', async () => {
    const a = await chatMember({ credits: 50 });
    const b = await chatMember();
    const tab = await openSocket(a);
    const key = newKey();
    const body = textTo(b.profileId, 'dertig keer');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? tab.sendFrame(body, key).then((f) => ({ status: f.status, id: f.body.message?.id }))
          : send(a, body, key).then(async (r) => ({ status: r.status, id: ((await r.json()) as any).message?.id })),
      ),
    );
    expect(answers.every((x) => x.status === 200 || x.status === 201)).toBe(true);
    expect(new Set(answers.map((x) => x.id)).size).toBe(1);
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 45, ledger: 45, messages: 1, spends: 1 });
    tab.ws.close(1000);
  });

  it('40 different sends at once with credits for 10: exactly 10 go out, never below zero', async () => {
    const a = await chatMember({ credits: 10 * PRICE.text });
    const b = await chatMember();
    const [tab1, tab2] = [await openSocket(a), await openSocket(a)];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? tab1 : tab2).sendFrame(textTo(b.profileId, `nr ${i}`))),
    );
    expect(answers.filter((f) => f.status === 201)).toHaveLength(10);
    expect(answers.filter((f) => f.status === 402)).toHaveLength(30);
    expect(await credits(a.memberId)).toBe(0);
    expect(await assertBooksBalance(a.memberId)).toEqual({ credits: 0, ledger: 0, messages: 10, spends: 10 });
    for (const tab of [tab1, tab2]) tab.ws.close(1000);
  });
});
