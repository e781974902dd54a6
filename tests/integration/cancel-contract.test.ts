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
      "INSERT INTO payment_mandates (tenant_id, member_id, provider, mandate_id, method, label, created_at) VALUES (?, ?, 'sandbox', ?, 'creditcard', 'Visa •••• 4242', ?)",
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

  it('the page has the first step for a member, and for a visitor, who names their address (no login: § 312k)', async () => {
    const m = await settledMember(BRAND);
    const page = await api(BRAND, 'GET', '/cancel-contracts', { cookie: m.cookie, country: 'DE' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="cancel-contracts"');
    expect(html).toContain('Was möchtest du kündigen?');
    expect(html).toContain('Weiter zur Bestätigung');
    const visitor = await api(BRAND, 'GET', '/cancel-contracts', { country: 'DE' });
    expect(visitor.status).toBe(200);
    const form = await visitor.text();
    expect(form).toContain('Was möchtest du kündigen?');
    expect(form).toContain('E-Mail-Adresse deines Kontos');
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
    // A visitor must name an address: without one, nothing is stored.
    expect(
      (await api(BRAND, 'POST', '/api/cancel-contract.php', { country: 'DE', body: { name: 'X Y', contract: 'all', kind: 'ordinary' } }))
        .status,
    ).toBe(400);
    expect(await mandateStatus(m.memberId)).toBe('valid');
  });

  it("a visitor's cancellation applies to the member with that address and is mailed there, answered alike for an unknown address", async () => {
    const m = await settledMember(BRAND);
    await withMandate(m.memberId);
    const email = await emailOf(m.memberId);
    const send = (address: string) =>
      api(BRAND, 'POST', '/api/cancel-contract.php', {
        country: 'DE',
        body: { name: 'Erika Mustermann', contract: 'payment_method', kind: 'ordinary', email: address },
        headers: { 'X-Debug-Now': RECEIVED },
      });
    const known = await send(email.toUpperCase());
    expect(known.status).toBe(201);
    expect(await json(known)).toMatchObject({ contract: 'payment_method', email, received_at: RECEIVED });
    expect(await mandateStatus(m.memberId)).toBe('invalid');
    const mails = (to: string) =>
      dbOf(BRAND)
        .prepare("SELECT COUNT(*) AS n FROM outbox WHERE tenant_id = ? AND recipient = ? AND template = 'contract_cancelled'")
        .bind(BRAND, to)
        .first<{ n: number }>()
        .then((r) => r!.n);
    expect(await mails(email)).toBe(1);

    // An address no member has: kept as received, the same answer, and no mail to a stranger.
    const stranger = `nobody-${m.memberId}@example.com`;
    const unknown = await send(stranger);
    expect(unknown.status).toBe(201);
    expect(Object.keys(await json(unknown)).sort()).toEqual(['contract', 'email', 'kind', 'name', 'received_at', 'reference']);
    expect(await mails(stranger)).toBe(0);
    const rows = await dbOf(BRAND)
      .prepare('SELECT email, member_id, source FROM contract_cancellations WHERE tenant_id = ? AND email IN (?, ?) ORDER BY id')
      .bind(BRAND, email, stranger)
      .all<{ email: string; member_id: number | null; source: string }>();
    expect(rows.results).toEqual([
      { email, member_id: m.memberId, source: 'visitor' },
      { email: stranger, member_id: null, source: 'visitor' },
    ]);
  });

  it('a visitor cannot use the form to mail one address over and over', async () => {
    const m = await settledMember(BRAND);
    const email = await emailOf(m.memberId);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await api(BRAND, 'POST', '/api/cancel-contract.php', {
            country: 'DE',
            body: { name: 'Erika Mustermann', contract: 'premium', kind: 'ordinary', email },
            headers: { 'CF-Connecting-IP': `203.0.113.${i + 1}` },
          })
        ).status,
      );
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
