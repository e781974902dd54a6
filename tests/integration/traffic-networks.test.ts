import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { collectMemberData } from '../../worker/account/data-export';
import { purgeExpired } from '../../worker/account/purge';
import { deliverPostbacks } from '../../worker/tracking/postback-queue';
import type { PostbackMessage } from '../../worker/tracking/postbacks';
import { call, freshIp, mailedLink, pathOf, sessionCookie, signupBody } from './account-helpers';
import { dbOf, fetchBrand } from './helpers';
import { checkout, placeOrder } from './payment-helpers';
import { createStaff, staffApi } from './staff-helpers';
import { addNetwork, click, clicksOf, eventually, failNetwork, NETWORK_HOST, networkSaw, postbacksOf } from './traffic-helpers';

const BRAND = 'flirtlokaal';

/** A visitor who came by a click of a fresh network, signed up and confirmed: the network had its lead. */
async function attributedMember(networkOverrides: Record<string, unknown> = {}, failFirst = 0) {
  const net = await addNetwork(BRAND, networkOverrides);
  const key = `m${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const { cookie } = await click(BRAND, `network=${net.name}&clickid=${key}&sub2=b`);
  await eventually(
    () => clicksOf(BRAND, net.id),
    (r) => r.length > 0,
  );
  const body = signupBody();
  const res = await call(BRAND, 'POST', '/api/signup.php', body, cookie!, freshIp());
  expect(res.status).toBe(201);
  const memberId = ((await res.json()) as { user: { id: number } }).user.id;
  if (failFirst) await failNetwork(key, failFirst);
  await fetchBrand(BRAND, pathOf(await mailedLink(BRAND, body.email, '/api/activate.php')), { redirect: 'manual' });
  return { net, key, memberId, email: body.email, session: sessionCookie(res) };
}

const network = (overrides: Record<string, unknown> = {}) => ({
  name: `n${Math.random().toString(36).slice(2, 8)}`,
  label: 'Network',
  postback_host: 'track.network.example',
  lead_url: 'https://track.network.example/pb?cid={click_id}&e={event}',
  payout_model: 'cpl',
  payout_amount: 250,
  ...overrides,
});

describe('networks in the back office', () => {
  it('an admin adds a network; unsafe templates are refused naming the field', async () => {
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const good = await staffApi(BRAND, 'POST', 'traffic-networks.php', { cookie, body: network() });
    expect(good.status).toBe(201);
    const created = ((await good.json()) as { network: { id: number; name: string; hold_days: number } }).network;
    expect(created.hold_days).toBe(30);

    for (const [field, value] of [
      ['lead_url', 'http://track.network.example/pb'],
      ['lead_url', 'https://169.254.169.254/latest/meta-data'],
      ['lead_url', 'https://127.0.0.1/pb'],
      ['sale_url', 'https://other.example/pb?cid={click_id}'],
      ['rebill_url', 'https://track.network.example/pb?mail={email}'],
      ['postback_host', 'localhost'],
      ['postback_host', '10.0.0.1'],
    ] as const) {
      const res = await staffApi(BRAND, 'POST', 'traffic-networks.php', { cookie, body: network({ [field]: value }) });
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(field);
    }
    const again = await staffApi(BRAND, 'POST', 'traffic-networks.php', { cookie, body: network({ name: created.name }) });
    expect(again.status).toBe(409);
    const list = await staffApi(BRAND, 'GET', 'traffic-networks.php', { cookie });
    expect(((await list.json()) as { networks: { name: string }[] }).networks.map((n) => n.name)).toContain(created.name);
    const updated = await staffApi(BRAND, 'PUT', 'traffic-networks.php', {
      cookie,
      body: { ...network({ name: created.name }), id: created.id, hold_days: 60, countries: ['NL', 'BE'] },
    });
    expect(((await updated.json()) as { network: { hold_days: number; countries: string[] } }).network).toMatchObject({
      hold_days: 60,
      countries: ['NL', 'BE'],
    });
  });

  it('an operator may not manage networks', async () => {
    const { cookie } = await createStaff([{ brand: BRAND, role: 'operator' }]);
    expect((await staffApi(BRAND, 'POST', 'traffic-networks.php', { cookie, body: network() })).status).toBe(403);
  });
});

describe('postback delivery', () => {
  it('a network answering 500 gets the postback again with backoff, each attempt logged, until it answers 200', async () => {
    const m = await attributedMember({}, 2);
    // The queue's consumer made the first attempt and asked Queues for a retry in 30 s.
    const [row] = await eventually(
      () => postbacksOf(BRAND, m.net.id),
      (r) => r[0]?.attempts === 1 && r[0].status === 'queued',
    );
    expect(row).toMatchObject({ event: 'lead', status: 'queued', last_status_code: 500 });
    // Queues' redeliveries, without waiting for their delay: the consumer as Queues calls it.
    const retries: number[] = [];
    for (let i = 0; i < 2; i++) {
      const message = {
        id: `m${i}`,
        timestamp: new Date(),
        attempts: i + 2,
        body: { tenant: BRAND, postback: row.id } satisfies PostbackMessage,
        ack: vi.fn(),
        retry: vi.fn((o?: { delaySeconds?: number }) => retries.push(o?.delaySeconds ?? 0)),
      };
      await deliverPostbacks(
        { queue: 'postbacks', messages: [message], ackAll() {}, retryAll() {} } as unknown as MessageBatch<PostbackMessage>,
        env,
        (t) => (t === BRAND ? dbOf(BRAND) : null),
      );
    }
    expect(retries).toEqual([60]);
    const [sent] = await postbacksOf(BRAND, m.net.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, last_status_code: 200 });
    const { results } = await dbOf(BRAND)
      .prepare('SELECT attempt, status_code FROM postback_attempts WHERE postback_id = ? ORDER BY attempt')
      .bind(row.id)
      .all();
    expect(results).toEqual([
      { attempt: 1, status_code: 500 },
      { attempt: 2, status_code: 500 },
      { attempt: 3, status_code: 200 },
    ]);
    expect((await networkSaw(m.key)).map((c) => c.e)).toEqual(['lead', 'lead', 'lead']);
    // Another delivery of a sent postback calls nobody.
    const late = {
      id: 'late',
      timestamp: new Date(),
      attempts: 5,
      body: { tenant: BRAND, postback: row.id },
      ack: vi.fn(),
      retry: vi.fn(),
    };
    await deliverPostbacks({ queue: 'postbacks', messages: [late] } as unknown as MessageBatch<PostbackMessage>, env, () => dbOf(BRAND));
    expect(late.ack).toHaveBeenCalled();
    expect(await networkSaw(m.key)).toHaveLength(3);
  }, 20_000);

  it('a staff refund inside the hold period sends the reversal; outside it only marks the conversion', async () => {
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    for (const outside of [false, true]) {
      const m = await attributedMember();
      const order = await placeOrder(BRAND, m.session);
      await checkout(BRAND, order.paymentId, 'paid');
      await eventually(
        () => networkSaw(m.key),
        (c) => c.length >= 2,
      );
      if (outside)
        await dbOf(BRAND)
          .prepare('UPDATE conversions SET created_at = ? WHERE order_id = ?')
          .bind(new Date(Date.now() - 31 * 86_400_000).toISOString(), order.order.id)
          .run();
      const res = await staffApi(BRAND, 'POST', 'refund.php', {
        cookie,
        body: { brand: BRAND, order_id: order.order.id, reason: 'asked' },
      });
      expect(res.status).toBe(200);
      const conv = await dbOf(BRAND)
        .prepare('SELECT reversed_at, reversal_kind FROM conversions WHERE order_id = ?')
        .bind(order.order.id)
        .first<{ reversed_at: string | null; reversal_kind: string }>();
      expect(conv!.reversal_kind).toBe('refund');
      if (outside) {
        await new Promise((r) => setTimeout(r, 300));
        expect((await networkSaw(m.key)).map((c) => c.e)).toEqual(['lead', 'sale']);
      } else {
        const calls = await eventually(
          () => networkSaw(m.key),
          (c) => c.length >= 3,
        );
        expect(calls[2]).toEqual({ key: m.key, e: 'reversal', o: String(order.order.id), a: '29.95', c: 'EUR', p: '15.00', s1: '' });
      }
    }
  }, 30_000);
});

describe('privacy', () => {
  it('the click is in the data export, and goes with the account while the conversions stay, anonymous', async () => {
    const m = await attributedMember();
    const data = (await collectMemberData(env as unknown as Env, dbOf(BRAND), BRAND, m.memberId)) as {
      traffic: { click: Record<string, unknown>; conversions: { event: string }[] };
    };
    expect(data.traffic.click).toMatchObject({ network: m.net.name, network_click_id: m.key, sub2: 'b', country: 'NL' });
    expect(data.traffic.conversions.map((c) => c.event)).toEqual(['signup', 'confirm']);

    await dbOf(BRAND)
      .prepare("UPDATE members SET status = 'deleted', deleted_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 20 * 86_400_000).toISOString(), m.memberId)
      .run();
    await purgeExpired(env, new Date());
    expect(await clicksOf(BRAND, m.net.id)).toEqual([]);
    const { results } = await dbOf(BRAND)
      .prepare('SELECT member_id, click_id, event FROM conversions WHERE network_id = ? ORDER BY id')
      .bind(m.net.id)
      .all();
    expect(results).toEqual([
      { member_id: null, click_id: null, event: 'signup' },
      { member_id: null, click_id: null, event: 'confirm' },
    ]);
  });

  it('clicks older than 13 months are purged by the daily run', async () => {
    const net = await addNetwork(BRAND);
    await click(BRAND, `network=${net.name}&clickid=old`);
    await click(BRAND, `network=${net.name}&clickid=new`);
    await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length === 2,
    );
    await dbOf(BRAND)
      .prepare("UPDATE clicks SET created_at = ? WHERE network_id = ? AND network_click_id = 'old'")
      .bind(new Date(Date.now() - 400 * 86_400_000).toISOString(), net.id)
      .run();
    await purgeExpired(env, new Date());
    expect((await clicksOf(BRAND, net.id)).map((c) => c.network_click_id)).toEqual(['new']);
  });

  it('/dev/postbacks shows what was sent, locally only', async () => {
    const m = await attributedMember();
    await eventually(
      () => postbacksOf(BRAND, m.net.id),
      (r) => r[0]?.status === 'sent',
    );
    const res = await fetchBrand(BRAND, '/dev/postbacks');
    const page = await res.text();
    expect(page).toContain(m.net.name);
    expect(page).toContain(`https://${NETWORK_HOST}/network/pb?key=${m.key}&amp;e=lead`);
  });
});

