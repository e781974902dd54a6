import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TENANTS } from '../../worker/tenants';
import { fromMollieValue, MollieProvider, toMollieValue } from '../../worker/payments/mollie';
import { placeOrder, type OrderRow } from '../../worker/payments/orders';
import { ProviderError } from '../../worker/payments/provider';
import { settleOrder } from '../../worker/payments/settle';
import { fakeMollie } from './payment-fake-mollie';
import { memberState, newMember } from './payment-helpers';

// The Mollie adapter against a local fake of Mollie's API, and the order state machine driven by it.

const tenant = TENANTS.find((t) => t.id === 'flirtlokaal')!;
const request = {
  amount: 2995,
  currency: 'EUR',
  description: 'Flirtlokaal #1: 120 credits',
  method: 'ideal',
  issuer: 'ideal_INGBNL2A',
  redirectUrl: 'https://flirtlokaal.nl/transactions/1',
  webhookUrl: 'https://flirtlokaal.nl/api/payment-webhook.php',
  metadata: { tenant: 'flirtlokaal', order_id: 1 },
  sequenceType: 'oneoff' as const,
};

describe('MollieProvider', () => {
  it('creates a payment with decimal amounts, the bank, the webhook and the order in its metadata', async () => {
    const fake = fakeMollie();
    const mollie = new MollieProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    const created = await mollie.create(request);
    expect(created.id).toMatch(/^tr_/);
    expect(created.checkoutUrl).toContain('mollie.com/checkout');
    const sent = fake.requests.find((r) => r.path === '/v2/payments')!.body;
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: '29.95' },
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      webhookUrl: request.webhookUrl,
      metadata: request.metadata,
      sequenceType: 'oneoff',
    });
    const read = await mollie.get(created.id);
    expect(read).toEqual({
      id: created.id,
      status: 'open',
      amount: 2995,
      currency: 'EUR',
      metadata: request.metadata,
      mandate: null,
      checkoutUrl: created.checkoutUrl,
    });
  });

  it('asks for a customer with a first payment and reads the mandate back', async () => {
    const fake = fakeMollie();
    const mollie = new MollieProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    const mandate = await mollie.createDirectDebitMandate({
      holder: 'J. de Vries',
      iban: 'NL91 ABNA 0417 1643 00',
      customer: { name: 'J', email: 'j@example.com' },
    });
    expect(mandate).toMatchObject({ method: 'directdebit', label: 'NL91 •••• 4300', valid: true });
    const created = await mollie.create({
      ...request,
      method: 'directdebit',
      issuer: undefined,
      sequenceType: 'recurring',
      customerId: mandate.customerId,
      mandateId: mandate.mandateId,
    });
    expect(created.checkoutUrl).toBeNull();
    fake.payments.get(created.id)!.status = 'paid';
    expect((await mollie.get(created.id))!.mandate).toMatchObject({ mandateId: mandate.mandateId, label: 'NL91 •••• 4300' });
  });

  it('answers null for unknown ids, refuses odd ids without asking, and fails loudly on errors and a wrong key', async () => {
    const fake = fakeMollie();
    const mollie = new MollieProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    expect(await mollie.get('tr_unknown1')).toBeNull();
    const before = fake.requests.length;
    expect(await mollie.get('../customers')).toBeNull();
    expect(fake.requests.length).toBe(before);
    const wrongKey = new MollieProvider({ apiKey: 'test_other', baseUrl: fake.baseUrl, fetch: fake.fetch });
    await expect(wrongKey.create(request)).rejects.toBeInstanceOf(ProviderError);
    expect(toMollieValue(1495)).toBe('14.95');
    expect(fromMollieValue('0.50')).toBe(50);
    expect(() => fromMollieValue('1.5')).toThrow(ProviderError);
  });
});

describe('orders settled through Mollie', () => {
  async function mollieOrder(memberId: number, fake: ReturnType<typeof fakeMollie>) {
    const now = new Date();
    const id = await placeOrder(env.DB, 'flirtlokaal', {
      member_id: memberId,
      package_id: 2,
      credits: 120,
      currency: 'EUR',
      list_price: 2995,
      amount: 2995,
      discount_code: null,
      discount_percentage: null,
      discount_scope: null,
      country: 'NL',
      method: 'ideal',
      issuer: null,
      recurring: 'oneoff',
      provider: 'mollie',
      consent_at: now.toISOString(),
      language: 'nl',
      created_at: now.toISOString(),
    });
    const mollie = new MollieProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    const created = await mollie.create({ ...request, metadata: { tenant: 'flirtlokaal', order_id: id } });
    await env.DB.prepare("UPDATE orders SET provider_payment_id = ?, status = 'pending' WHERE id = ?").bind(created.id, id).run();
    const row = () => env.DB.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first<OrderRow>() as Promise<OrderRow>;
    const ctx = { env, tenant, provider: mollie, now, orderUrl: (n: number) => `https://flirtlokaal.nl/transactions/${n}` };
    return { id, paymentId: created.id, row, settle: async () => settleOrder(ctx, await row()) };
  }

  it('grants once when Mollie says paid, however often it is asked', async () => {
    const m = await newMember();
    const fake = fakeMollie();
    const o = await mollieOrder(m.memberId, fake);
    expect(await o.settle()).toBe('pending');
    fake.payments.get(o.paymentId)!.status = 'paid';
    const results = await Promise.all(Array.from({ length: 8 }, () => o.settle()));
    expect(new Set(results)).toEqual(new Set(['paid']));
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
  });

  it('moves nothing when Mollie reports another amount, currency or order', async () => {
    const m = await newMember();
    const fake = fakeMollie();
    for (const tamper of [
      (p: { amount: { value: string; currency: string } }) => (p.amount.value = '0.01'),
      (p: { amount: { value: string; currency: string } }) => (p.amount.currency = 'GBP'),
      (p: { metadata: unknown }) => (p.metadata = { tenant: 'velvetnights', order_id: 1 }),
    ]) {
      const o = await mollieOrder(m.memberId, fake);
      const payment = fake.payments.get(o.paymentId)!;
      payment.status = 'paid';
      tamper(payment as never);
      await expect(o.settle()).rejects.toMatchObject({ code: 'payment_mismatch' });
      expect((await o.row()).status).toBe('pending');
    }
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
  });

  it('cancelled and expired payments end the order without credits', async () => {
    const m = await newMember();
    const fake = fakeMollie();
    const cancelled = await mollieOrder(m.memberId, fake);
    fake.payments.get(cancelled.paymentId)!.status = 'canceled';
    expect(await cancelled.settle()).toBe('cancelled');
    const expired = await mollieOrder(m.memberId, fake);
    fake.payments.get(expired.paymentId)!.status = 'expired';
    expect(await expired.settle()).toBe('expired');
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 0, paid: false, ledger: 0 });
    // Still open at the provider but not paid: the closed order stays closed.
    expect(await cancelled.settle()).toBe('cancelled');
  });

  it('a payment the provider reports paid after the order expired still grants its credits, once', async () => {
    const m = await newMember();
    const fake = fakeMollie();
    const late = await mollieOrder(m.memberId, fake);
    fake.payments.get(late.paymentId)!.status = 'expired';
    expect(await late.settle()).toBe('expired');
    fake.payments.get(late.paymentId)!.status = 'paid';
    const results = await Promise.all(Array.from({ length: 5 }, () => late.settle()));
    expect(new Set(results)).toEqual(new Set(['paid']));
    expect(await memberState('flirtlokaal', m.memberId)).toEqual({ credits: 120, paid: true, ledger: 120 });
  });
});
