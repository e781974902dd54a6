// Paid traffic against the running Worker (issue 47's budgets, beside scripts/lib/bench-traffic.mjs's funnel):
// - a click's CPU on a lander: the workerd process's CPU per request (as scripts/lib/bench-worker.mjs measures pages)
//   for the lander with the parameters of a network the brand does not have (rendered past the edge cache, as every
//   URL with traffic-source parameters is, no click recorded) and with the Demo Network's and a new click id each
//   time (the same, plus the click cookie and the INSERT after the response). Their difference is the click's cost;
//   budget 1 ms. The plain lander is then asked again: it must still come from the edge cache (X-Cache: HIT).
// - 1 000 conversions in a burst: 1 000 members brought by clicks of a network of their own pay their first order
//   (Verotel's sandbox, as the payment run pays) 50 at a time, while the network answers 500 (its sale template names
//   `down_until`, which the local receiver /dev/network/pb honours) for DOWN_SECONDS; then the run waits for the queue's
//   retries and counts what the network received: every sale exactly once, none lost, none twice. `no_answer` counts
//   attempts without an answer within the consumer's 10 s (the network may have recorded those: sent again later).
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { call, createPaymentMembers, pool, sql } from './bench-payments.mjs';
import { clickSandbox } from './bench-acquirers.mjs';
import { cpuMs, workerdPid } from './bench-worker.mjs';

export const CLICK_CPU_BUDGET_MS = 1;
const BRAND = 'flirtlokaal';
const CONVERSIONS = Number(process.env.BENCH_BURST_CONVERSIONS ?? 1000);
// Longer than the burst itself takes here (~3 min for 1 000 paid orders on 2 busy cores), so postbacks meet the 500s.
const DOWN_SECONDS = Number(process.env.BENCH_BURST_DOWN_SECONDS ?? 240);
const WAIT_MS = 12 * 60_000;

function get(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, xCache: res.headers['x-cache'] ?? null }));
    });
    req.on('error', reject);
    req.end();
  });
}

const round = (n) => Math.round(n * 100) / 100;

/** Before the server starts: the members who will pay, and the network that brought them (with its clicks). */
export function prepareBurst({ env, persistTo }) {
  const members = createPaymentMembers({ env, persistTo, brand: BRAND, count: CONVERSIONS });
  const name = `burst${randomInt(100_000, 999_999)}`;
  return { members, name };
}

/** Writes the burst's network (down until `downUntil`) and a click per member, attributed for life. */
function writeNetwork({ env, persistTo }, { members, name }, downUntil) {
  const now = new Date().toISOString();
  const template = `https://demo-network.localhost/pb?clickid={click_id}&event=sale&order={order_id}&amount={amount}&down_until=${downUntil}`;
  sql(
    env,
    persistTo,
    `INSERT INTO traffic_networks (tenant_id, name, label, click_id_param, campaign_param, postback_host, sale_url, payout_model, payout_amount, payout_currency, hold_days, attribution_days, created_at, updated_at)
     VALUES ('${BRAND}', '${name}', 'Bench burst', 'clickid', 'campaign', 'demo-network.localhost', '${template}', 'cpa', 2500, 'EUR', 30, 30, '${now}', '${now}')`,
  );
  const [network] = sql(env, persistTo, `SELECT id FROM traffic_networks WHERE tenant_id = '${BRAND}' AND name = '${name}'`, true);
  const statements = members.flatMap((m) => [
    `INSERT INTO clicks (id, tenant_id, network_id, network_click_id, lander, country, device, created_at) VALUES ('${name}-${m.id}', '${BRAND}', ${network.id}, 'nc${m.id}', '/landers/bench', 'NL', 'mobile', '${now}')`,
    `INSERT INTO member_clicks (tenant_id, member_id, click_id, network_id, attributed_at) VALUES ('${BRAND}', ${m.id}, '${name}-${m.id}', ${network.id}, '${now}')`,
  ]);
  sql(env, persistTo, statements.join(';\n'));
  return network.id;
}

