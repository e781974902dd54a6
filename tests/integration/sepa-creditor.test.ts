import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sepaDebitDate } from '../../core/rules/sepa';
import { accountHash, signTerms } from '../../worker/payments/mandate-preview';
import { fetchBrand } from './helpers';
import { api, json, memberState, settledMember, spendCredits } from './payment-helpers';

// Issue 44 item 10 and the brand as its own SEPA creditor (flirtlokaal: NL direct debits routed to 'sepa').
const BRAND = 'flirtlokaal';
const CREDITOR_ID = 'NL57ZZZ999999999999';
const form = (overrides: Record<string, unknown> = {}) => ({
  package_id: 1,
  amount: 1495,
  currency: 'EUR',
  holder: 'Jan de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Damrak',
  house_number: '1',
  zip: '1012 LG',
  city: 'Amsterdam',
  phone: '+31 6 12345678',
  consent: true,
  ...overrides,
});

const preview = (cookie: string, overrides: Record<string, unknown> = {}) =>
  api(BRAND, 'POST', '/api/directdebit-mandate.php', { cookie, body: form(overrides) });
const sendCode = (cookie: string, token: string, overrides: Record<string, unknown> = {}) =>
  api(BRAND, 'POST', '/api/directdebit.php', { cookie, body: { ...form(overrides), mandate_token: token } });

async function smsCode(memberId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT text_body FROM outbox WHERE member_id = ? AND channel = 'sms' ORDER BY id DESC LIMIT 1")
    .bind(memberId)
    .first<{ text_body: string }>();
  return /\b(\d{6})\b/.exec(row!.text_body)![1];
}

/** A member who signed a mandate and whose order was placed on it: the mandate text they saw and the order. */
async function signedOrder(overrides: Record<string, unknown> = {}) {
  const m = await settledMember(BRAND);
  const mandate = await json(await preview(m.cookie, overrides));
  const sent = await sendCode(m.cookie, mandate.token, overrides);
  expect(sent.status).toBe(201);
  const confirmed = await api(BRAND, 'PUT', '/api/directdebit.php', {
    cookie: m.cookie,
    body: { request_id: (await json(sent)).request_id, otp: await smsCode(m.memberId) },
  });
  expect(confirmed.status).toBe(201);
  return { m, mandate, order: (await json(confirmed)).order };
}

/** The dev page's bank: make the day's files (JSON answer), or report a return on a debit. */
const devPost = (path: string, body?: Record<string, string>) =>
  fetchBrand(BRAND, path, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });

const debitOf = (orderId: number) =>
  env.DB.prepare('SELECT * FROM sepa_debits WHERE tenant_id = ? AND order_id = ?').bind(BRAND, orderId).first<Record<string, any>>();

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A small strict XML reader for the pain.008 file: tags must nest and close; entities are decoded. */
function parseXml(source: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const decode = (t: string) =>
    t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const token = /<\?[^>]*\?>|<\/([A-Za-z][\w:]*)\s*>|<([A-Za-z][\w:]*)((?:\s+[\w:]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (const match of source.matchAll(token)) {
    const [, close, open, attrs, selfClosing, text] = match;
    const top = stack[stack.length - 1];
    if (close) {
      if (top.name !== close) throw new Error(`</${close}> closes <${top.name}>`);
      stack.pop();
    } else if (open) {
      const node: XmlNode = {
        name: open,
        attrs: Object.fromEntries([...attrs.matchAll(/([\w:]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])])),
        children: [],
        text: '',
      };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    } else if (text) top.text += decode(text).trim();
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  return root;
}

const child = (node: XmlNode, path: string): XmlNode => {
  let at = node;
  for (const name of path.split('/')) {
    const next = at.children.find((c) => c.name === name);
    if (!next) throw new Error(`no ${name} in ${at.name}`);
    at = next;
  }
  return at;
};
const all = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);

describe('the SEPA mandate text before the code (issue 44 item 10)', () => {
  it('shows creditor, reference, amount, debit date and refund right; the code signs it; the mandate keeps creditor and reference', async () => {
    const { m, mandate, order } = await signedOrder();
    expect(mandate).toMatchObject({
      creditor_name: 'Lokaal Media B.V.',
      creditor_id: CREDITOR_ID,
      holder: 'Jan de Vries',
      iban: 'NL91 •••• 4300',
      amount: 1495,
      currency: 'EUR',
      debit_date: sepaDebitDate(new Date(), 2),
      refund_weeks: 8,
    });
    expect(mandate.mandate_reference).toMatch(/^FLIRTLOK-[0-9A-Z]{16}$/);
    expect(order).toMatchObject({ status: 'paid', method: 'directdebit', recurring: 'recurring', credits: 50, amount: 1495 });
    expect(await memberState(BRAND, m.memberId)).toEqual({ credits: 50, paid: true, ledger: 50 });
    const stored = await env.DB.prepare(
      'SELECT provider, mandate_id, creditor_id, mandate_reference, label FROM payment_mandates WHERE tenant_id = ? AND member_id = ?',
    )
      .bind(BRAND, m.memberId)
      .first();
    expect(stored).toEqual({
      provider: 'sepa',
      mandate_id: mandate.mandate_reference,
      creditor_id: CREDITOR_ID,
      mandate_reference: mandate.mandate_reference,
      label: 'NL91 •••• 4300',
    });
    const kept = await env.DB.prepare(
      'SELECT debtor_name, debtor_iban, creditor_id, first_debit_date FROM sepa_mandates WHERE tenant_id = ? AND reference = ?',
    )
      .bind(BRAND, mandate.mandate_reference)
      .first();
    expect(kept).toEqual({
      debtor_name: 'Jan de Vries',
      debtor_iban: 'NL91ABNA0417164300',
      creditor_id: CREDITOR_ID,
      first_debit_date: mandate.debit_date,
    });
    // Two previews never share a reference.
    const again = await json(await preview(m.cookie));
    expect(again.mandate_reference).not.toBe(mandate.mandate_reference);
  });

  it('refuses a forged or cut token, another package, another account, another member and an expired mandate, in Dutch', async () => {
    const m = await settledMember(BRAND);
    const { token } = await json(await preview(m.cookie));
    const [payload, signature] = token.split('.');
    const invalid = 'Deze machtiging hoort niet bij je bestelling. Bekijk de machtiging opnieuw en bevestig dan.';
    const refusals = [
      await sendCode(m.cookie, `${payload}.${signature.replace(/^./, (ch: string) => (ch === 'a' ? 'b' : 'a'))}`),
      await sendCode(m.cookie, payload),
      // A token re-made with a changed amount but the old signature.
      await sendCode(
        m.cookie,
        `${btoa(JSON.stringify({ ...JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))), amount: 1 })).replace(/=+$/, '')}.${signature}`,
      ),
      await sendCode(m.cookie, token, { package_id: 2, amount: 2995 }),
      await sendCode(m.cookie, token, { iban: 'DE89370400440532013000' }),
      await sendCode((await settledMember(BRAND)).cookie, token),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: 'mandate_invalid', message: invalid });
    }
    const expired = await signTerms((env as Env).APP_SECRET!, {
      tenant: BRAND,
      member: m.memberId,
      package_id: 1,
      amount: 1495,
      currency: 'EUR',
      reference: 'FLIRTLOK-EXPIRED0000000',
      creditor_id: CREDITOR_ID,
      debit_date: sepaDebitDate(new Date(), 2),
      account: await accountHash('NL91ABNA0417164300'),
      expires: Date.now() - 1000,
    });
    const old = await sendCode(m.cookie, expired);
    expect((await json(old)).error).toMatchObject({
      code: 'mandate_expired',
      message: 'De machtiging is verlopen. Bekijk de machtiging opnieuw en bevestig dan.',
    });
    // Without a token no code at all; nothing was sent for any of the refusals.
    const bare = await api(BRAND, 'POST', '/api/directdebit.php', { cookie: m.cookie, body: form() });
    expect(bare.status).toBe(400);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_id = ? AND channel = 'sms'").bind(m.memberId).first(),
    ).toEqual({
      n: 0,
    });
  });

  it("mails the mandate's facts as the pre-notification with the order's confirmation", async () => {
    const { m, mandate } = await signedOrder();
    const mail = await env.DB.prepare(
      "SELECT text_body FROM outbox WHERE member_id = ? AND template = 'payment_confirmation' ORDER BY id DESC LIMIT 1",
    )
      .bind(m.memberId)
      .first<{ text_body: string }>();
    const text = mail!.text_body.replace(/\s+/g, ' ');
    const date = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${mandate.debit_date}T00:00:00Z`),
    );
    expect(text).toContain(
      `Aankondiging automatische incasso: Lokaal Media B.V. (incassant-ID ${CREDITOR_ID}) schrijft op ${date} € 14,95 af van rekening NL91 •••• 4300, kenmerk machtiging ${mandate.mandate_reference}.`,
    );
    expect(text).toContain('binnen 8 weken na afschrijving');
  });
});

describe('the brand as SEPA creditor: pain.008 files and bank returns', () => {
  it("puts the debit in the collection day's pain.008 file with the creditor id, mandate reference, amount and date", async () => {
    const { mandate, order } = await signedOrder();
    const made = await devPost('/dev/sepa/collect');
    expect(made.status).toBe(200);
    const debit = await debitOf(order.id);
    expect(debit).toMatchObject({ status: 'submitted', collection_date: mandate.debit_date, sequence: 'FRST', amount: 1495 });
    expect((await json(made)).files).toContain(debit!.file_key);
    const file = await (await fetchBrand(BRAND, `/dev/sepa/file?key=${encodeURIComponent(debit!.file_key)}`)).text();
    const doc = child(parseXml(file), 'Document');
    expect(doc.attrs.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    const initiation = child(doc, 'CstmrDrctDbtInitn');
    const block = all(initiation, 'PmtInf').find((p) => child(p, 'PmtTpInf/SeqTp').text === 'FRST')!;
    expect(child(block, 'ReqdColltnDt').text).toBe(mandate.debit_date);
    expect(child(block, 'PmtTpInf/LclInstrm/Cd').text).toBe('CORE');
    expect(child(block, 'CdtrSchmeId/Id/PrvtId/Othr/Id').text).toBe(CREDITOR_ID);
    expect(child(block, 'Cdtr/Nm').text).toBe('Lokaal Media B.V.');
    expect(child(block, 'CdtrAcct/Id/IBAN').text).toBe('NL20INGB0001234567');
    const tx = all(block, 'DrctDbtTxInf').find((t) => child(t, 'DrctDbtTx/MndtRltdInf/MndtId').text === mandate.mandate_reference)!;
    expect(tx).toBeDefined();
    expect(child(tx, 'InstdAmt').text).toBe('14.95');
    expect(child(tx, 'InstdAmt').attrs.Ccy).toBe('EUR');
    expect(child(tx, 'DbtrAcct/Id/IBAN').text).toBe('NL91ABNA0417164300');
    expect(child(tx, 'Dbtr/Nm').text).toBe('Jan de Vries');
    expect(child(tx, 'PmtId/EndToEndId').text).toBe(`FLIRTLOKAAL-${order.id}`);
    // The control sums add up.
    const cents = (t: string) => Math.round(Number(t) * 100);
    const sumOf = (n: XmlNode) => all(n, 'DrctDbtTxInf').reduce((s, t) => s + cents(child(t, 'InstdAmt').text), 0);
    expect(cents(child(block, 'CtrlSum').text)).toBe(sumOf(block));
    expect(Number(child(initiation, 'GrpHdr/NbOfTxs').text)).toBe(
      all(initiation, 'PmtInf').reduce((s, p) => s + all(p, 'DrctDbtTxInf').length, 0),
    );
    // A second run finds nothing new for that debit: it is in one file only.
    await devPost('/dev/sepa/collect');
    expect((await debitOf(order.id))!.file_key).toBe(debit!.file_key);
  });

  it('a bank return reverses the order once under 20 concurrent reports, blocks the account and revokes the mandate', async () => {
    const { m, order } = await signedOrder();
    await devPost('/dev/sepa/collect');
    await spendCredits(BRAND, m.memberId, 20, order.id);
    const debit = await debitOf(order.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => devPost('/dev/sepa/return', { debit_id: String(debit!.id), reason: 'AM04' })),
    );
    const outcomes = await Promise.all(answers.map((r) => json(r)));
    expect(outcomes.every((o) => o.kind === 'reversed' && o.status === 'charged_back')).toBe(true);
    expect(outcomes.filter((o) => o.first)).toHaveLength(1);
    // The 30 unspent credits taken back once; the 20 spent stay spent.
    expect(await memberState(BRAND, m.memberId)).toEqual({ credits: 0, paid: true, ledger: 0 });
    const ledger = await env.DB.prepare('SELECT delta FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?')
      .bind(BRAND, m.memberId, `chargeback:order:${order.id}`)
      .all();
    expect(ledger.results).toEqual([{ delta: -30 }]);
    expect(await debitOf(order.id)).toMatchObject({ status: 'returned', return_reason: 'AM04' });
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE member_id = ? AND template = 'payment_charged_back'")
      .bind(m.memberId)
      .first();
    expect(mails).toEqual({ n: 1 });
    // A later refund claim on the same debit changes nothing more.
    const later = await json(await devPost('/dev/sepa/return', { debit_id: String(debit!.id), reason: 'MD06' }));
    expect(later).toMatchObject({ kind: 'reversed', first: false });
    expect((await debitOf(order.id))!.return_reason).toBe('AM04');
    // No repeat order on the revoked mandate, no new direct debit from the account.
    const repeat = await api(BRAND, 'POST', '/api/repeat-order.php', {
      cookie: m.cookie,
      body: { package_id: 1, amount: 1495, currency: 'EUR', consent: true },
    });
    expect((await json(repeat)).error.code).toBe('no_mandate');
    const blocked = await preview(m.cookie);
    expect(blocked.status).toBe(403);
    expect((await json(blocked)).error.code).toBe('directdebit_blocked');
  });

  it('the dev page lists the debits with a return button per debit', async () => {
    // Another account: the one of the return above is blocked now.
    const { order } = await signedOrder({ iban: 'DE89370400440532013000' });
    const page = await (await fetchBrand(BRAND, '/dev/sepa')).text();
    expect(page).toContain(`data-debit="${(await debitOf(order.id))!.id}"`);
    for (const reason of ['AM04', 'MD06', 'MD01']) expect(page).toContain(`<option>${reason}</option>`);
  });
});
