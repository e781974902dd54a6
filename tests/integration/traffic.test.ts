import { describe, expect, it } from 'vitest';
import { call, freshIp, mailedLink, pathOf, sessionCookie, signupBody } from './account-helpers';
import { dbOf, fetchBrand } from './helpers';
import { checkout, placeOrder, webhook } from './payment-helpers';
import { addNetwork, click, clicksOf, eventually, expectCookie, networkSaw, postbacksOf } from './traffic-helpers';

const BRAND = 'flirtlokaal';

/** A visitor who came by the click and signed up with its cookie; returns the session and the member. */
async function signUpAfter(clickCookie: string | null) {
  const body = signupBody();
  const res = await call(BRAND, 'POST', '/api/signup.php', body, clickCookie ?? undefined, freshIp());
  expect(res.status).toBe(201);
  const user = ((await res.json()) as { user: { id: number } }).user;
  return { email: body.email, cookie: sessionCookie(res), memberId: user.id };
}

async function confirm(email: string) {
  const res = await fetchBrand(BRAND, pathOf(await mailedLink(BRAND, email, '/api/activate.php')), { redirect: 'manual' });
  expect(res.headers.get('location')).toBe('/activate/done');
}

async function buy(cookie: string) {
  const order = await placeOrder(BRAND, cookie);
  await checkout(BRAND, order.paymentId, 'paid');
  return order;
}

const conversionsOf = async (memberId: number) =>
  (
    await dbOf(BRAND)
      .prepare('SELECT event, ref, reversed_at FROM conversions WHERE tenant_id = ? AND member_id = ? ORDER BY id')
      .bind(BRAND, memberId)
      .all<{ event: string; ref: string; reversed_at: string | null }>()
  ).results;

describe('clicks', () => {
  it('a lander URL naming a network of the brand records one click with its parameters, after the answer', async () => {
    const net = await addNetwork(BRAND);
    const { res, cookie } = await click(BRAND, `network=${net.name}&clickid=abc-1&campaign=spring&sub1=s%3Cb%3E1&sub5=five&ref=r1`);
    expect(res.status).toBe(200);
    expectCookie(res.headers.getSetCookie().find((c) => c.startsWith('tc=')));
    const rows = await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: cookie!.slice(3, 25),
      network_click_id: 'abc-1',
      campaign: 'spring',
      sub1: 'sb1',
      sub5: 'five',
      ref: 'r1',
      country: 'NL',
    });
    expect(rows[0].lander).toMatch(/^\/landers\//);
  });

  it('a reload with the same cookie, or a replayed network click id from another browser, is not another click', async () => {
    const net = await addNetwork(BRAND);
    const first = await click(BRAND, `network=${net.name}&clickid=same`);
    const again = await click(BRAND, `network=${net.name}&clickid=same`, first.cookie!);
    expect(again.cookie).toBeNull();
    await click(BRAND, `network=${net.name}&clickid=same`);
    await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await clicksOf(BRAND, net.id)).toHaveLength(1);
  });

  it('an unknown network, or a country the network does not accept, records nothing', async () => {
    const net = await addNetwork(BRAND, { countries: 'DE,AT' });
    await click(BRAND, 'network=nobody&clickid=x1');
    await click(BRAND, `network=${net.name}&clickid=x2`);
    await new Promise((r) => setTimeout(r, 300));
    expect(await clicksOf(BRAND, net.id)).toHaveLength(0);
    const { results } = await dbOf(BRAND).prepare("SELECT COUNT(*) AS n FROM clicks WHERE network_click_id = 'x1'").all<{ n: number }>();
    expect(results[0].n).toBe(0);
  });

  it('the click keeps the traffic source for with_trafficsource and logged_out_search_trafficsource', async () => {
    const net = await addNetwork(BRAND);
    const { res } = await click(BRAND, `network=${net.name}&clickid=ts1&sub1=a`);
    const ts = res.headers.getSetCookie().find((c) => c.startsWith('ts='));
    expect(decodeURIComponent(ts!.split(';')[0].slice(3))).toBe(`{"network":"${net.name}","sub1":"a"}`);
  });

  it('a visitor page without click parameters is untouched: no click cookie', async () => {
    const res = await fetchBrand(BRAND, '/', { country: 'NL' });
    await res.text();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('tc='))).toBe(false);
  });
});

