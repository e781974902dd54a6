// "Money under fire", a run of `npm run bench`, on the brands' real payment paths (issue 44). On Flirtlokaal (Verotel
// FlexPay): 50 members each race 10 orders with single-use discount codes (half with a code valid once in total, half
// with a code valid once per member), every order that was placed is paid on Verotel's sandbox page and its signed
// postback replayed three times at once, and each member fires 20 direct-debit confirmations at once (SEPA, the brand
// as creditor). On Velvet Nights (CCBill): 20 members pay 2 orders each on CCBill's sandbox form, each sale's webhook
// replayed three times at once. Then the reversals, for both: a third of the paid orders charged back (the sandbox's
// chargeback and five replays of it, at once), a third refunded by the provider while three staff refunds race it,
// and every direct debit returned by the bank (ten reports of each return at once). The report counts, per provider,
// paid orders per code, direct-debit totals against the limit and the books: violations must be 0.
import { createHmac, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  booksOf,
  ccbillTransactions,
  ccbillWebhook,
  clickSandbox,
  createBenchStaff,
  sendCcbillWebhook,
  sendVerotelPostback,
  staffRefund,
  verotelPostback,
  verotelSales,
} from './bench-acquirers.mjs';
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
// Velvet Nights (CCBill, GB): package 22 (GBP 25,99, 120 credits), 2 orders for each of 20 members.
// Velvet Nights keeps its data in a database of its own (tenants/velvetnights.ts `database`).
const CCBILL = {
  brand: 'velvetnights',
  binding: 'DB_VELVET',
  accnum: 951493,
  members: 20,
  ordersEach: 2,
  package_id: 22,
  amount: 2599,
  currency: 'GBP',
};
const REPLAYS = 3;
const CHARGEBACK_REPLAYS = 5;
const STAFF_REFUNDS = 3;
const SEPA_RETURN_REPORTS = 10;

/**
 * A Dutch IBAN of its own for each payer (ISO 13616 check digits): a bank return blocks the account it names
 * (worker/payments/sepa/returns.ts), so one shared account would be blocked for every later run.
 */
