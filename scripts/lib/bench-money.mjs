// "Money under fire", a run of `npm run bench`: 50 members each race 10 orders with single-use discount codes (half
// with a code valid once in total, half with a code valid once per member), every order that was placed is paid
// (checkout and webhooks at once), and each member fires 20 direct-debit confirmations at once. The report counts
// paid orders per code and direct-debit totals per member against what the rules allow: violations must be 0.
import { createHmac, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { call, createPaymentMembers, pool, sql } from './bench-payments.mjs';

const MEMBERS = 50;
const ORDERS_PER_MEMBER = 10;
const DD_PER_MEMBER = 20;
const CONCURRENCY = 50;
// flirtlokaal's package 2 (EUR 29,95) at 20% off, and package 3 (EUR 59,95) by direct debit: the limit of EUR 150
// per 30 days (worker/payments/directdebit.ts) allows two of those.
const DISCOUNTED = { package_id: 2, amount: 2396 };
const DD_PACKAGE = { id: 3, amount: 5995 };
const DD_LIMIT_CENTS = 15_000;

const appSecret = (root) => /^APP_SECRET=(.+)$/m.exec(readFileSync(`${root}/.dev.vars`, 'utf8'))[1].trim();
// As worker/payments/directdebit.ts stores it: HMAC(APP_SECRET, "<member>:<created_at>:<code>").
const codeHash = (secret, memberId, createdAt, code) =>
  createHmac('sha256', secret).update(`${memberId}:${createdAt}:${code}`).digest('hex');

/** Members, codes and open direct-debit requests (with their SMS codes), written before the server starts. */
export function prepareMoneyUnderFire({ env, persistTo, brand, root }) {
  const members = createPaymentMembers({ env, persistTo, brand, count: MEMBERS });
  const tag = randomInt(100_000, 999_999);
  const codes = { once: `FIRE1-${tag}`, perMember: `FIREM-${tag}` };
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  const secret = appSecret(root);
  const statements = [
    `INSERT INTO discount_codes (tenant_id, code, value_percentage, validity, created_at) VALUES ('${brand}', '${codes.once}', 20, 'once', '${now}')`,
    `INSERT INTO discount_codes (tenant_id, code, value_percentage, validity, created_at) VALUES ('${brand}', '${codes.perMember}', 20, 'once_per_user', '${now}')`,
  ];
  for (const m of members) {
    m.directDebits = [];
    for (let i = 0; i < DD_PER_MEMBER; i++) {
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const createdAt = new Date(Date.now() - i).toISOString();
      const id = m.id * 100 + i;
      statements.push(
        `INSERT INTO directdebit_requests (id, tenant_id, member_id, package_id, amount, currency, holder, iban, street, house_number, zip, city, phone, code_hash, created_at, expires_at)
         VALUES (${id}, '${brand}', ${m.id}, ${DD_PACKAGE.id}, ${DD_PACKAGE.amount}, 'EUR', 'Bench Payer', 'NL91ABNA0417164300', 'Damrak', '1', '1012 LG', 'Amsterdam', '+31612345678',
                 '${codeHash(secret, m.id, createdAt, otp)}', '${createdAt}', '${expires}')`,
      );
      m.directDebits.push({ id, otp });
    }
  }
  sql(env, persistTo, statements.join('; '));
  return { members, codes };
}

const json = { 'content-type': 'application/json', 'x-debug-country': 'NL' };

/** Runs the race against a started server; returns the report section. */
export async function benchMoneyUnderFire({ env, persistTo, port, host, fire }) {
  const server = { port, host };
  const { members, codes } = fire;
  const started = performance.now();
  const orderAnswers = {};
  const count = (bucket, r) => void (bucket[r.status] = (bucket[r.status] ?? 0) + 1);

  // Every member's 10 orders at once, all members together: half with each code.
  const orderTasks = members.flatMap((m) =>
    Array.from(
      { length: ORDERS_PER_MEMBER },
      (_, i) => () =>
        call(
          server,
          'POST',
          '/api/order.php',
          { ...json, cookie: m.cookie },
          JSON.stringify({
            ...DISCOUNTED,
            currency: 'EUR',
            method: 'creditcard',
            consent: true,
            code: i % 2 ? codes.perMember : codes.once,
          }),
        ),
    ),
  );
  (await pool(orderTasks, CONCURRENCY)).forEach((r) => count(orderAnswers, r));

  // Pay every order that was placed, and send its webhook twice more at the same moment.
  const placed = sql(
    env,
    persistTo,
    `SELECT provider_payment_id AS payment FROM orders WHERE discount_code IN ('${codes.once}', '${codes.perMember}') AND provider_payment_id IS NOT NULL`,
    true,
  );
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  await pool(
    placed.flatMap(({ payment }) => [
      () => call(server, 'POST', `/api/sandbox-checkout.php?id=${payment}`, form, 'status=paid'),
      () => call(server, 'POST', '/api/payment-webhook.php', form, `id=${payment}`),
      () => call(server, 'POST', '/api/payment-webhook.php', form, `id=${payment}`),
    ]),
    CONCURRENCY,
  );

  // Each member's 20 direct-debit confirmations at once, all members together.
  const ddAnswers = {};
  const ddTasks = members.flatMap((m) =>
    m.directDebits.map(
      (dd) => () =>
        call(server, 'PUT', '/api/directdebit.php', { ...json, cookie: m.cookie }, JSON.stringify({ request_id: dd.id, otp: dd.otp })),
    ),
  );
  (await pool(ddTasks, CONCURRENCY)).forEach((r) => count(ddAnswers, r));
  const seconds = (performance.now() - started) / 1000;

  const ids = members.map((m) => m.id).join(',');
  const perCode = sql(
    env,
    persistTo,
    `SELECT discount_code AS code, member_id, status, COUNT(*) AS n FROM orders WHERE discount_code IN ('${codes.once}', '${codes.perMember}') GROUP BY discount_code, member_id, status`,
    true,
  );
  const paid = (code) => perCode.filter((r) => r.code === code && r.status === 'paid');
  const paidOnce = paid(codes.once).reduce((sum, r) => sum + r.n, 0);
  const perMemberPaid = paid(codes.perMember).map((r) => r.n);
  const dd = sql(
    env,
    persistTo,
    `SELECT member_id, SUM(amount) AS total, COUNT(*) AS n FROM orders WHERE member_id IN (${ids}) AND method = 'directdebit' AND status IN ('created', 'pending', 'paid') GROUP BY member_id`,
    true,
  );
  const books = sql(
    env,
    persistTo,
    `SELECT COUNT(*) AS n FROM members m WHERE m.id IN (${ids}) AND m.credits <> (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.member_id = m.id)`,
    true,
  );
  const refunds = sql(env, persistTo, `SELECT COUNT(*) AS n FROM orders WHERE member_id IN (${ids}) AND status = 'refunded'`, true);

  const violations = {
    onceCodePaidMoreThanOnce: Math.max(0, paidOnce - 1),
    perMemberCodePaidMoreThanOnce: perMemberPaid.filter((n) => n > 1).length,
    directDebitOverLimit: dd.filter((r) => r.total > DD_LIMIT_CENTS).length,
    balancesOffLedger: books[0].n,
  };
  return {
    members: MEMBERS,
    orderRequests: orderTasks.length,
    orderAnswers,
    paymentsPaid: placed.length,
    paidOrdersPerCode: { [codes.once]: paidOnce, [codes.perMember]: perMemberPaid.reduce((a, b) => a + b, 0) },
    allowedPaidOrders: { [codes.once]: 1, [codes.perMember]: MEMBERS },
    refundedOrders: refunds[0].n,
    directDebitConfirmations: ddTasks.length,
    directDebitAnswers: ddAnswers,
    directDebitTotalsCents: { max: Math.max(0, ...dd.map((r) => r.total)), limit: DD_LIMIT_CENTS, membersCharged: dd.length },
    seconds: Math.round(seconds * 100) / 100,
    violations,
    violationCount: Object.values(violations).reduce((a, b) => a + b, 0),
  };
}
