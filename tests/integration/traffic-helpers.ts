import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { LANDERS } from '../../landers/registry';
import { dbOf, fetchBrand } from './helpers';

declare const __TEST_UPSTREAM_PORT__: number;

/** The stand-in network's host (tests/integration/network-stand-in.ts), the only one TEST_POSTBACK_HOST allows. */
export const NETWORK_HOST = `127.0.0.1:${__TEST_UPSTREAM_PORT__}`;
const standIn = `http://${NETWORK_HOST}/network`;
export const LANDER = `/landers/${[...LANDERS.keys()][0]}`;

let next = 1;

/** A network of the brand whose templates call the stand-in, keyed by the click id (the `key` parameter). */
export async function addNetwork(brand = 'flirtlokaal', overrides: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = `net${next++}${Math.random().toString(36).slice(2, 6)}`;
  const pb = (event: string) =>
    `https://${NETWORK_HOST}/network/pb?key={click_id}&e=${event}&o={order_id}&a={amount}&c={currency}&p={payout}&s1={sub1}`;
  const row = {
    name,
    label: name,
    click_id_param: 'clickid',
    campaign_param: 'campaign',
    postback_host: NETWORK_HOST,
    lead_url: pb('{event}'),
    sale_url: pb('{event}'),
    rebill_url: pb('{event}'),
    reversal_url: pb('{event}'),
    payout_model: 'cpa',
    payout_amount: 1500,
    revshare_percent: 0,
    hold_days: 30,
    attribution_days: 30,
    countries: '',
    ...overrides,
  };
  const cols = Object.keys(row);
  const res = await dbOf(brand)
    .prepare(
      `INSERT INTO traffic_networks (tenant_id, ${cols.join(', ')}, created_at, updated_at) VALUES (?, ${cols.map(() => '?').join(', ')}, ?, ?) RETURNING id`,
    )
    .bind(brand, ...Object.values(row), new Date().toISOString(), new Date().toISOString())
    .first<{ id: number }>();
  return { id: res!.id, name };
}

/** A visitor's click on a lander: the click cookie (as a Cookie header part) and the page's answer. */
export async function click(brand: string, query: string, cookie?: string) {
  const res = await fetchBrand(brand, `${LANDER}?${query}`, { country: 'NL', headers: cookie ? { Cookie: cookie } : {} });
  await res.text();
  const set = res.headers.getSetCookie().find((c) => c.startsWith('tc='));
  return { res, cookie: set?.split(';')[0] ?? null };
}

/** Waits until `check` passes (work done after the answer: waitUntil, the queue's consumer). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function clicksOf(brand: string, networkId: number) {
  const { results } = await dbOf(brand).prepare('SELECT * FROM clicks WHERE tenant_id = ? AND network_id = ?').bind(brand, networkId).all();
  return results as Record<string, any>[];
}

/** What the stand-in network received for a click id. */
export async function networkSaw(key: string): Promise<Record<string, string>[]> {
  const res = await fetch(`${standIn}/__seen?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { calls: Record<string, string>[] }).calls;
}

export async function failNetwork(key: string, times: number): Promise<void> {
  await fetch(`${standIn}/__fail?key=${encodeURIComponent(key)}&times=${times}`, { method: 'POST' });
}

export async function postbacksOf(brand: string, networkId: number) {
  const { results } = await dbOf(brand)
    .prepare('SELECT * FROM postbacks WHERE tenant_id = ? AND network_id = ? ORDER BY id')
    .bind(brand, networkId)
    .all();
  return results as Record<string, any>[];
}

export function expectCookie(setCookie: string | undefined) {
  expect(setCookie).toMatch(/^tc=[A-Za-z0-9_-]{22}\.[0-9a-f]{8};/);
  expect(setCookie).toContain('Max-Age=2592000');
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('Secure');
  expect(setCookie).toContain('SameSite=Lax');
}

export { env };