function benchIban() {
  const account = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
  const digits = `ABNA${account}NL00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `NL${String(check).padStart(2, '0')}ABNA${account}`;
}

const appSecret = (root) => /^APP_SECRET=(.+)$/m.exec(readFileSync(`${root}/.dev.vars`, 'utf8'))[1].trim();
// As worker/payments/directdebit.ts stores it: HMAC(APP_SECRET, "<member>:<created_at>:<code>").
const codeHash = (secret, memberId, createdAt, code) =>
  createHmac('sha256', secret).update(`${memberId}:${createdAt}:${code}`).digest('hex');

/** Members, codes and open direct-debit requests (with their SMS codes), written before the server starts. */
export function prepareMoneyUnderFire({ env, persistTo, brand, root }) {
  const members = createPaymentMembers({ env, persistTo, brand, count: MEMBERS });
  // CCBill's buyers order from GB, which asks the age check before paying: they passed it.
  const ccbillMembers = createPaymentMembers({ env, persistTo, brand: CCBILL.brand, count: CCBILL.members, binding: CCBILL.binding });
  const staff = createBenchStaff({ env, persistTo, brands: [brand, CCBILL.brand] });
  const tag = randomInt(100_000, 999_999);
  const codes = { once: `FIRE1-${tag}`, perMember: `FIREM-${tag}` };
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  const secret = appSecret(root);
  const debitDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  sql(
    env,
    persistTo,
    ccbillMembers
      .map(
        (m) =>
          `INSERT INTO age_status (tenant_id, member_id, outcome, provider, session_id, method, checked_at) VALUES ('${CCBILL.brand}', ${m.id}, 'pass', 'sandbox', 'bench-${m.id}', 'age_estimation', '${now}')`,
      )
      .join('; '),
    false,
    CCBILL.binding,
  );
  const statements = [
    `INSERT INTO discount_codes (tenant_id, code, value_percentage, validity, created_at) VALUES ('${brand}', '${codes.once}', 20, 'once', '${now}')`,
    `INSERT INTO discount_codes (tenant_id, code, value_percentage, validity, created_at) VALUES ('${brand}', '${codes.perMember}', 20, 'once_per_user', '${now}')`,
  ];
  for (const m of members) {
    m.directDebits = [];
    const iban = benchIban();
    for (let i = 0; i < DD_PER_MEMBER; i++) {
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const createdAt = new Date(Date.now() - i).toISOString();
      const id = m.id * 100 + i;
      // As the mandate preview (POST /api/directdebit-mandate.php) leaves them: the mandate's reference and debit date.
      statements.push(
        `INSERT INTO directdebit_requests (id, tenant_id, member_id, package_id, amount, currency, holder, iban, street, house_number, zip, city, phone, code_hash, created_at, expires_at, mandate_reference, debit_date)
         VALUES (${id}, '${brand}', ${m.id}, ${DD_PACKAGE.id}, ${DD_PACKAGE.amount}, 'EUR', 'Bench Payer', '${iban}', 'Damrak', '1', '1012 LG', 'Amsterdam', '+31612345678',
                 '${codeHash(secret, m.id, createdAt, otp)}', '${createdAt}', '${expires}', 'BENCH-${id}', '${debitDate}')`,
      );
      m.directDebits.push({ id, otp });
    }
  }
  sql(env, persistTo, statements.join('; '));
  return { brand, members, codes, ccbillMembers, staff };
}

const json = { 'content-type': 'application/json', 'x-debug-country': 'NL' };

/** Runs the race against a started server; returns the report section. */
export async function benchMoneyUnderFire({ env, persistTo, port, host, fire }) {
  const server = { port, host };
  const { brand, members, codes, ccbillMembers, staff } = fire;
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
          { ...json, cookie: m.cookie, 'cf-connecting-ip': m.ip },
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
  const placedAnswers = (await pool(orderTasks, CONCURRENCY)).map((r) => {
    count(orderAnswers, r);
    return r.status === 201 ? JSON.parse(r.body) : null;
  });
  const verotelOrders = placedAnswers
    .filter(Boolean)
    .map((a) => ({ id: a.order.id, url: a.checkout_url, reference: `${brand}-${a.order.id}` }));

  // Pay every order that was placed on Verotel's sandbox page (which posts the signed sale once), then Verotel's
  // retries: the same signed postback three more times per sale, all at once.
  const postbackAnswers = {};
  await pool(
    verotelOrders.map((o) => () => clickSandbox(server, o.url, 'pay')),
    CONCURRENCY,
  );
  const sales = verotelSales(
    env,
    persistTo,
    brand,
    verotelOrders.map((o) => o.reference),
  );
  (
    await pool(
      verotelOrders.flatMap((o) =>
        sales.has(o.reference)
          ? Array.from({ length: REPLAYS }, () => () => sendVerotelPostback(server, verotelPostback(brand, sales.get(o.reference))))
          : [],
      ),
      CONCURRENCY,
    )
  ).forEach((r) => count(postbackAnswers, r));

  // Each member's 20 direct-debit confirmations at once, all members together.
  const ddAnswers = {};
  const ddTasks = members.flatMap((m) =>
    m.directDebits.map(
      (dd) => () =>
        call(
          server,
          'PUT',
          '/api/directdebit.php',
          { ...json, cookie: m.cookie, 'cf-connecting-ip': m.ip },
          JSON.stringify({ request_id: dd.id, otp: dd.otp }),
        ),
    ),
  );
  (await pool(ddTasks, CONCURRENCY)).forEach((r) => count(ddAnswers, r));
  const ids = members.map((m) => m.id).join(',');
  // The limit is the direct debits' own rule: counted before the bank's returns below end some of them.
  const dd = sql(
    env,
    persistTo,
    `SELECT member_id, SUM(amount) AS total, COUNT(*) AS n FROM orders WHERE member_id IN (${ids}) AND method = 'directdebit' AND status IN ('created', 'pending', 'paid') GROUP BY member_id`,
    true,
  );

  // CCBill on Velvet Nights: each member's 2 orders, paid on CCBill's sandbox form (which posts the sale once), then
  // CCBill's retries of each sale's webhook, three at once.
  const cc = { port, host: `${CCBILL.brand}.localhost:${port}` };
  const ccOrderAnswers = {};
  const ccPlaced = (
    await pool(
      ccbillMembers.flatMap((m) =>
        Array.from(
          { length: CCBILL.ordersEach },
          () => () =>
            call(
              cc,
              'POST',
              '/api/order.php',
              { ...json, 'x-debug-country': 'GB', cookie: m.cookie, 'cf-connecting-ip': m.ip },
              JSON.stringify({
                package_id: CCBILL.package_id,
                amount: CCBILL.amount,
                currency: CCBILL.currency,
                method: 'creditcard',
                consent: true,
              }),
            ),
        ),
      ),
      CONCURRENCY,
    )
  ).map((r) => {
    count(ccOrderAnswers, r);
    return r.status === 201 ? JSON.parse(r.body) : null;
  });
  const ccbillOrders = ccPlaced
    .filter(Boolean)
    .map((a) => ({ id: a.order.id, url: a.checkout_url, reference: `${CCBILL.brand}-${a.order.id}` }));
  await pool(
    ccbillOrders.map((o) => () => clickSandbox(cc, o.url, 'pay')),
    CONCURRENCY,
  );
  let transactions = ccbillTransactions(
    env,
    persistTo,
    CCBILL.brand,
    ccbillOrders.map((o) => o.reference),
    CCBILL.binding,
  );
  const webhookAnswers = {};
  (
    await pool(
      ccbillOrders.flatMap((o) => {
        if (!transactions.has(o.reference)) return [];
        const hook = ccbillWebhook(CCBILL.brand, CCBILL.accnum, transactions.get(o.reference));
        return Array.from({ length: REPLAYS }, () => () => sendCcbillWebhook(cc, hook));
      }),
      CONCURRENCY,
    )
  ).forEach((r) => count(webhookAnswers, r));

  // The reversals, both providers at once. Of the paid orders, the first third charged back: the sandbox's
  // chargeback (its own postback or webhook) and five replays of it at the same moment; the second third refunded by
  // the provider while three staff refunds of the same order race it (and three replays of the provider's refund).
  const paidOf = (list, binding) => {
    const rows = list.length
      ? sql(env, persistTo, `SELECT id FROM orders WHERE id IN (${list.map((o) => o.id).join(',')}) AND status = 'paid'`, true, binding)
      : [];
    const paidIds = new Set(rows.map((r) => r.id));
    return list.filter((o) => paidIds.has(o.id));
  };
  const thirds = (list) => [
    list.slice(0, Math.floor(list.length / 3)),
    list.slice(Math.floor(list.length / 3), Math.floor((2 * list.length) / 3)),
  ];
  const [vChargeback, vRefund] = thirds(paidOf(verotelOrders));
  const [cChargeback, cRefund] = thirds(paidOf(ccbillOrders, CCBILL.binding));
  transactions = ccbillTransactions(
    env,
    persistTo,
    CCBILL.brand,
    ccbillOrders.map((o) => o.reference),
    CCBILL.binding,
  );
  const reversal = { verotel: {}, ccbill: {}, staffVerotel: {}, staffCcbill: {}, retries: {} };
  const tagged = (bucket, task) => async () => count(bucket, await task());
  const tasks = [
    ...vChargeback.flatMap((o) => [
      tagged(reversal.verotel, () => clickSandbox(server, o.url, 'chargeback')),
      ...Array.from({ length: CHARGEBACK_REPLAYS }, () =>
        tagged(reversal.verotel, () => sendVerotelPostback(server, verotelPostback(brand, sales.get(o.reference), 'chargeback'))),
      ),
    ]),
    ...vRefund.flatMap((o) => [
      tagged(reversal.verotel, () => clickSandbox(server, o.url, 'credit')),
      ...Array.from({ length: REPLAYS }, () =>
        tagged(reversal.verotel, () => sendVerotelPostback(server, verotelPostback(brand, sales.get(o.reference), 'credit'))),
      ),
      ...Array.from({ length: STAFF_REFUNDS }, () => tagged(reversal.staffVerotel, () => staffRefund(server, staff, brand, o.id))),
    ]),
    ...cChargeback.flatMap((o) => {
      const hook = ccbillWebhook(CCBILL.brand, CCBILL.accnum, transactions.get(o.reference), 'chargeback');
      return [
        tagged(reversal.ccbill, () => clickSandbox(cc, o.url, 'chargeback')),
        ...Array.from({ length: CHARGEBACK_REPLAYS }, () => tagged(reversal.ccbill, () => sendCcbillWebhook(cc, hook))),
      ];
    }),
    ...cRefund.flatMap((o) => {
      const hook = ccbillWebhook(CCBILL.brand, CCBILL.accnum, transactions.get(o.reference), 'refund');
      return [
        tagged(reversal.ccbill, () => clickSandbox(cc, o.url, 'refund')),
        ...Array.from({ length: REPLAYS }, () => tagged(reversal.ccbill, () => sendCcbillWebhook(cc, hook))),
        ...Array.from({ length: STAFF_REFUNDS }, () => tagged(reversal.staffCcbill, () => staffRefund(cc, staff, CCBILL.brand, o.id))),
      ];
    }),
  ];
  await pool(shuffle(tasks), CONCURRENCY);
  // The replays that came before the sandbox had marked the event (refused then, as the provider would retry them)
  // come once more, after it: CCBill's DataLink now knows the chargeback.
  await pool(
    [
      ...cChargeback.map(
        (o) => () => sendCcbillWebhook(cc, ccbillWebhook(CCBILL.brand, CCBILL.accnum, transactions.get(o.reference), 'chargeback')),
      ),
      ...vChargeback.map((o) => () => sendVerotelPostback(server, verotelPostback(brand, sales.get(o.reference), 'chargeback'))),
    ].map((task) => tagged(reversal.retries, task)),
    CONCURRENCY,
  );

  // The bank returns every direct debit (AM04, no funds): ten reports of each return at once (worker/payments/sepa/returns.ts).
  const debits = sql(
    env,
    persistTo,
    `SELECT d.id FROM sepa_debits d JOIN orders o ON o.id = d.order_id WHERE d.tenant_id = '${brand}' AND o.member_id IN (${ids}) AND d.status IN ('scheduled', 'submitted')`,
    true,
  );
  const returnAnswers = {};
  (
    await pool(
      debits.flatMap((d) =>
        Array.from(
          { length: SEPA_RETURN_REPORTS },
          () => () =>
            call(
              server,
              'POST',
              '/dev/sepa/return',
              { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin: `http://${server.host}` },
              `debit_id=${d.id}&reason=AM04`,
            ),
        ),
      ),
      CONCURRENCY,
    )
  ).forEach((r) => count(returnAnswers, r));
  const seconds = (performance.now() - started) / 1000;

  const perCode = sql(
    env,
    persistTo,
    `SELECT discount_code AS code, member_id, COUNT(*) AS n FROM orders o WHERE discount_code IN ('${codes.once}', '${codes.perMember}')
       AND EXISTS (SELECT 1 FROM credit_ledger l WHERE l.member_id = o.member_id AND l.ref = 'order:' || o.id) GROUP BY discount_code, member_id`,
    true,
  );
  // Paid with its credits granted, whatever happened after (a refund or chargeback does not give the code back); a
  // sale that came after its code went to another order is paid back at once (settle.ts) and grants nothing.
  const paid = (code) => perCode.filter((r) => r.code === code);
  const paidOnce = paid(codes.once).reduce((sum, r) => sum + r.n, 0);
  const perMemberPaid = Object.values(
    paid(codes.perMember).reduce((by, r) => Object.assign(by, { [r.member_id]: (by[r.member_id] ?? 0) + r.n }), {}),
  );
  const ddOrders = sql(env, persistTo, `SELECT id FROM orders WHERE member_id IN (${ids}) AND method = 'directdebit'`, true).map(
    (r) => r.id,
  );
  const memberIds = members.map((m) => m.id);

  const verotel = booksOf(
    env,
    persistTo,
    brand,
    memberIds,
    verotelOrders.map((o) => o.id),
  );
  verotel.violations.onceCodePaidMoreThanOnce = Math.max(0, paidOnce - 1);
  verotel.violations.perMemberCodePaidMoreThanOnce = perMemberPaid.filter((n) => n > 1).length;
  const sepa = booksOf(env, persistTo, brand, memberIds, ddOrders);
  sepa.violations.directDebitOverLimit = dd.filter((r) => r.total > DD_LIMIT_CENTS).length;
  const ccbill = booksOf(
    env,
    persistTo,
    CCBILL.brand,
    ccbillMembers.map((m) => m.id),
    ccbillOrders.map((o) => o.id),
    CCBILL.binding,
  );
  const sum = (v) => Object.values(v).reduce((a, b) => a + b, 0);
  const providers = {
    verotel: {
      brand,
      orderRequests: orderTasks.length,
      orderAnswers,
      ordersPlaced: verotelOrders.length,
      salesPosted: sales.size,
      postbackReplays: postbackAnswers,
      paidOrdersPerCode: { [codes.once]: paidOnce, [codes.perMember]: perMemberPaid.reduce((a, b) => a + b, 0) },
      allowedPaidOrders: { [codes.once]: 1, [codes.perMember]: MEMBERS },
      chargedBack: vChargeback.length,
      refundRaces: vRefund.length,
      reversalAnswers: reversal.verotel,
      staffRefundAnswers: reversal.staffVerotel,
      ...verotel,
      violationCount: sum(verotel.violations),
    },
    ccbill: {
      brand: CCBILL.brand,
      orderAnswers: ccOrderAnswers,
      ordersPlaced: ccbillOrders.length,
      salesPosted: transactions.size,
      webhookReplays: webhookAnswers,
      chargedBack: cChargeback.length,
      refundRaces: cRefund.length,
      reversalAnswers: reversal.ccbill,
      staffRefundAnswers: reversal.staffCcbill,
      ...ccbill,
      violationCount: sum(ccbill.violations),
    },
    sepa: {
      brand,
      directDebitConfirmations: ddTasks.length,
      directDebitAnswers: ddAnswers,
      directDebitTotalsCents: { max: Math.max(0, ...dd.map((r) => r.total)), limit: DD_LIMIT_CENTS, membersCharged: dd.length },
      bankReturns: debits.length,
      bankReturnAnswers: returnAnswers,
      ...sepa,
      violationCount: sum(sepa.violations),
    },
  };
  const violations = Object.fromEntries(Object.entries(providers).map(([name, p]) => [name, p.violationCount]));
  return {
    members: MEMBERS + CCBILL.members,
    providers,
    lateReplayAnswers: reversal.retries,
    // Kept for the report's summary line (bench-main.mjs).
    orderAnswers,
    paymentsPaid: sales.size + transactions.size,
    directDebitConfirmations: ddTasks.length,
    directDebitAnswers: ddAnswers,
    seconds: Math.round(seconds * 100) / 100,
    violations,
    violationCount: sum(violations),
  };
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