describe('attribution and postbacks', () => {
  it('lead on confirmation, sale on the first purchase, rebill on the next: each sent once with its tokens', async () => {
    const net = await addNetwork(BRAND);
    const key = `k${Date.now()}`;
    const { cookie } = await click(BRAND, `network=${net.name}&clickid=${key}&sub1=adset`);
    await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    const member = await signUpAfter(cookie);
    expect((await conversionsOf(member.memberId)).map((c) => c.event)).toEqual(['signup']);
    await confirm(member.email);
    const lead = await eventually(
      () => networkSaw(key),
      (calls) => calls.length >= 1,
    );
    expect(lead).toEqual([{ key, e: 'lead', o: '', a: '0.00', c: '', p: '0.00', s1: 'adset' }]);

    const first = await buy(member.cookie);
    const second = await buy(member.cookie);
    const calls = await eventually(
      () => networkSaw(key),
      (c) => c.length >= 3,
    );
    expect(calls.slice(1)).toEqual([
      { key, e: 'sale', o: String(first.order.id), a: '29.95', c: 'EUR', p: '15.00', s1: 'adset' },
      { key, e: 'rebill', o: String(second.order.id), a: '29.95', c: 'EUR', p: '0.00', s1: 'adset' },
    ]);
    const rows = await eventually(
      () => postbacksOf(BRAND, net.id),
      (r) => r.every((p) => p.status === 'sent'),
    );
    expect(rows.map((p) => [p.event, p.status, p.attempts, p.last_status_code])).toEqual([
      ['lead', 'sent', 1, 200],
      ['sale', 'sent', 1, 200],
      ['rebill', 'sent', 1, 200],
    ]);
    // A replayed webhook changes nothing.
    await webhook(BRAND, first.paymentId);
    await new Promise((r) => setTimeout(r, 300));
    expect(await networkSaw(key)).toHaveLength(3);
  }, 20_000);

  it('a click older than the network window is direct: no conversions, no postbacks', async () => {
    const net = await addNetwork(BRAND, { attribution_days: 7 });
    const { cookie } = await click(BRAND, `network=${net.name}&clickid=old1`);
    await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    await dbOf(BRAND)
      .prepare('UPDATE clicks SET created_at = ? WHERE network_id = ?')
      .bind(new Date(Date.now() - 8 * 86_400_000).toISOString(), net.id)
      .run();
    const member = await signUpAfter(cookie);
    await confirm(member.email);
    expect(await conversionsOf(member.memberId)).toEqual([]);
    expect(await postbacksOf(BRAND, net.id)).toEqual([]);
  });

  it('a member without a click records nothing', async () => {
    const member = await signUpAfter(null);
    await confirm(member.email);
    expect(await conversionsOf(member.memberId)).toEqual([]);
  });

  it('30 concurrent settles of one paid order send one sale', async () => {
    const net = await addNetwork(BRAND);
    const key = `c${Date.now()}`;
    const { cookie } = await click(BRAND, `network=${net.name}&clickid=${key}`);
    await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    const member = await signUpAfter(cookie);
    await confirm(member.email);
    const order = await placeOrder(BRAND, member.cookie);
    // The sandbox checkout pays the payment; the webhooks race to settle it.
    await checkout(BRAND, order.paymentId, 'paid');
    await Promise.all(Array.from({ length: 30 }, () => webhook(BRAND, order.paymentId)));
    const rows = await eventually(
      () => postbacksOf(BRAND, net.id),
      (r) => r.length >= 2 && r.every((p) => p.status === 'sent'),
    );
    expect(rows.map((p) => p.event)).toEqual(['lead', 'sale']);
    await new Promise((r) => setTimeout(r, 300));
    expect((await networkSaw(key)).map((c) => c.e)).toEqual(['lead', 'sale']);
  }, 20_000);
});
