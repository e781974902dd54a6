import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { createMember, dbOf, fetchBrand } from './helpers';

let ipSeq = 1;
const freshIp = () => `198.51.100.${ipSeq++}`;

let mailSeq = 1;
const complaint = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Profiel stuurt spam',
  concerns: 'Anna123',
  text: 'Dit profiel stuurt mij steeds links naar een andere site.',
  name: 'Jan Jansen',
  // A fresh address each time: one address gets at most 3 confirmation links a day.
  email: `jan${mailSeq++}@example.com`,
  ...overrides,
});

const post = (brand: string, body: unknown, ip = freshIp(), cookie?: string) =>
  call(brand, 'POST', '/api/complaints.php', body, cookie, { 'CF-Connecting-IP': ip });

type Mail = { template: string; subject: string; text_body: string; html_body: string };

/** The confirmation link of a complaint_confirm mail, as a path on the brand's host. */
function confirmPath(mail: Mail): string {
  const url = /https?:\/\/[^\s"<>]+\/api\/complaint-confirm\.php\?token=[^\s"<>]+/.exec(mail.text_body)?.[0];
  if (!url) throw new Error(`no confirmation link in ${mail.text_body}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** A mail to an address nobody has proven yet: none of the fields the visitor typed may be in it. */
function expectNothingTyped(mail: Mail, sent: Record<string, unknown>) {
  for (const field of ['subject', 'concerns', 'text', 'name'] as const) {
    const value = String(sent[field]);
    for (const part of [mail.subject, mail.text_body, mail.html_body]) expect(part, field).not.toContain(value);
  }
}

async function outbox(brand: string, recipient: string) {
  const { results } = await dbOf(brand)
    .prepare('SELECT template, subject, text_body, html_body FROM outbox WHERE tenant_id = ? AND recipient = ? ORDER BY id')
    .bind(brand, recipient)
    .all<{ template: string; subject: string; text_body: string; html_body: string }>();
  return results;
}

describe('POST /api/complaints.php', () => {
  it('a visitor first proves the address: a link without their text, then support and a confirmation', async () => {
    const res = await post('flirtlokaal', complaint({ email: 'Sender@Example.com' }));
    expect(res.status).toBe(201);
    const { id, reference, confirmed } = await res.json<{ id: number; reference: string; confirmed: boolean }>();
    expect(reference).toBe(`C-${id}`);
    expect(confirmed).toBe(false);

    const row = await env.DB.prepare('SELECT * FROM complaints WHERE id = ?').bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      tenant_id: 'flirtlokaal',
      member_id: null,
      subject: 'Profiel stuurt spam',
      concerns: 'Anna123',
      contact_email: 'sender@example.com',
      contact_name: 'Jan Jansen',
      status: 'open',
      confirmed_at: null,
    });
    // Before proof: nothing to support, and the one mail to the given address carries nothing the visitor typed.
    expect(await outbox('flirtlokaal', 'support@flirtlokaal.nl')).toEqual([]);
    const before = await outbox('flirtlokaal', 'sender@example.com');
    expect(before.map((m) => m.template)).toEqual(['complaint_confirm']);
    expectNothingTyped(before[0], complaint());

    const confirm = await fetchBrand('flirtlokaal', confirmPath(before[0]), { redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('Location')).toBe(`/complaints?confirmed=${reference}`);
    expect(
      (await env.DB.prepare('SELECT confirmed_at FROM complaints WHERE id = ?').bind(id).first<{ confirmed_at: string | null }>())!
        .confirmed_at,
    ).not.toBeNull();

    const [forwarded] = await outbox('flirtlokaal', 'support@flirtlokaal.nl');
    expect(forwarded.template).toBe('complaint_forwarded');
    expect(forwarded.subject).toContain(reference);
    expect(forwarded.text_body).toContain('Dit profiel stuurt mij steeds links');
    expect(forwarded.text_body).toContain('sender@example.com');
    expect((await outbox('flirtlokaal', 'sender@example.com')).map((m) => m.template)).toEqual(['complaint_confirm', 'complaint_received']);

    // The link works once; a forged one not at all. Neither mails anyone.
    for (const path of [confirmPath(before[0]), '/api/complaint-confirm.php?token=forged.token']) {
      const again = await fetchBrand('flirtlokaal', path, { redirect: 'manual' });
      expect(again.headers.get('Location')).toBe('/complaints?confirmed=0');
    }
    expect(await outbox('flirtlokaal', 'support@flirtlokaal.nl')).toHaveLength(1);
    expect(await outbox('flirtlokaal', 'sender@example.com')).toHaveLength(2);
  });

  it('a member who gives their confirmed address is done at once, forwarded in the brand language', async () => {
    const member = await createMember('reifekontakte');
    const email = `m${member.memberId}@test.example`;
    const res = await post('reifekontakte', complaint({ email }), freshIp(), member.cookie);
    expect(res.status).toBe(201);
    const { id, confirmed } = await res.json<{ id: number; confirmed: boolean }>();
    expect(confirmed).toBe(true);
    const row = await env.DB.prepare('SELECT member_id, confirmed_at FROM complaints WHERE id = ?')
      .bind(id)
      .first<{ member_id: number; confirmed_at: string | null }>();
    expect(row!.member_id).toBe(member.memberId);
    expect(row!.confirmed_at).not.toBeNull();
    const [forwarded] = await outbox('reifekontakte', 'hilfe@reifekontakte.de');
    expect(forwarded.subject).toMatch(/Beschwerde/);
    expect(forwarded.text_body).toContain(`#${member.memberId}`);
    expect((await outbox('reifekontakte', email)).map((m) => m.template)).toEqual(['complaint_received']);
  });

  it('a member who gives another address, or has not confirmed theirs, proves it by the link like a visitor', async () => {
    const confirmedMember = await createMember('flirtlokaal');
    const unconfirmed = await createMember('flirtlokaal', { status: 'not_confirmed' });
    const cases: [cookie: string, email: string][] = [
      [confirmedMember.cookie, 'someone-else@example.com'],
      [unconfirmed.cookie, `m${unconfirmed.memberId}@test.example`],
    ];
    for (const [cookie, email] of cases) {
      const res = await post(
        'flirtlokaal',
        complaint({ email, text: 'Koop nu goedkope pillen op http://spam.example vandaag nog!' }),
        freshIp(),
        cookie,
      );
      expect(res.status).toBe(201);
      expect((await res.json<{ confirmed: boolean }>()).confirmed).toBe(false);
      const mails = await outbox('flirtlokaal', email);
      expect(mails.map((m) => m.template)).toEqual(['complaint_confirm']);
      expectNothingTyped(mails[0], complaint({ text: 'Koop nu goedkope pillen op http://spam.example vandaag nog!' }));
    }
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE text_body LIKE '%spam.example%'").all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });

  it('sends at most 3 confirmation links a day to one address', async () => {
    for (let i = 0; i < 3; i++) expect((await post('flirtlokaal', complaint({ email: 'victim@example.com' }))).status).toBe(201);
    expect((await post('flirtlokaal', complaint({ email: 'victim@example.com' }))).status).toBe(429);
    expect(await outbox('flirtlokaal', 'victim@example.com')).toHaveLength(3);
  });

  it('refuses invalid input field by field and stores nothing', async () => {
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM complaints').first<{ n: number }>())!.n;
    const res = await post(
      'flirtlokaal',
      complaint({ subject: 'x', text: 'te kort', name: '', email: 'geen-mail', concerns: 'a\r\nBcc: x@y.z' }),
    );
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields).sort()).toEqual(['concerns', 'email', 'name', 'subject', 'text']);
    expect(body.error.fields.email).toBe('Ongeldige e-mail');
    expect((await post('flirtlokaal', null)).status).toBe(400);
    expect((await post('flirtlokaal', complaint({ subject: 'Regel\nBcc: x@y.z' }))).status).toBe(400);
    expect((await post('flirtlokaal', complaint({ text: 'x'.repeat(5001) }))).status).toBe(400);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM complaints').first<{ n: number }>())!.n).toBe(before);
  });

  it('limits complaints per address (5 an hour) and per member', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post('flirtlokaal', complaint(), ip)).status).toBe(201);
    const refused = await post('flirtlokaal', complaint(), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await post('flirtlokaal', complaint(), freshIp())).status).toBe(201);

    const member = await createMember('flirtlokaal');
    for (let i = 0; i < 5; i++) expect((await post('flirtlokaal', complaint(), freshIp(), member.cookie)).status).toBe(201);
    expect((await post('flirtlokaal', complaint(), freshIp(), member.cookie)).status).toBe(429);
  });

  it('never puts what a visitor typed into a mail unescaped', async () => {
    const evil = '<img src=x onerror=alert(1)> & "quotes" {{brand}} $t(mail.activation.subject)';
    const res = await post(
      'velvetnights',
      complaint({ subject: `Bad <b>${evil}`, text: `Hello ${evil} and more text`, name: '<script>x</script>', email: 'evil@example.com' }),
    );
    expect(res.status).toBe(201);
    await fetchBrand('velvetnights', confirmPath((await outbox('velvetnights', 'evil@example.com'))[0]), { redirect: 'manual' });
    for (const mail of [
      ...(await outbox('velvetnights', 'support@velvetnights.com')),
      ...(await outbox('velvetnights', 'evil@example.com')),
    ]) {
      expect(mail.html_body).not.toContain('<img src=x');
      expect(mail.html_body).not.toContain('<script>');
      expect(mail.html_body).not.toContain('<b>');
    }
    const [forwarded] = await outbox('velvetnights', 'support@velvetnights.com');
    expect(forwarded.html_body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    // Values are not interpolated again: the visitor's placeholders stay literal text.
    expect(forwarded.text_body).toContain('{{brand}} $t(mail.activation.subject)');
  });

  it('keeps brands apart: a complaint belongs to the brand it was sent to', async () => {
    const res = await post('velvetnights', complaint({ email: 'isolated@example.com', subject: 'Only velvet' }));
    const { id } = await res.json<{ id: number }>();
    const row = await dbOf('velvetnights').prepare('SELECT tenant_id FROM complaints WHERE id = ?').bind(id).first<{ tenant_id: string }>();
    expect(row!.tenant_id).toBe('velvetnights');
    expect(await outbox('flirtlokaal', 'isolated@example.com')).toEqual([]);
    const { results } = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM outbox WHERE tenant_id = 'flirtlokaal' AND subject LIKE '%Only velvet%'",
    ).all<{ n: number }>();
    expect(results[0].n).toBe(0);
    // Its confirmation link is no link on another brand.
    const [link] = await outbox('velvetnights', 'isolated@example.com');
    const elsewhere = await fetchBrand('flirtlokaal', confirmPath(link), { redirect: 'manual' });
    expect(elsewhere.headers.get('Location')).toBe('/complaints?confirmed=0');
    expect(
      (await dbOf('velvetnights')
        .prepare('SELECT confirmed_at FROM complaints WHERE id = ?')
        .bind(id)
        .first<{ confirmed_at: string | null }>())!.confirmed_at,
    ).toBeNull();
    // A member session of one brand is no session on another.
    const member = await createMember('flirtlokaal');
    const other = await post('velvetnights', complaint(), freshIp(), member.cookie);
    const otherId = (await other.json<{ id: number }>()).id;
    const otherRow = await dbOf('velvetnights')
      .prepare('SELECT member_id FROM complaints WHERE id = ?')
      .bind(otherId)
      .first<{ member_id: number | null }>();
    expect(otherRow!.member_id).toBeNull();
  });
});
