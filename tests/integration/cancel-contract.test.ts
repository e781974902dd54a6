import { describe, expect, it } from 'vitest';
import { dbOf, fetchBrand } from './helpers';
import { api, json, settledMember } from './payment-helpers';

// Issue 45 item 4, second half: "Verträge hier kündigen" (§ 312k BGB) for DE and AT, two steps ending in "Jetzt
// kündigen", and a confirmation by mail with date and time.

const BRAND = 'reifekontakte';
const RECEIVED = '2026-11-29T12:05:00.000Z';

async function withMandate(memberId: number) {
  await dbOf(BRAND)
    .prepare(
      "INSERT INTO payment_mandates (tenant_id, member_id, provider, mandate_id, method, label, created_at) VALUES (?, ?, 'mollie', ?, 'creditcard', 'Visa •••• 4242', ?)",
    )
    .bind(BRAND, memberId, `mdt_${memberId}`, RECEIVED)
    .run();
}

const emailOf = async (memberId: number) =>
  (await dbOf(BRAND).prepare('SELECT email FROM members WHERE tenant_id = ? AND id = ?').bind(BRAND, memberId).first<{ email: string }>())!
    .email;

const mandateStatus = async (memberId: number) =>
  (await dbOf(BRAND)
    .prepare('SELECT status FROM payment_mandates WHERE tenant_id = ? AND member_id = ?')
    .bind(BRAND, memberId)
    .first<{ status: string }>())!.status;

describe('Verträge hier kündigen', () => {
  it('the footer links it for visitors from DE and AT only', async () => {
    const link = 'href="/cancel-contracts"';
    for (const country of ['DE', 'AT']) {
      const html = await (await fetchBrand(BRAND, '/', { country })).text();
      expect(html, country).toContain(link);
      expect(html).toContain('Verträge hier kündigen');
    }
    expect(await (await fetchBrand(BRAND, '/', { country: 'CH' })).text()).not.toContain(link);
    expect(await (await fetchBrand('flirtlokaal', '/', { country: 'NL' })).text()).not.toContain(link);
  });

  it('the page has the first step for a member, and asks a visitor to log in', async () => {
    const m = await settledMember(BRAND);
    const page = await api(BRAND, 'GET', '/cancel-contracts', { cookie: m.cookie, country: 'DE' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="cancel-contracts"');
    expect(html).toContain('Was möchtest du kündigen?');
    expect(html).toContain('Weiter zur Bestätigung');
    const visitor = await api(BRAND, 'GET', '/cancel-contracts', { country: 'DE' });
    expect([302, 303]).toContain(visitor.status);
  });

  it('"Jetzt kündigen" stores the cancellation, ends the stored payment method and mails the confirmation with date and time', async () => {
    const m = await settledMember(BRAND);
    await withMandate(m.memberId);
    const res = await api(BRAND, 'POST', '/api/cancel-contract.php', {
      cookie: m.cookie,
      country: 'DE',
      body: { name: 'Erika Mustermann', contract: 'all', kind: 'ordinary' },
      headers: { 'X-Debug-Now': RECEIVED },
    });
    expect(res.status).toBe(201);
    const answer = await json(res);
    const email = await emailOf(m.memberId);
    expect(answer).toEqual({
      reference: expect.stringMatching(/^K-\d+$/),
      contract: 'all',
      kind: 'ordinary',
      name: 'Erika Mustermann',
      email,
      received_at: RECEIVED,
    });
    expect(await mandateStatus(m.memberId)).toBe('invalid');
    // No one-click purchase on it any more: the shop offers no repeat order.
    expect((await json(await api(BRAND, 'GET', '/api/packages.php', { cookie: m.cookie, country: 'DE' }))).mandate).toBeNull();
    const mail = await dbOf(BRAND)
      .prepare("SELECT subject, text_body FROM outbox WHERE tenant_id = ? AND recipient = ? AND template = 'contract_cancelled'")
      .bind(BRAND, email)
      .first<{ subject: string; text_body: string }>();
    expect(mail!.subject).toBe(`Bestätigung deiner Kündigung ${answer.reference} bei ReifeKontakte`);
    // 12:05 UTC is 13:05 in Berlin.
    expect(mail!.text_body).toContain('29. November 2026');
    expect(mail!.text_body).toContain('13:05:00');
    expect(mail!.text_body).toContain('Gekündigt: Alle Verträge (Ordentliche Kündigung zum nächstmöglichen Zeitpunkt)');
    expect(mail!.text_body).toContain('Erika Mustermann');
  });

  it('cancelling premium alone keeps the stored payment method; only the session member can cancel', async () => {
    const m = await settledMember(BRAND);
    await withMandate(m.memberId);
    const premium = await api(BRAND, 'POST', '/api/cancel-contract.php', {
      cookie: m.cookie,
      country: 'DE',
      body: { name: 'Erika Mustermann', contract: 'premium', kind: 'ordinary' },
    });
    expect(premium.status).toBe(201);
    expect(await mandateStatus(m.memberId)).toBe('valid');
    const other = await settledMember(BRAND);
    const forged = await api(BRAND, 'POST', '/api/cancel-contract.php', {
      cookie: other.cookie,
      country: 'DE',
      body: { name: 'X Y', contract: 'all', kind: 'ordinary', member_id: m.memberId },
    });
    expect(forged.status).toBe(400);
    expect(
      (await api(BRAND, 'POST', '/api/cancel-contract.php', { country: 'DE', body: { name: 'X Y', contract: 'all', kind: 'ordinary' } }))
        .status,
    ).toBe(403);
    expect(await mandateStatus(m.memberId)).toBe('valid');
  });
});
