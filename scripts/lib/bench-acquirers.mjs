// What the bench sends as the adult acquirers send it (issue 44): Verotel FlexPay's signed postbacks and CCBill's
// webhooks, built exactly as the local sandboxes build them (worker/payments/verotel/sandbox.ts, signature.ts and
// worker/payments/ccbill/sandbox.ts), so the bench's replays go through the brands' real postback and webhook paths.
// The first of each event comes from the sandbox's own page (the tester's click); the bench replays it, at once.
import { createHash, randomBytes } from 'node:crypto';
import { call, sql } from './bench-payments.mjs';

/** The brand's Verotel sandbox signature key (worker/payments/verotel/sandbox.ts sandboxSignatureKey). */
export const verotelKey = (brand) => `verotel-sandbox-key-${brand}`;

/** FlexPay's signature: SHA-256 hex of the key and the sorted `key=value` pairs joined with ":" (signature.ts). */
export function signPostback(key, params) {
  const entries = Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signature = createHash('sha256')
    .update([key, ...entries.map(([k, v]) => `${k}=${v}`)].join(':'))
    .digest('hex');
  const query = new URLSearchParams(entries);
  query.set('signature', signature);
  return query;
}

/** The postback Verotel sends for a sandbox sale, or for a later event on it (VerotelSandbox.postback). */
export function verotelPostback(brand, sale, event) {
  return signPostback(verotelKey(brand), {
    shopID: String(sale.shop_id),
    saleID: String(sale.sale_id),
    referenceID: sale.reference_id,
    priceAmount: (sale.amount / 100).toFixed(2),
    priceCurrency: sale.currency,
    paymentMethod: sale.payment_method,
    type: 'purchase',
    ...(event
      ? { event, transactionID: String(sale.transaction_id + 1), parentID: String(sale.transaction_id) }
      : { transactionID: String(sale.transaction_id) }),
  });
}

export const sendVerotelPostback = (server, query) => call(server, 'GET', `/api/verotel-postback.php?${query}`, {});

/** The sandbox's sales of these order references, by reference. */
export function verotelSales(env, persistTo, brand, references) {
  const list = references.map((r) => `'${r}'`).join(',');
  const rows = sql(env, persistTo, `SELECT * FROM verotel_sandbox_sales WHERE tenant_id = '${brand}' AND reference_id IN (${list})`, true);
  return new Map(rows.map((r) => [r.reference_id, r]));
}

const CCBILL_CODES = { 826: 'GBP', 978: 'EUR', 840: 'USD' };
const ccbillId = () =>
  `1${BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString()
    .padStart(17, '0')
    .slice(0, 17)}`;
const md5 = (text) => createHash('md5').update(text).digest('hex');
const timestamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/**
 * The webhook CCBill posts for an approved sandbox sale, or a later event on it (CcbillSandbox.webhook). One
 * transactionId per event: a replay is the same event again, as CCBill's retries are.
 */
export function ccbillWebhook(brand, accnum, t, later) {
  const account = { clientAccnum: String(accnum), clientSubacc: '0000' };
  if (later)
    return {
      eventType: { refund: 'Refund', chargeback: 'Chargeback', void: 'Void' }[later],
      fields: {
        ...account,
        subscriptionId: t.subscription_id,
        transactionId: ccbillId(),
        amount: (t.amount / 100).toFixed(2),
        currencyCode: t.currency_code,
        reason: later === 'chargeback' ? 'Cardholder dispute' : 'Requested by the merchant',
        timestamp: timestamp(),
      },
    };
  return {
    eventType: 'NewSaleSuccess',
    fields: {
      ...account,
      billedInitialPrice: (t.amount / 100).toFixed(2),
      billedCurrencyCode: t.currency_code,
      billedCurrency: CCBILL_CODES[t.currency_code] ?? '',
      initialPeriod: '30',
      'X-orderRef': t.reference,
      timestamp: timestamp(),
      subscriptionId: t.subscription_id,
      transactionId: ccbillId(),
      paymentType: 'CREDIT',
      cardType: 'VISA',
      last4: '4242',
      threeDSecure: t.three_d_secure === 'passed' ? 'Y' : 'N',
      dynamicPricingValidationDigest: md5(`${t.subscription_id}1ccbill-sandbox-salt-${brand}`),
    },
  };
}

export const sendCcbillWebhook = (server, hook) =>
  call(
    server,
    'POST',
    `/api/ccbill-webhook.php?eventType=${hook.eventType}&eventGroupType=Subscription`,
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams(hook.fields).toString(),
  );

