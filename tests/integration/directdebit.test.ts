import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ibanSubject } from '../../worker/payments/directdebit';
import { api, json, memberState, newMember } from './payment-helpers';

const IBAN = 'NL91ABNA0417164300';
const form = (overrides: Record<string, unknown> = {}) => ({
  package_id: 1,
  amount: 1495,
  currency: 'EUR',
  holder: 'J. de <b>Vries</b>',
  iban: 'nl91 abna 0417 1643 00',
  street: 'Damrak',
  house_number: '1a',
  zip: '1012 LG',
  city: 'Amsterdam',
  phone: '+31 6 12345678',
  consent: true,
  ...overrides,
});

/** The mandate text (issue 44 item 10), then, with its token, the code: what the form does. */
async function requestCode(cookie: string, overrides: Record<string, unknown> = {}) {
  const preview = await api('flirtlokaal', 'POST', '/api/directdebit-mandate.php', { cookie, body: form(overrides) });
  if (preview.status !== 200) return { res: preview, body: await json(preview) };
  const { token } = await json(preview);
  const res = await api('flirtlokaal', 'POST', '/api/directdebit.php', { cookie, body: { ...form(overrides), mandate_token: token } });
  return { res, body: await json(res) };
}

/** The code in the newest SMS to the phone, read from the outbox as the dev mailbox shows it. */
async function smsCode(memberId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT text_body FROM outbox WHERE member_id = ? AND channel = 'sms' ORDER BY id DESC LIMIT 1")
    .bind(memberId)
    .first<{ text_body: string }>();
  return /\b(\d{6})\b/.exec(row!.text_body)![1];
}

const confirm = (cookie: string, request_id: number, otp: string) =>
  api('flirtlokaal', 'PUT', '/api/directdebit.php', { cookie, body: { request_id, otp } });

describe('direct debit', () => {
  it('checks the IBAN by mod-97 and every field of the form', async () => {
    const m = await newMember();
    const { res, body } = await requestCode(m.cookie, { iban: 'NL92ABNA0417164300', zip: '!', phone: 'call me' });
    expect(res.status).toBe(400);
    expect(body.error.fields).toMatchObject({
      iban: 'Ongeldig IBAN-nummer.',
      zip: 'Ongeldige postcode.',
      phone: 'Ongeldig telefoonnummer.',
    });
    const empty = await requestCode(m.cookie, { holder: ' ', consent: false });
    expect(empty.body.error.fields).toMatchObject({
      holder: 'Vul dit veld in.',
      consent: 'Geef toestemming voor directe levering om verder te gaan.',
    });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_id = ? AND channel = 'sms'").bind(m.memberId).first(),
    ).toEqual({ n: 0 });
  });

  it("sends an SMS code; a wrong code is 'Code ongeldig'; the right one pays once; a replay is refused", async () => {
    const m = await newMember();
    const { res, body } = await requestCode(m.cookie);
    expect(res.status).toBe(201);
    expect(body.phone).not.toContain('12345678');
    const code = await smsCode(m.memberId);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await confirm(m.cookie, body.request_id, wrong);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe('Code ongeldig');

    const ok = await confirm(m.cookie, body.request_id, code);
    expect(ok.status).toBe(201);
    const { order } = await json(ok);
    expect(order).toMatchObject({ status: 'paid', method: 'directdebit', recurring: 'recurring', credits: 50, amount: 1495 });
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 50, paid: true, ledger: 50 });
    const mandate = await env.DB.prepare('SELECT label, method FROM payment_mandates WHERE member_id = ?').bind(m.memberId).first();
    expect(mandate).toEqual({ label: 'NL91 •••• 4300', method: 'directdebit' });

    const replay = await confirm(m.cookie, body.request_id, code);
    expect(replay.status).toBe(400);
    expect((await json(replay)).error.message).toBe('Code ongeldig');
    // Another member cannot confirm this member's request either.
    const other = await newMember();
    expect((await confirm(other.cookie, body.request_id, code)).status).toBe(400);
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 50, paid: true, ledger: 50 });
  });

  it('voids the request after three wrong codes', async () => {
    const m = await newMember();
    const { body } = await requestCode(m.cookie);
    const code = await smsCode(m.memberId);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm(m.cookie, body.request_id, wrong)).status).toBe(400);
    expect((await confirm(m.cookie, body.request_id, wrong)).status).toBe(400);
    const third = await confirm(m.cookie, body.request_id, wrong);
    expect(third.status).toBe(429);
    expect((await json(third)).error.code).toBe('code_tries');
    expect((await confirm(m.cookie, body.request_id, code)).status).toBe(400);
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
  });

  it('refuses blocked accounts and members, and direct debits beyond the limit', async () => {
    const m = await newMember();
    await env.DB.prepare(
      "INSERT INTO directdebit_blocks (tenant_id, subject, reason, created_at) VALUES ('flirtlokaal', ?, 'chargeback', ?)",
    )
      .bind(await ibanSubject(IBAN), new Date().toISOString())
      .run();
    const blocked = await requestCode(m.cookie);
    expect(blocked.res.status).toBe(403);
    expect(blocked.body.error.message).toBe(
      'Betalen via automatische incasso is voor dit account niet mogelijk. Kies een andere betaalmethode.',
    );

    const n = await newMember();
    const iban = 'DE89370400440532013000';
    const first = await requestCode(n.cookie, { iban, package_id: 4, amount: 11995 });
    expect((await confirm(n.cookie, first.body.request_id, await smsCode(n.memberId))).status).toBe(201);
    const over = await requestCode(n.cookie, { iban, package_id: 3, amount: 5995 });
    expect(over.res.status).toBe(429);
    expect(over.body.error.message).toBe(
      'Je hebt de limiet voor automatische incasso bereikt. Kies een andere betaalmethode of probeer het later opnieuw.',
    );
    expect(await memberState('flirtlokaal', n.memberId)).toEqual({ credits: 600, paid: true, ledger: 600 });
  });

  it('limits SMS codes per hour and is not offered where the country has no direct debit', async () => {
    const m = await newMember();
    for (let i = 0; i < 3; i++) expect((await requestCode(m.cookie, { iban: 'BE68539007547034' })).res.status).toBe(201);
    const fourth = await requestCode(m.cookie, { iban: 'BE68539007547034' });
    expect(fourth.res.status).toBe(429);
    expect(fourth.body.error.code).toBe('directdebit_limit');
    const be = await api('flirtlokaal', 'POST', '/api/directdebit-mandate.php', { cookie: m.cookie, country: 'BE', body: form() });
    expect((await json(be)).error.code).toBe('method_unavailable');
  });
});