describe('the traffic funnel', () => {
  it('counts clicks to repeat purchases, revenue gross and net, by network and by day', async () => {
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const m = await attributedMember();
    const first = await placeOrder(BRAND, m.session);
    await checkout(BRAND, first.paymentId, 'paid');
    const second = await placeOrder(BRAND, m.session);
    await checkout(BRAND, second.paymentId, 'paid');
    await staffApi(BRAND, 'POST', 'refund.php', { cookie, body: { brand: BRAND, order_id: second.order.id, reason: 'asked' } });
    const today = new Date().toISOString().slice(0, 10);
    const res = await staffApi(BRAND, 'GET', `traffic.php?by=network&from=${today}&to=${today}`, { cookie });
    expect(res.status).toBe(200);
    const { rows } = (await res.json()) as { rows: Record<string, unknown>[] };
    expect(rows.find((r) => r.key === m.net.name)).toEqual({
      key: m.net.name,
      clicks: 1,
      signups: 1,
      confirmed: 1,
      first_messages: 0,
      first_purchases: 1,
      repeat_purchases: 1,
      refunds: 1,
      chargebacks: 0,
      revenue: [{ currency: 'EUR', gross: 5990, net: 2995 }],
    });
    const byDay = (await (await staffApi(BRAND, 'GET', `traffic.php?by=day&from=${today}&to=${today}`, { cookie })).json()) as {
      rows: { key: string; clicks: number }[];
    };
    expect(byDay.rows.map((r) => r.key)).toEqual([today]);
    expect((await staffApi(BRAND, 'GET', `traffic.php?by=day&from=2026-01-01&to=2026-12-31`, { cookie })).status).toBe(400);
  }, 30_000);
});