/** The sandbox's transactions of these order references, by reference. */
export function ccbillTransactions(env, persistTo, brand, references, binding) {
  const list = references.map((r) => `'${r}'`).join(',');
  const rows = sql(
    env,
    persistTo,
    `SELECT * FROM ccbill_sandbox_transactions WHERE tenant_id = '${brand}' AND reference IN (${list})`,
    true,
    binding,
  );
  return new Map(rows.map((r) => [r.reference, r]));
}

/** The tester's click on a sandbox's order page (the checkout URL the order answered with), on the brand's host. */
export function clickSandbox(server, checkoutUrl, action) {
  const url = new URL(checkoutUrl, `http://${server.host}`);
  return call(
    server,
    'POST',
    `${url.pathname}${url.search}`,
    { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${server.host}` },
    `action=${action}`,
  );
}

/** A staff admin of these brands with a live session, written before the server starts (as tests/integration/staff-helpers.ts does). */
export function createBenchStaff({ env, persistTo, brands }) {
  const id = 880_000_000 + Math.floor(Math.random() * 9_000_000);
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 6 * 3_600_000).toISOString();
  sql(
    env,
    persistTo,
    [
      `INSERT INTO staff (id, email, name, status, created_at) VALUES (${id}, 'bench${id}@bench.test', 'Bench admin', 'active', '${now}')`,
      ...brands.map((b) => `INSERT INTO staff_roles (staff_id, brand, role) VALUES (${id}, '${b}', 'admin')`),
      `INSERT INTO staff_sessions (token_hash, staff_id, created_at, expires_at, public_id) VALUES ('${hash}', ${id}, '${now}', '${later}', 'bench-${id}')`,
    ].join('; '),
  );
  return { id, cookie: `staff_session=${token}` };
}

/** The staff refund call of the workspace (core/contract/staff-ops.ts staffRefund), on the brand's host. */
export const staffRefund = (server, staff, brand, orderId) =>
  call(
    server,
    'POST',
    '/api/staff/refund.php',
    { 'content-type': 'application/json', origin: `http://${server.host}`, cookie: staff.cookie },
    JSON.stringify({ brand, order_id: orderId, reason: 'Bench: refund racing the provider' }),
  );

/**
 * The books of one provider's members and orders after the reversals: the violations "money under fire" counts.
 * - balanceOffLedger: a member whose balance is not the sum of their ledger rows;
 * - creditTakenBackTwice: an order with more than one ledger row taking credits back (refund or chargeback);
 * - balanceBelowZero: a member with fewer than 0 credits;
 * - orderPaidTwice: an order with more than one purchase row;
 * - reversalWithoutLedgerRow: an order whose credits were granted, refunded or charged back with no ledger row for
 *   its reversal (a sale paid back at once because its discount code went elsewhere granted nothing to take back).
 */
export function booksOf(env, persistTo, brand, memberIds, orderIds, binding = 'DB') {
  const members = memberIds.join(',');
  const orders = orderIds.length ? orderIds.join(',') : '0';
  const [row] = sql(
    env,
    persistTo,
    `SELECT
      (SELECT COUNT(*) FROM members m WHERE m.tenant_id = '${brand}' AND m.id IN (${members})
         AND m.credits <> (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.member_id = m.id)) AS balanceOffLedger,
      (SELECT COUNT(*) FROM orders o WHERE o.id IN (${orders}) AND (SELECT COUNT(*) FROM credit_ledger l WHERE l.member_id = o.member_id
         AND l.ref IN ('refund:order:' || o.id, 'chargeback:order:' || o.id) AND l.delta < 0) > 1) AS creditTakenBackTwice,
      (SELECT COUNT(*) FROM members m WHERE m.tenant_id = '${brand}' AND m.id IN (${members}) AND m.credits < 0) AS balanceBelowZero,
      (SELECT COUNT(*) FROM orders o WHERE o.id IN (${orders}) AND (SELECT COUNT(*) FROM credit_ledger l WHERE l.member_id = o.member_id
         AND l.ref = 'order:' || o.id) > 1) AS orderPaidTwice,
      (SELECT COUNT(*) FROM orders o WHERE o.id IN (${orders}) AND o.status IN ('refunded', 'charged_back')
         AND EXISTS (SELECT 1 FROM credit_ledger l WHERE l.member_id = o.member_id AND l.ref = 'order:' || o.id)
         AND NOT EXISTS (SELECT 1 FROM credit_ledger l WHERE l.member_id = o.member_id
           AND l.ref IN ('refund:order:' || o.id, 'chargeback:order:' || o.id))) AS reversalWithoutLedgerRow`,
    true,
    binding,
  );
  const states = sql(env, persistTo, `SELECT status, COUNT(*) AS n FROM orders WHERE id IN (${orders}) GROUP BY status`, true, binding);
  return { violations: row, orderStates: Object.fromEntries(states.map((s) => [s.status, s.n])) };
}
