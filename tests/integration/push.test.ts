import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { pushForEvent } from '../../worker/push/events';
import { call } from './account-helpers';
import { BRAND, chatMember, send, textTo, type TestMember } from './chat-helpers';

declare const __TEST_PUSH_SINK_PORT__: number;
const SINK = `http://127.0.0.1:${__TEST_PUSH_SINK_PORT__}`;

/** A subscription whose keys the local push sink (tests/integration/push-sink.ts) holds. */
async function sinkSubscription(kind: 'push' | 'gone' = 'push') {
  const res = await fetch(`${SINK}/new/${kind}`, { method: 'POST' });
  return (await res.json()) as { id: string; subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } };
}

const subscribe = (m: TestMember, subscription: unknown) => call(BRAND, 'POST', '/api/user.php?push=1', { subscription }, m.cookie, { 'X-Request-Type': 'client' });
const stored = async (memberId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?').bind(memberId).first<{ n: number }>())!.n;

describe('web push', () => {
  it('pushes a message to an offline member, encrypted (RFC 8291) and signed with the brand\'s VAPID key', async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const sink = await sinkSubscription();
    expect((await subscribe(b, sink.subscription)).status).toBe(201);
    // The same subscription again is not a second device.
    expect((await subscribe(b, sink.subscription)).status).toBe(201);
    expect(await stored(b.memberId)).toBe(1);

    const sent = (await (await send(a, textTo(b.profileId, 'geheime tekst'))).json()) as any;
    const received = await vi.waitFor(async () => {
      const { received } = (await (await fetch(`${SINK}/received/${sink.id}`)).json()) as { received: any[] };
      if (!received.length) throw new Error('nothing pushed yet');
      return received;
    }, { timeout: 5000, interval: 50 });
    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push.error).toBeUndefined();
    expect(push.vapid.sub).toBe('mailto:support@flirtlokaal.nl');
    expect(push.payload).toMatchObject({ type: 'message', title: 'Flirtlokaal', checkUrl: '/api/chats.php', openUrl: `/chats/${sent.conversation.id}` });
    expect(push.payload.body).toContain(`Tester${a.profileId}`);
    // Lock screens are public: the push never quotes the message.
    expect(JSON.stringify(push.payload)).not.toContain('geheime tekst');
  });

  it('deletes a subscription that the push service answers with 410', async () => {
    const b = await chatMember();
    const sink = await sinkSubscription('gone');
    await subscribe(b, sink.subscription);
    expect(await stored(b.memberId)).toBe(1);
    const event = { type: 'like' as const, profile: { id: 1, name: 'Sanne', main_image: null } };
    expect(await pushForEvent(env, BRAND, b.memberId, event)).toBe(0);
    expect(await stored(b.memberId)).toBe(0);
  });

  it('respects the member\'s push settings per kind', async () => {
    const b = await chatMember();
    const sink = await sinkSubscription();
    await subscribe(b, sink.subscription);
    const like = { type: 'like' as const, profile: { id: 1, name: 'Sanne', main_image: null } };
    expect(await pushForEvent(env, BRAND, b.memberId, like)).toBe(1);
    await env.DB.prepare('UPDATE members SET notification_prefs = ? WHERE id = ?').bind(JSON.stringify({ push: { likes: false } }), b.memberId).run();
    expect(await pushForEvent(env, BRAND, b.memberId, like)).toBe(0);
    expect(await pushForEvent(env, BRAND, b.memberId, { type: 'match', profile: like.profile })).toBe(1);
    // Credit changes are never pushed.
    expect(await pushForEvent(env, BRAND, b.memberId, { type: 'credits', credits: 3 })).toBe(0);
  });

  it('refuses malformed subscriptions and stores nothing', async () => {
    const b = await chatMember();
    const { subscription } = await sinkSubscription();
    const bad = [
      null,
      {},
      { ...subscription, endpoint: 'http://push.example/x' },
      { ...subscription, endpoint: 'not a url' },
      { ...subscription, keys: { p256dh: subscription.keys.p256dh } },
      { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } },
      { ...subscription, keys: { ...subscription.keys, auth: 'x'.repeat(40) } },
      { ...subscription, keys: { ...subscription.keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } },
    ];
    for (const s of bad) {
      const res = await subscribe(b, s);
      expect(res.status, JSON.stringify(s)).toBe(400);
      expect(((await res.json()) as any).error.code).toBe('validation_failed');
    }
    expect(await stored(b.memberId)).toBe(0);
    expect((await call(BRAND, 'POST', '/api/user.php?push=1', { subscription })).status).toBe(403);
    // Unsubscribing forgets it.
    await subscribe(b, subscription);
    expect((await call(BRAND, 'DELETE', '/api/user.php?push=1', { subscription }, b.cookie)).status).toBe(200);
    expect(await stored(b.memberId)).toBe(0);
  });

  it('leaves plain user.php (login) alone', async () => {
    const res = await call(BRAND, 'POST', '/api/user.php', { email: 'nobody@example.com', password: 'wrong-password-1' });
    expect(res.status).toBe(401);
  });
});
