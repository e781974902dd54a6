import { env } from 'cloudflare:test';
import { ledgerBalance, ledgerEntry } from '../../worker/db/ledger';
import { createMember, dbOf, fetchBrand } from './helpers';

// Shared by the payment, discount, time-bonus and direct-debit tests: calls as a member would make them, the
// sandbox's checkout as a person would click it, and the balances the ledger must agree with.

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

/** Clicks an outcome on the sandbox checkout page, which calls the webhook and redirects back to the shop. */
export function checkout(
  brand: string,
  paymentId: string,
  status: 'paid' | 'failed' | 'canceled' | 'pending',
  extra: Record<string, string> = {},
) {
  return fetchBrand(brand, `/api/sandbox-checkout.php?id=${paymentId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${brand}.localhost` },
    body: new URLSearchParams({ status, ...extra }),
  });
}

/** What a payment service sends: a form with the payment id, nothing else. */
export function webhook(brand: string, paymentId: string) {
  return fetchBrand(brand, '/api/payment-webhook.php', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id: paymentId }),
  });
}

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
export async function settledMember(brand = 'flirtlokaal') {
  const member = await createMember(brand);
  await dbOf(brand)
    .prepare('UPDATE members SET signup_date = ? WHERE id = ? AND tenant_id = ?')
    .bind(new Date(Date.now() - 30 * 86_400_000).toISOString(), member.memberId, brand)
    .run();
  return member;
}
