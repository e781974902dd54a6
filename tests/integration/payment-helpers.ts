import { env } from 'cloudflare:test';
import { hashToken, newToken } from '../../worker/auth/sessions';
import { ledgerBalance, ledgerEntry } from '../../worker/db/ledger';
import { CcbillSandbox } from '../../worker/payments/ccbill/sandbox';
import { VerotelSandbox } from '../../worker/payments/verotel/sandbox';
import { TENANTS } from '../../worker/tenants';
import { createMember, dbOf, fetchBrand } from './helpers';

// Shared by the payment, discount, time-bonus and direct-debit tests: calls as a member would make them, the brand's
// payment service (Verotel's or CCBill's sandbox, or the sandbox checkout) as a person would click it, and the
// balances the ledger must agree with.

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  country?: string;
  headers?: Record<string, string>;
}

export function api(brand: string, method: string, path: string, { body, cookie, country = 'NL', headers = {} }: CallOptions = {}) {
  return fetchBrand(brand, path, {
    method,
    redirect: 'manual',
    country,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A logged-in member; signup_date is now, so the time bonus runs. */
export const newMember = (brand = 'flirtlokaal', opts: Parameters<typeof createMember>[1] = {}) => createMember(brand, opts);

export const IDEAL_ING = 'ideal_INGBNL2A';

export function orderBody(overrides: Record<string, unknown> = {}) {
  return { package_id: 2, amount: 2995, currency: 'EUR', method: 'ideal', issuer: IDEAL_ING, consent: true, ...overrides };
}

/** Places an order and returns the order and the sandbox payment id behind it. */
export async function placeOrder(brand: string, cookie: string, overrides: Record<string, unknown> = {}, options: CallOptions = {}) {
  const res = await api(brand, 'POST', '/api/order.php', { body: orderBody(overrides), cookie, ...options });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  const body = await json<{ order: { id: number; status: string; amount: number }; checkout_url: string | null }>(res);
  const row = await dbOf(brand)
    .prepare('SELECT provider_payment_id FROM orders WHERE id = ?')
    .bind(body.order.id)
    .first<{ provider_payment_id: string }>();
  return { ...body, paymentId: row!.provider_payment_id };
}

type Outcome = 'paid' | 'failed' | 'canceled' | 'pending';

/** The order behind a provider payment of the brand (any provider), or null for an unknown id. */
async function orderOfPayment(brand: string, paymentId: string) {
  return dbOf(brand)
    .prepare(
      'SELECT id, member_id, provider, amount, currency, method, credits FROM orders WHERE tenant_id = ? AND provider_payment_id = ?',
    )
    .bind(brand, paymentId)
    .first<{ id: number; member_id: number; provider: string; amount: number; currency: string; method: string; credits: number }>();
}

/** A fresh session of the order's member: what their browser holds when they cancel on the shop's order page. */
async function memberCookie(brand: string, memberId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await dbOf(brand)
    .prepare('INSERT INTO sessions (token_hash, tenant_id, member_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await hashToken(token), brand, memberId, now.toISOString(), new Date(now.getTime() + 86_400_000).toISOString())
    .run();
  return `auth=${token}`;
}

/**
 * The provider's checkout page of an order (the signed URL its adapter made when the order was placed: the same
 * adapter, pointed at the brand's sandbox, makes it again), for Verotel's order page or CCBill's FlexForm.
 */
async function providerPage(brand: string, order: NonNullable<Awaited<ReturnType<typeof orderOfPayment>>>): Promise<URL> {
  const tenant = TENANTS.find((t) => t.id === brand)!;
  const provider =
    order.provider === 'verotel' ? new VerotelSandbox(dbOf(brand), tenant).provider() : new CcbillSandbox(dbOf(brand), tenant).provider();
  const created = await provider.create({
    amount: order.amount,
    currency: order.currency,
    description: `${tenant.settings.name} #${order.id}: ${order.credits} credits`,
    method: order.method,
    redirectUrl: `https://${brand}.localhost/transactions/${order.id}`,
    webhookUrl: `https://${brand}.localhost/api/payment-webhook.php`,
    metadata: { tenant: brand, order_id: order.id },
    sequenceType: 'oneoff',
  });
  return new URL(created.checkoutUrl!);
}

/** The tester's click on a sandbox page (form field `action`, or the sandbox checkout's own fields). */
function clickOn(brand: string, path: string, fields: Record<string, string>) {
  return fetchBrand(brand, path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${brand}.localhost` },
    body: new URLSearchParams(fields),
  });
}

/**
 * What the member does at the brand's payment service, through that service's own sandbox and protocol (the demo
 * brands are on adult acquirers, decision 013): on Verotel's order page or CCBill's FlexForm, 'paid' pays (a signed
 * postback or webhook reaches the shop) and 'failed' is a decline (a hard one at CCBill: no cascade); 'pending' opens
 * the page and leaves it (the order stays pending, as it does at both); 'canceled' is the member's "Cancel" on the
 * shop's order page (neither acquirer has a cancel of its own). Orders at the sandbox checkout (the engine's
 * direct-debit mandates, test brands) click its outcome, which calls the webhook; `extra` are its fields (issuer, decline).
 */
export async function checkout(brand: string, paymentId: string, status: Outcome, extra: Record<string, string> = {}) {
  const order = await orderOfPayment(brand, paymentId);
  if (!order || order.provider === 'sandbox') return clickOn(brand, `/api/sandbox-checkout.php?id=${paymentId}`, { status, ...extra });
  if (status === 'canceled') {
    const cookie = await memberCookie(brand, order.member_id);
    return api(brand, 'DELETE', '/api/order.php', { body: { id: order.id }, cookie });
  }
  const page = await providerPage(brand, order);
  const path = `${page.pathname}${page.search}`;
  if (status === 'pending') return fetchBrand(brand, path);
  const decline = order.provider === 'ccbill' ? 'hard_decline' : 'decline';
  const clicked = await clickOn(brand, path, { action: status === 'paid' ? 'pay' : decline });
  // The member's browser comes back to the shop: CCBill's return URL, or the order's page, which loads the order
  // (and so learns of a Verotel decline, which Verotel posts nothing for).
  const cookie = await memberCookie(brand, order.member_id);
  const back = new URL(clicked.headers.get('location') ?? '/', `https://${brand}.localhost`);
  if (order.provider === 'ccbill')
    await fetchBrand(brand, `${back.pathname}${back.search}`, { redirect: 'manual', headers: { Cookie: cookie } });
  else await api(brand, 'GET', `/api/order.php?id=${order.id}`, { cookie });
  return clicked;
}

/**
 * What a payment service sends again about a payment: for the sandbox checkout, a form with the payment id, nothing
 * else; for a Verotel sale, its signed postback again (Verotel retries until the shop answers OK); for a CCBill
 * transaction, its webhook again. A Verotel or CCBill payment with nothing recorded yet sends nothing: the sandbox
 * checkout's webhook answers for it (404, no such payment there).
 */
export async function webhook(brand: string, paymentId: string): Promise<Response> {
  const order = await orderOfPayment(brand, paymentId);
  const tenant = TENANTS.find((t) => t.id === brand)!;
  if (order?.provider === 'verotel') {
    const sandbox = new VerotelSandbox(dbOf(brand), tenant);
    const sale = await sandbox.sale(paymentId);
    if (sale?.result === 'APPROVED') return fetchBrand(brand, `/api/verotel-postback.php?${await sandbox.postback(sale)}`);
  }
  if (order?.provider === 'ccbill') {
    const sandbox = new CcbillSandbox(dbOf(brand), tenant);
    const t = await sandbox.transaction(paymentId);
    if (t) {
      const { eventType, fields } = await sandbox.webhook(t);
      return ccbillWebhookOf(brand, eventType, fields);
    }
  }
  return fetchBrand(brand, '/api/payment-webhook.php', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id: paymentId }),
  });
}

const ccbillWebhookOf = (brand: string, eventType: string, fields: Record<string, string>) =>
  fetchBrand(brand, `/api/ccbill-webhook.php?eventType=${eventType}&eventGroupType=Subscription`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

export async function memberState(brand: string, memberId: number) {
  const row = await dbOf(brand)
    .prepare('SELECT credits, paid_user FROM members WHERE id = ? AND tenant_id = ?')
    .bind(memberId, brand)
    .first<{ credits: number; paid_user: number }>();
  return { credits: row!.credits, paid: row!.paid_user === 1, ledger: await ledgerBalance(dbOf(brand), brand, memberId) };
}

/** The member spends `credits` of an order's grant on messages (before a refund or chargeback takes back the rest). */
export async function spendCredits(brand: string, memberId: number, credits: number, orderId: number): Promise<void> {
  await ledgerEntry(dbOf(brand), {
    tenantId: brand,
    memberId,
    delta: -credits,
    reason: 'message',
    ref: `spent:${orderId}`,
    now: new Date(),
  }).run();
}

export async function orderStatus(id: number): Promise<string> {
  return (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<{ status: string }>())!.status;
}

/** A logged-in member past the time bonus and the welcome week (signed up 30 days ago): no discount of their own. */
export async function settledMember(brand = 'flirtlokaal', currency?: string) {
  const member = await createMember(brand, { currency });
  await dbOf(brand)
    .prepare('UPDATE members SET signup_date = ? WHERE id = ? AND tenant_id = ?')
    .bind(new Date(Date.now() - 30 * 86_400_000).toISOString(), member.memberId, brand)
    .run();
  return member;
}
