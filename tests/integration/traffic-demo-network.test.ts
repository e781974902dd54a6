import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { templateProblem } from '../../core/rules/postback-template';
import { DEMO_NETWORK_HOST, testPostbackHosts } from '../../worker/tracking/postback-hosts';
import { call, freshIp, mailedLink, pathOf, signupBody } from './account-helpers';
import { dbOf, fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';
import { click, clicksOf, eventually, postbacksOf } from './traffic-helpers';

const BRAND = 'flirtlokaal';
const template = (event: string) => `https://${DEMO_NETWORK_HOST}/pb?clickid={click_id}&event=${event}&payout={payout}&sub1={sub1}`;

/** The Demo Network as scripts/seed.mjs seeds it on each demo brand under npm start. */
const demoNetwork = (name: string) => ({
  name,
  label: 'Demo Network',
  postback_host: DEMO_NETWORK_HOST,
  lead_url: template('lead'),
  sale_url: template('sale'),
  payout_model: 'cpa',
  payout_amount: 2500,
});

describe('the demo brands stand-in network (local mode only)', () => {
  it('its .localhost templates pass the guard only where the local tools run, never in production', async () => {
    // The guard itself refuses local names (production has no extra hosts) ...
    expect(templateProblem(template('lead'), DEMO_NETWORK_HOST)).toBe('unsafe_host');
    // ... the local stand-in is an extra host of local mode (and the tests'), not of production.
    expect(testPostbackHosts({ ...env, APP_ENV: 'production' })).toEqual([]);
    expect(testPostbackHosts({ ...env, APP_ENV: 'local', TEST_POSTBACK_HOST: '' })).toEqual([DEMO_NETWORK_HOST]);
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const res = await staffApi(BRAND, 'POST', 'traffic-networks.php', { cookie, body: demoNetwork('demonet') });
    expect(res.status).toBe(201);
    // Another host in its templates is still refused.
    const other = await staffApi(BRAND, 'POST', 'traffic-networks.php', {
      cookie,
      body: { ...demoNetwork('demonet2'), sale_url: 'https://other.localhost/pb?c={click_id}' },
    });
    expect(other.status).toBe(400);
  });

  it('a visitor from a demonet lander link who signs up and confirms queues the lead for the stand-in', async () => {
    const { cookie } = await createStaff([{ brand: BRAND, role: 'admin' }]);
    const created = await staffApi(BRAND, 'POST', 'traffic-networks.php', { cookie, body: demoNetwork('demonet3') });
    const net = ((await created.json()) as { network: { id: number } }).network;
    const visit = await click(BRAND, 'network=demonet3&clickid=demo-42&sub1=banner');
    await eventually(
      () => clicksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    const body = signupBody();
    expect((await call(BRAND, 'POST', '/api/signup.php', body, visit.cookie!, freshIp())).status).toBe(201);
    await fetchBrand(BRAND, pathOf(await mailedLink(BRAND, body.email, '/api/activate.php')), { redirect: 'manual' });
    const [lead] = await eventually(
      () => postbacksOf(BRAND, net.id),
      (r) => r.length > 0,
    );
    expect(lead).toMatchObject({
      event: 'lead',
      url: `https://${DEMO_NETWORK_HOST}/pb?clickid=demo-42&event=lead&payout=0.00&sub1=banner`,
    });
  });

  it('its receiver records what arrived and /dev/postbacks shows it', async () => {
    const res = await fetchBrand(BRAND, '/dev/network/pb?clickid=demo-7&event=sale&payout=25.00');
    expect(res.status).toBe(200);
    const page = await (await fetchBrand(BRAND, '/dev/postbacks')).text();
    expect(page).toContain('Received by the Demo Network');
    expect(page).toContain('clickid=demo-7&amp;event=sale&amp;payout=25.00');
    // Another brand's page does not show it.
    const { results } = await dbOf(BRAND).prepare('SELECT tenant_id FROM dev_network_receipts').all<{ tenant_id: string }>();
    expect(results.map((r) => r.tenant_id)).toEqual([BRAND]);
  });

  it('a template naming down_until makes the receiver a network that is down until then (the bench burst)', async () => {
    const until = Date.now() + 60_000;
    const down = await fetchBrand(BRAND, `/dev/network/pb?clickid=demo-down&event=sale&down_until=${until}`);
    expect(down.status).toBe(500);
    const up = await fetchBrand(BRAND, `/dev/network/pb?clickid=demo-up&event=sale&down_until=${Date.now() - 1}`);
    expect(up.status).toBe(200);
    const { results } = await dbOf(BRAND)
      .prepare("SELECT query FROM dev_network_receipts WHERE query LIKE '%demo-down%' OR query LIKE '%demo-up%'")
      .all<{ query: string }>();
    // Only what the network accepted is counted as received.
    expect(results.map((r) => r.query)).toEqual([expect.stringContaining('clickid=demo-up')]);
  });
});
