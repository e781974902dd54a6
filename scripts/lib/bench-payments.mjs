// The payment run of `npm run bench`: 100 orders from 10 members on Flirtlokaal, which pays through Verotel FlexPay
// (issue 44), then 1 000 signed postbacks for them (early ones while the payments are still open, which Verotel's
// status service does not know yet, repeats, a shuffled order, 50 at a time), and a check that every paid order
// granted its credits exactly once and that every member's balance equals the sum of their ledger rows. The postbacks
// are signed as Verotel signs them (scripts/lib/bench-acquirers.mjs); the payer's choice is made on the sandbox page.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
// A cycle of functions only (each module calls the other's at run time, never while loading).
import { clickSandbox, sendVerotelPostback, verotelPostback, verotelSales } from './bench-acquirers.mjs';

const ORDERS = 100;
const MEMBERS = 10;
const WEBHOOKS = 1000;
const EARLY = 200;
const CONCURRENCY = 50;
// The flirtlokaal packages (tenants/flirtlokaal.ts): id -> [credits, price in cents].
const PACKAGES = { 1: [50, 1495], 2: [120, 2995], 3: [275, 5995], 4: [600, 11995] };

/** A statement on the local D1 database of a binding: DB, or a brand's own (tenants/*.ts `database`, e.g. DB_VELVET). */
export function sql(env, persistTo, command, json = false, binding = 'DB') {
  // A long script goes through a file: a command line has a length limit.
  const file = `${persistTo}/bench-statements.sql`;
  if (command.length > 64_000) writeFileSync(file, command);
  const source = command.length > 64_000 ? ['--file', file] : ['--command', command];
  const r = spawnSync(
    'wrangler',
    ['d1', 'execute', binding, '--local', '--persist-to', persistTo, ...(json ? ['--json'] : []), ...source],
    {
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (r.status !== 0) throw new Error(`d1 execute failed: ${r.stderr ?? r.error}`);
  return json ? JSON.parse(r.stdout)[0].results : null;
}

/** Members with live sessions, written before the server starts; fresh ids each run, so old runs never mix in. */
export function createPaymentMembers({ env, persistTo, brand, count = MEMBERS, binding = 'DB' }) {
  const base = 91_000_000 + randomInt(0, 800_000) * 100;
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  // Signed up a month ago: no welcome discount of their own, which would beat the race's 20% codes (a code never
  // raises the price: core/rules/discount.ts bestDiscount), so the codes are really used.
  const signup = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const statements = [];
  const members = [];
  for (let i = 0; i < count; i++) {
    const id = base + i;
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    statements.push(
      `INSERT INTO members (id, tenant_id, email, status, signup_date, created_at) VALUES (${id}, '${brand}', 'pay${id}@bench.test', 'confirmed', '${signup}', '${now}')`,
      `INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at) VALUES (${id}, '${brand}', ${id}, 'Payer', 'male', 'hetero', '1985-01-01', 'NL', '${now}', '${now}')`,
      `INSERT INTO sessions (token_hash, tenant_id, member_id, created_at, expires_at) VALUES ('${hash}', '${brand}', ${id}, '${now}', '${later}')`,
    );
    // Each member from an address of their own (the benchmarking range 198.18.0.0/15, RFC 2544): the brand's purchase
    // limits per address (core/rules/purchase-velocity.ts) are for a household, not for the whole bench at once.
    members.push({ id, cookie: `auth=${token}`, ip: `198.${18 + randomInt(0, 2)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });
  }
  sql(env, persistTo, statements.join('; '), false, binding);
  return members;
}

export function call({ port, host }, method, path, headers, body) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    // A dropped connection is an answer too (status 0, counted in the reports), not the end of the run.
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(body);
  });
}

export async function pool(tasks, size) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

const shuffle = (list) => {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
};

const BRAND = 'flirtlokaal';
const SHOP_ID = 71001;
/** A sale Verotel's status service does not know (yet): what an early or stray postback names. Refused, never paid. */
const unknownSale = (o) => ({
  shop_id: SHOP_ID,
  sale_id: randomInt(1_000_000, 9_999_999),
  reference_id: o.payment,
  amount: o.amount,
  currency: 'EUR',
  payment_method: 'CC',
  transaction_id: randomInt(1_000_000, 9_999_999),
});

/** Runs the payment bench against a started server; returns the report section. */
export async function benchPayments({ env, persistTo, port, host, members }) {
  const postback = (server, o, sales) => sendVerotelPostback(server, verotelPostback(BRAND, sales?.get(o.payment) ?? unknownSale(o)));
  const server = { port, host };
  const orders = [];
  for (let i = 0; i < ORDERS; i++) {
    const member = members[i % members.length];
    const pkg = 1 + (i % 4);
    const res = await call(
      server,
      'POST',
      '/api/order.php',
      { cookie: member.cookie, 'cf-connecting-ip': member.ip, 'content-type': 'application/json', 'x-debug-country': 'NL' },
      JSON.stringify({ package_id: pkg, amount: PACKAGES[pkg][1], currency: 'EUR', method: 'creditcard', consent: true }),
    );
    if (res.status !== 201) throw new Error(`order ${i} failed: ${res.status} ${res.body}`);
    const body = JSON.parse(res.body);
    orders.push({
      id: body.order.id,
      member: member.id,
      credits: PACKAGES[pkg][0],
      amount: body.order.amount,
      url: body.checkout_url,
      payment: `${BRAND}-${body.order.id}`,
    });
  }
  // 70 paid, 20 failed, 10 left open: the outcomes the payment service will report.
  const outcome = (i) => (i < 70 ? 'paid' : i < 90 ? 'failed' : null);
  const started = performance.now();
  const statuses = {};
  const count = (r) => void (statuses[r.status] = (statuses[r.status] ?? 0) + 1);

  // Webhooks that arrive before anything happened (the service retries, or sends them early).
  (
    await pool(
      Array.from({ length: EARLY }, (_, i) => () => postback(server, orders[i % ORDERS])),
      CONCURRENCY,
    )
  ).forEach(count);
  // The person on Verotel's order page decides; the sandbox then sends its signed postback once itself.
  await pool(
    orders.map((o, i) => () => (outcome(i) ? clickSandbox(server, o.url, outcome(i) === 'paid' ? 'pay' : 'decline') : null)),
    20,
  );
  // The rest: every order several times, in a shuffled order, concurrently (an order still open: a stray postback).
  const sales = verotelSales(
    env,
    persistTo,
    BRAND,
    orders.map((o) => o.payment),
  );
  const late = shuffle(Array.from({ length: WEBHOOKS - EARLY }, (_, i) => orders[i % ORDERS]));
  (
    await pool(
      late.map((o) => () => postback(server, o, sales)),
      CONCURRENCY,
    )
  ).forEach(count);
  const seconds = (performance.now() - started) / 1000;

  const ids = orders.map((o) => o.id).join(',');
  const memberIds = members.map((m) => m.id).join(',');
  const rows = sql(
    env,
    persistTo,
    `SELECT o.id, o.status, (SELECT COUNT(*) FROM credit_ledger l WHERE l.ref = 'order:' || o.id AND l.member_id = o.member_id) AS grants FROM orders o WHERE o.id IN (${ids})`,
    true,
  );
  const balances = sql(
    env,
    persistTo,
    `SELECT m.id, m.credits, m.paid_user, (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.member_id = m.id) AS ledger FROM members m WHERE m.id IN (${memberIds})`,
    true,
  );
  const everyone = sql(
    env,
    persistTo,
    'SELECT COUNT(*) AS n FROM members m WHERE m.credits <> (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.member_id = m.id)',
    true,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const expected = new Map(members.map((m) => [m.id, 0]));
  orders.forEach((o, i) => outcome(i) === 'paid' && expected.set(o.member, expected.get(o.member) + o.credits));

  const wrongStatus = orders.filter((o, i) => byId.get(o.id)?.status !== (outcome(i) ?? 'pending')).length;
  const wrongGrants = orders.filter((o, i) => byId.get(o.id)?.grants !== (outcome(i) === 'paid' ? 1 : 0)).length;
  const wrongBalances = balances.filter((b) => b.credits !== b.ledger || b.credits !== expected.get(b.id) || b.paid_user !== 1).length;
  return {
    orders: ORDERS,
    members: MEMBERS,
    webhookCalls: WEBHOOKS,
    checkoutSubmissions: 90,
    seconds: Math.round(seconds * 100) / 100,
    webhooksPerSecond: Math.round((WEBHOOKS / seconds) * 10) / 10,
    statuses,
    paidOrders: rows.filter((r) => r.status === 'paid').length,
    ordersInWrongState: wrongStatus,
    ordersNotGrantedExactlyOnce: wrongGrants,
    membersWithWrongBalance: wrongBalances,
    membersWhoseBalanceIsNotTheirLedgerSum: everyone[0].n,
  };
}