/** The click's added CPU on a lander, and whether the plain lander stays in the edge cache. */
export async function benchClickCpu({ env, persistTo, serverPid, port, host, lander, requests = 200, warmup = 20 }) {
  const pid = workerdPid(serverPid);
  if (!pid) throw new Error('no workerd process under the server');
  const headers = { host, 'x-debug-country': 'NL' };
  const run = `${Date.now()}`;
  const variants = {
    'lander, no click (unknown network)': (i) => `${lander}?network=nonet&clickid=bench-${run}-${i}`,
    'lander with a click (demonet, new click id)': (i) => `${lander}?network=demonet&clickid=bench-${run}-${i}`,
  };
  const clicksBefore = sql(env, persistTo, `SELECT COUNT(*) AS n FROM clicks WHERE tenant_id = '${BRAND}'`, true)[0].n;
  const out = {};
  for (const [name, path] of Object.entries(variants)) {
    for (let i = 0; i < warmup; i++) await get(port, path(`w${i}`), headers);
    const before = cpuMs(pid);
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const res = await get(port, path(i), headers);
      if (res.status !== 200) throw new Error(`${path(i)} answered ${res.status}`);
    }
    out[name] = {
      cpuMsPerRequest: round((cpuMs(pid) - before) / requests),
      wallMsPerRequest: round((performance.now() - started) / requests),
    };
  }
  // The click INSERTs run after the answers (waitUntil): give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const clicksRecorded = sql(env, persistTo, `SELECT COUNT(*) AS n FROM clicks WHERE tenant_id = '${BRAND}'`, true)[0].n - clicksBefore;
  await get(port, lander, headers);
  const plain = await get(port, lander, headers);
  const [noClick, click] = Object.values(out);
  return {
    requests,
    ...out,
    clicksRecorded,
    clicksExpected: requests + warmup,
    addedCpuMs: round(click.cpuMsPerRequest - noClick.cpuMsPerRequest),
    plainLanderXCache: plain.xCache,
    budgetMs: CLICK_CPU_BUDGET_MS,
  };
}

/** 1 000 first purchases at once while the network is down for a while; what it received in the end. */
export async function benchPostbackBurst({ env, persistTo, port, host, burst }) {
  const server = { port, host };
  const downUntil = Date.now() + DOWN_SECONDS * 1000;
  const networkId = writeNetwork({ env, persistTo }, burst, downUntil);
  const started = performance.now();
  const answers = {};
  const count = (key) => void (answers[key] = (answers[key] ?? 0) + 1);
  await pool(
    burst.members.map((member) => async () => {
      const res = await call(
        server,
        'POST',
        '/api/order.php',
        { cookie: member.cookie, 'cf-connecting-ip': member.ip, 'content-type': 'application/json', 'x-debug-country': 'NL' },
        JSON.stringify({ package_id: 1, amount: 1495, currency: 'EUR', method: 'creditcard', consent: true }),
      );
      count(`order ${res.status}`);
      if (res.status !== 201) return;
      const paid = await clickSandbox(server, JSON.parse(res.body).checkout_url, 'pay');
      count(`pay ${paid?.status ?? 'none'}`);
    }),
    50,
  );
  const burstSeconds = round((performance.now() - started) / 1000);
  const figures = () =>
    sql(
      env,
      persistTo,
      `SELECT (SELECT COUNT(*) FROM conversions WHERE tenant_id = '${BRAND}' AND network_id = ${networkId} AND event = 'first_purchase') AS recorded,
              (SELECT COUNT(*) FROM postbacks WHERE tenant_id = '${BRAND}' AND network_id = ${networkId}) AS postbacks,
              (SELECT COUNT(*) FROM postbacks WHERE tenant_id = '${BRAND}' AND network_id = ${networkId} AND status = 'sent') AS sent,
              (SELECT COUNT(*) FROM postbacks WHERE tenant_id = '${BRAND}' AND network_id = ${networkId} AND status = 'failed') AS failed,
              (SELECT COUNT(*) FROM postback_attempts a JOIN postbacks p ON p.id = a.postback_id WHERE p.tenant_id = '${BRAND}' AND p.network_id = ${networkId} AND a.status_code = 500) AS answered_500,
              (SELECT COUNT(*) FROM postback_attempts a JOIN postbacks p ON p.id = a.postback_id WHERE p.tenant_id = '${BRAND}' AND p.network_id = ${networkId} AND a.status_code IS NULL) AS no_answer,
              (SELECT COUNT(*) FROM dev_network_receipts WHERE tenant_id = '${BRAND}' AND query LIKE '%down_until=${downUntil}%') AS received,
              (SELECT COUNT(DISTINCT query) FROM dev_network_receipts WHERE tenant_id = '${BRAND}' AND query LIKE '%down_until=${downUntil}%') AS received_distinct`,
      true,
    )[0];
  let f = figures();
  const waitStarted = performance.now();
  while (f.sent + f.failed < f.postbacks || f.postbacks < f.recorded) {
    if (performance.now() - waitStarted > WAIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    f = figures();
  }
  return {
    conversions: CONVERSIONS,
    downSeconds: DOWN_SECONDS,
    burstSeconds,
    answers,
    ...f,
    secondsUntilAllSent: round((performance.now() - started) / 1000),
    // A purchase the bench could not place (a dropped connection) is no conversion: counted apart.
    ordersNotPlaced: CONVERSIONS - f.recorded,
    duplicates: f.received - f.received_distinct,
    lost: f.recorded - f.received_distinct,
  };
}
