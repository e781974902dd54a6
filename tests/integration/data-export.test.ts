import { env } from 'cloudflare:test';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { call, mailCount, mailedLink, pathOf, signUp } from './account-helpers';
import { createMember, fetchBrand } from './helpers';

// Issue 17, items 8 and 9: the member's own data as a ZIP by mail; another member's data stays out.
const now = () => new Date().toISOString();

async function message(conversation: number, from: number, to: number, body: string, senderMember: number | null) {
  await env.DB.prepare(
    `INSERT INTO messages (tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
     VALUES ('flirtlokaal', ?, ?, ?, ?, 'text', ?, 5, ?, ?)`,
  )
    .bind(conversation, from, senderMember, to, body, crypto.randomUUID(), now())
    .run();
}

async function conversation(a: number, b: number): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at) VALUES ('flirtlokaal', ?, ?, ?, ?) RETURNING id`,
  )
    .bind(Math.min(a, b), Math.max(a, b), a, now())
    .first<{ id: number }>();
  return row!.id;
}

async function mailedExport(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    if ((await mailCount('flirtlokaal', email, 'data_export')) > 0) return mailedLink('flirtlokaal', email, '/api/export.php');
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no export mail');
}

describe('the GDPR export', () => {
  it("holds the member's own data and what they received, never another member's, and is mailed as a 24-hour link", async () => {
    const me = await signUp('flirtlokaal', { marketing: true });
    const meId = me.user.id;
    const other = await createMember('flirtlokaal');
    const third = await createMember('flirtlokaal');
    await env.DB.prepare("UPDATE profiles SET about = 'Geheim van een ander' WHERE id = ?").bind(other.profileId).run();

    // My photo (in R2), likes both ways, a block, messages both ways; and a conversation between two others.
    await env.MEDIA.put(`flirtlokaal/u/${meId}/export-test.jpg`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
    await env.DB.prepare(
      "INSERT INTO photos (tenant_id, profile_id, filename, thumb_filename, status, created_at) VALUES ('flirtlokaal', ?, ?, ?, 'active', ?)",
    )
      .bind(meId, `u/${meId}/export-test.jpg`, `u/${meId}/export-test-thumb.jpg`, now())
      .run();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)").bind(
        meId,
        other.profileId,
        now(),
      ),
      env.DB.prepare("INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)").bind(
        third.profileId,
        meId,
        now(),
      ),
      env.DB.prepare("INSERT INTO likes (tenant_id, from_profile_id, to_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)").bind(
        other.profileId,
        third.profileId,
        now(),
      ),
      env.DB.prepare("INSERT INTO blocks (tenant_id, blocker_id, blocked_profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)").bind(
        meId,
        third.profileId,
        now(),
      ),
    ]);
    const ours = await conversation(meId, other.profileId);
    await message(ours, meId, other.profileId, 'Hoi, van mij', meId);
    await message(ours, other.profileId, meId, 'Hoi terug, voor jou', other.memberId);
    const theirs = await conversation(other.profileId, third.profileId);
    await message(theirs, other.profileId, third.profileId, 'Niet voor jouw ogen', other.memberId);

    // What the member left elsewhere: a swipe pass, a refunded order that made them premium, a direct-debit form and
    // its mandate, a complaint with staff's answer, a push device and a click to the cams; and another member's rows.
    const at = now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO swipe_passes (tenant_id, member_id, profile_id, created_at) VALUES ('flirtlokaal', ?, ?, ?)").bind(
        meId,
        third.profileId,
        at,
      ),
      env.DB.prepare(
        `INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status, consent_at,
                             language, created_at, updated_at, paid_at, made_premium, refund_reason, refunded_at)
         VALUES ('flirtlokaal', ?1, 2, 120, 'EUR', 2995, 2995, 'NL', 'ideal', 'sandbox', 'refunded', ?2, 'nl', ?2, ?2, ?2, 1, 'staff', ?2)`,
      ).bind(meId, at),
      env.DB.prepare(
        `INSERT INTO payment_mandates (tenant_id, member_id, provider, mandate_id, method, label, created_at)
         VALUES ('flirtlokaal', ?, 'sandbox', ?, 'directdebit', 'NL** **** **** **43 00', ?)`,
      ).bind(meId, `mdt_${meId}`, at),
      env.DB.prepare(
        `INSERT INTO directdebit_requests (tenant_id, member_id, package_id, amount, currency, holder, iban, street, house_number, zip, city, phone, code_hash, created_at, expires_at)
         VALUES ('flirtlokaal', ?1, 1, 1495, 'EUR', 'J. de Vries', 'NL91ABNA0417164300', 'Damrak', '1', '1012 LG', 'Amsterdam', '0612345678', 'secret-code-hash', ?2, ?2)`,
      ).bind(meId, at),
      env.DB.prepare(
        `INSERT INTO directdebit_requests (tenant_id, member_id, package_id, amount, currency, holder, iban, street, house_number, zip, city, phone, code_hash, created_at, expires_at)
         VALUES ('flirtlokaal', ?1, 1, 1495, 'EUR', 'A. Ander', 'NL02RABO0123456789', 'Kalverstraat', '2', '1012 NX', 'Amsterdam', '0687654321', 'x', ?2, ?2)`,
      ).bind(other.memberId, at),
      env.DB.prepare(
        `INSERT INTO complaints (tenant_id, member_id, subject, body, contact_email, ip, created_at) VALUES ('flirtlokaal', ?, 'Profiel', 'Mijn klacht', ?, '203.0.113.9', ?)`,
      ).bind(meId, me.email, at),
      // Sent while logged in, with another contact address: mine, but an answer to it went to that address.
      env.DB.prepare(
        `INSERT INTO complaints (tenant_id, member_id, subject, body, contact_email, created_at, confirmed_at) VALUES ('flirtlokaal', ?1, 'Anders', 'Met ander adres', 'iemand@test.example', ?2, ?2)`,
      ).bind(meId, at),
      env.DB.prepare(
        `INSERT INTO complaints (tenant_id, member_id, subject, body, contact_email, created_at) VALUES ('flirtlokaal', ?, 'Anders', 'Klacht van een ander', 'x@test.example', ?)`,
      ).bind(other.memberId, at),
      // As a visitor from my address: mine once the address was proven, not before (anyone can type an address).
      env.DB.prepare(
        `INSERT INTO complaints (tenant_id, member_id, subject, body, contact_email, created_at, confirmed_at) VALUES ('flirtlokaal', NULL, 'Bezoeker', 'Bevestigd als bezoeker', ?1, ?2, ?2)`,
      ).bind(me.email, at),
      env.DB.prepare(
        `INSERT INTO complaints (tenant_id, member_id, subject, body, contact_email, created_at) VALUES ('flirtlokaal', NULL, 'Bezoeker', 'Niet bevestigd', ?, ?)`,
      ).bind(me.email, at),
      env.DB.prepare(
        `INSERT INTO complaint_replies (tenant_id, complaint_id, staff_id, body, language, created_at)
         SELECT 'flirtlokaal', id, 424242, 'Ons antwoord aan jou', 'nl', ? FROM complaints WHERE member_id = ?`,
      ).bind(at, meId),
      env.DB.prepare(
        "INSERT INTO push_subscriptions (tenant_id, member_id, endpoint, p256dh, auth, created_at) VALUES ('flirtlokaal', ?, ?, 'key', 'push-auth-secret', ?)",
      ).bind(meId, `https://push.example/${meId}`, at),
      env.DB.prepare(
        `INSERT INTO cam_performers (id, tenant_id, handle, name, age, country, image, shift_start, shift_minutes, position)
         VALUES (990001, 'flirtlokaal', 'export_cam', 'Export', 29, 'NL', 'seed/f/1-1-29-thumb.svg', 0, 60, 1) ON CONFLICT (id) DO NOTHING`,
      ),
      env.DB.prepare(
        "INSERT INTO cam_clicks (id, tenant_id, performer_id, member_id, variant, created_at) VALUES (?, 'flirtlokaal', 990001, ?, 'cam', ?)",
      ).bind(crypto.randomUUID(), meId, at),
    ]);

    const res = await call('flirtlokaal', 'POST', '/api/export.php', undefined, me.cookie);
    expect(res.status).toBe(202);
    // One a day.
    const again = await call('flirtlokaal', 'POST', '/api/export.php', undefined, me.cookie);
    expect(again.status).toBe(429);
    expect((await again.json<{ error: { code: string; message: string } }>()).error).toMatchObject({
      code: 'export_limit',
      message: 'Je kunt één keer per dag je gegevens opvragen. Probeer het later opnieuw.',
    });

    const link = await mailedExport(me.email);
    const download = await fetchBrand('flirtlokaal', pathOf(link));
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/zip');
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment; filename="flirtlokaal-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const read = (name: string) => JSON.parse(strFromU8(files[name]));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'activity.json',
        'blocks.json',
        'complaints.json',
        'consents.json',
        'ledger.json',
        'likes.json',
        'messages.json',
        'notifications.json',
        'orders.json',
        'payment_details.json',
        'photos.json',
        `photos/${read('photos.json')[0].id}.jpg`,
        'profile.json',
        'traffic.json',
      ].sort(),
    );
    expect(strFromU8(files['README.txt'])).toContain('Je gegevens bij Flirtlokaal');
    expect(read('account.json')).toMatchObject({ id: meId, email: me.email });
    expect(read('account.json').password_hash).toBeUndefined();
    expect(read('profile.json').id).toBe(meId);
    expect([...files[`photos/${read('photos.json')[0].id}.jpg`]]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(read('likes.json').given.map((l: { profile_id: number }) => l.profile_id)).toEqual([other.profileId]);
    expect(read('likes.json').received.map((l: { profile_id: number }) => l.profile_id)).toEqual([third.profileId]);
    expect(read('likes.json').passed.map((l: { profile_id: number }) => l.profile_id)).toEqual([third.profileId]);
    expect(read('blocks.json').map((b: { profile_id: number }) => b.profile_id)).toEqual([third.profileId]);
    expect(read('orders.json')).toEqual([
      expect.objectContaining({ status: 'refunded', made_premium: 1, refund_reason: 'staff', refunded_at: at }),
    ]);
    const payment = read('payment_details.json');
    expect(payment.mandates).toEqual([
      expect.objectContaining({ method: 'directdebit', label: 'NL** **** **** **43 00', status: 'valid' }),
    ]);
    expect(payment.direct_debit_requests).toEqual([
      expect.objectContaining({ holder: 'J. de Vries', iban: 'NL91ABNA0417164300', city: 'Amsterdam', phone: '0612345678' }),
    ]);
    expect(read('complaints.json')).toEqual([
      expect.objectContaining({
        body: 'Mijn klacht',
        ip: '203.0.113.9',
        replies: [{ body: 'Ons antwoord aan jou', language: 'nl', created_at: at }],
      }),
      expect.objectContaining({ body: 'Met ander adres', replies: [] }),
      expect.objectContaining({ body: 'Bevestigd als bezoeker', replies: [] }),
    ]);
    const activity = read('activity.json');
    expect(activity.sessions.length).toBeGreaterThan(0);
    expect(activity.sessions[0]).toEqual({ created_at: expect.any(String), expires_at: expect.any(String), revoked_at: null });
    expect(activity.push_devices).toEqual([{ endpoint: `https://push.example/${meId}`, created_at: at }]);
    expect(activity.cam_clicks).toEqual([{ performer_id: 990001, variant: 'cam', created_at: at }]);
    expect(strFromU8(files['README.txt'])).toContain('payment_details.json: je machtigingen en incasso-aanvragen');
    expect(read('messages.json').map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ['sent', 'Hoi, van mij'],
      ['received', 'Hoi terug, voor jou'],
    ]);
    expect(read('notifications.json').email.news).toBe(true);
    expect(read('consents.json').map((c: { kind: string; granted: boolean }) => [c.kind, c.granted])).toEqual([
      ['terms', true],
      ['marketing', true],
    ]);
    expect(read('consents.json')[1]).toMatchObject({ version: expect.any(String), created_at: expect.any(String), language: 'nl' });

    // Nothing of the other members beyond what I received: not their e-mail, profile text, or their own conversation.
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes, true))
      .join('\n');
    for (const secret of [
      `m${other.memberId}@test.example`,
      'Geheim van een ander',
      'Niet voor jouw ogen',
      'sender_member_id',
      'NL02RABO0123456789',
      'Klacht van een ander',
      'Niet bevestigd',
      // Secrets of the member's own rows stay out too: the SMS code's hash, the push keys, staff's id, the session's token hash.
      'secret-code-hash',
      'push-auth-secret',
      '424242',
      'token_hash',
    ])
      expect(everything).not.toContain(secret);
  });

  it('answers a forged or foreign link with 410, and needs a member to start', async () => {
    expect((await fetchBrand('flirtlokaal', '/api/export.php?token=forged')).status).toBe(410);
    expect((await call('flirtlokaal', 'POST', '/api/export.php')).status).toBe(403);
  });
});
