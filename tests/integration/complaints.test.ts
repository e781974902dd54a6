import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { createMember } from './helpers';

let ipSeq = 1;
const freshIp = () => `198.51.100.${ipSeq++}`;

const complaint = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Profiel stuurt spam',
  concerns: 'Anna123',
  text: 'Dit profiel stuurt mij steeds links naar een andere site.',
  name: 'Jan Jansen',
  email: 'jan@example.com',
  ...overrides,
});

const post = (brand: string, body: unknown, ip = freshIp(), cookie?: string) =>
  call(brand, 'POST', '/api/complaints.php', body, cookie, { 'CF-Connecting-IP': ip });

async function outbox(brand: string, recipient: string) {
  const { results } = await env.DB.prepare('SELECT template, subject, text_body, html_body FROM outbox WHERE tenant_id = ? AND recipient = ? ORDER BY id')
    .bind(brand, recipient)
    .all<{ template: string; subject: string; text_body: string; html_body: string }>();
  return results;
}

describe('POST /api/complaints.php', () => {
  it('stores the complaint, forwards it to support and confirms it to the sender', async () => {
    const res = await post('flirtlokaal', complaint({ email: 'Sender@Example.com' }));
    expect(res.status).toBe(201);
    const { id, reference } = await res.json<{ id: number; reference: string }>();
    expect(reference).toBe(`C-${id}`);

    const row = await env.DB.prepare('SELECT * FROM complaints WHERE id = ?').bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      tenant_id: 'flirtlokaal', member_id: null, subject: 'Profiel stuurt spam', concerns: 'Anna123',
      contact_email: 'sender@example.com', contact_name: 'Jan Jansen', status: 'open',
    });

    const [forwarded] = await outbox('flirtlokaal', 'support@flirtlokaal.nl');
    expect(forwarded.template).toBe('complaint_forwarded');
    expect(forwarded.subject).toContain(reference);
    expect(forwarded.text_body).toContain('Dit profiel stuurt mij steeds links');
    expect(forwarded.text_body).toContain('sender@example.com');
    const [confirmation] = await outbox('flirtlokaal', 'sender@example.com');
    expect(confirmation.template).toBe('complaint_received');
  });

  it('links a member as sender and forwards in the brand language', async () => {
    const member = await createMember('reifekontakte');
    const res = await post('reifekontakte', complaint({ email: 'mitglied@example.com' }), freshIp(), member.cookie);
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: number }>();
    const row = await env.DB.prepare('SELECT member_id FROM complaints WHERE id = ?').bind(id).first<{ member_id: number }>();
    expect(row!.member_id).toBe(member.memberId);
    const [forwarded] = await outbox('reifekontakte', 'hilfe@reifekontakte.de');
    expect(forwarded.subject).toMatch(/Beschwerde/);
    expect(forwarded.text_body).toContain(`#${member.memberId}`);
  });

  it('refuses invalid input field by field and stores nothing', async () => {
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM complaints').first<{ n: number }>())!.n;
    const res = await post('flirtlokaal', complaint({ subject: 'x', text: 'te kort', name: '', email: 'geen-mail', concerns: 'a\r\nBcc: x@y.z' }));
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
    const res = await post('velvetnights', complaint({ subject: `Bad <b>${evil}`, text: `Hello ${evil} and more text`, name: '<script>x</script>', email: 'evil@example.com' }));
    expect(res.status).toBe(201);
    for (const mail of [...(await outbox('velvetnights', 'support@velvetnights.com')), ...(await outbox('velvetnights', 'evil@example.com'))]) {
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
    const row = await env.DB.prepare('SELECT tenant_id FROM complaints WHERE id = ?').bind(id).first<{ tenant_id: string }>();
    expect(row!.tenant_id).toBe('velvetnights');
    expect(await outbox('flirtlokaal', 'isolated@example.com')).toEqual([]);
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE tenant_id = 'flirtlokaal' AND subject LIKE '%Only velvet%'").all<{ n: number }>();
    expect(results[0].n).toBe(0);
    // A member session of one brand is no session on another.
    const member = await createMember('flirtlokaal');
    const other = await post('velvetnights', complaint(), freshIp(), member.cookie);
    const otherId = (await other.json<{ id: number }>()).id;
    const otherRow = await env.DB.prepare('SELECT member_id FROM complaints WHERE id = ?').bind(otherId).first<{ member_id: number | null }>();
    expect(otherRow!.member_id).toBeNull();
  });
});
