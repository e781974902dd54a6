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
  return (await res.json()) as {
    id: string;
    subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  };
}

const subscribe = (m: TestMember, subscription: unknown) =>
  call(BRAND, 'POST', '/api/user.php?push=1', { subscription }, m.cookie, { 'X-Request-Type': 'client' });
const stored = async (memberId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = ?').bind(memberId).first<{ n: number }>())!.n;

describe('web push', () => {
  it("pushes a message to an offline member, encrypted (RFC 8291) and signed with the brand's VAPID key", async () => {
    const a = await chatMember({ credits: 20 });
    const b = await chatMember();
    const sink = await sinkSubscription();
    expect((await subscribe(b, sink.subscription)).status).toBe(201);
    // The same subscription again is not a second device.
    expect((await subscribe(b, sink.subscription)).status).toBe(201);
    expect(await stored(b.memberId)).toBe(1);

    const sent = (await (await send(a, textTo(b.profileId, 'geheime tekst'))).json()) as any;
    const received = await vi.waitFor(
      async () => {
        const { received } = (await (await fetch(`${SINK}/received/${sink.id}`)).json()) as { received: any[] };
        if (!received.length) throw new Error('nothing pushed yet');
        return received;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push.error).toBeUndefined();
    expect(push.vapid.sub).toBe('mailto:support@flirtlokaal.nl');
    expect(push.payload).toMatchObject({
      type: 'message',
      title: 'Flirtlokaal',
      checkUrl: '/api/chats.php',
      openUrl: `/chats/${sent.conversation.id}`,
    });
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

  it("respects the member's push settings per kind", async () => {
    const b = await chatMember();
    const sink = await sinkSubscription();
    await subscribe(b, sink.subscription);
    const like = { type: 'like' as const, profile: { id: 1, name: 'Sanne', main_image: null } };
    expect(await pushForEvent(env, BRAND, b.memberId, like)).toBe(1);
    await env.DB.prepare('UPDATE members SET notification_prefs = ? WHERE id = ?')
      .bind(JSON.stringify({ push: { likes: false } }), b.memberId)
      .run();
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

  it("accepts only https endpoints on the browsers' push services", async () => {
    const b = await chatMember();
    const { subscription } = await sinkSubscription();
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://203.0.113.5/push/abc',
      'https://[2001:db8::1]/push/abc',
      'https://0x7f000001/push/abc',
      'https://localhost/push/abc',
      'https://localhost:8787/push/abc',
      'https://push.internal/abc',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://push.example.com/abc',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://evilfcm.googleapis.com/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      `https://127.0.0.1:${__TEST_PUSH_SINK_PORT__ + 1}/push/abc`,
    ];
    for (const endpoint of refused) {
      const res = await subscribe(b, { ...subscription, endpoint });
      expect(res.status, endpoint).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields['subscription.endpoint'], endpoint).toMatch(/pushdienst|pushabonnement/);
    }
    expect(await stored(b.memberId)).toBe(0);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGabc',
      'https://db5p.notify.windows.com/w/?token=abc',
    ])
      expect((await subscribe(b, { ...subscription, endpoint })).status, endpoint).toBe(201);
    expect(await stored(b.memberId)).toBe(4);
  });

  it('never sends a push to a stored endpoint that is not a push service, and forgets it', async () => {
    const b = await chatMember();
    const { subscription } = await sinkSubscription();
    await env.DB.prepare(
      'INSERT INTO push_subscriptions (tenant_id, member_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(
        BRAND,
        b.memberId,
        `https://127.0.0.1:${__TEST_PUSH_SINK_PORT__ + 1}/push/x`,
        subscription.keys.p256dh,
        subscription.keys.auth,
        new Date().toISOString(),
      )
      .run();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const like = { type: 'like' as const, profile: { id: 1, name: 'Sanne', main_image: null } };
    expect(await pushForEvent(env, BRAND, b.memberId, like)).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(await stored(b.memberId)).toBe(0);
  });

  it('leaves plain user.php (login) alone', async () => {
    const res = await call(BRAND, 'POST', '/api/user.php', { email: 'nobody@example.com', password: 'wrong-password-1' });
    expect(res.status).toBe(401);
  });
});
