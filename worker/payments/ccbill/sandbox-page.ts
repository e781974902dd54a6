import { Hono } from 'hono';
import { sandboxShell } from '../../http/sandbox-shell';
import { html } from 'hono/html';
import { moneyFormatter } from '../../../core/money';
import { isLocal, type AppContext, type AppEnv } from '../../context';
import { operation } from '../../http/operation';
import { CcbillSandbox, type LaterEvent, type SandboxResult, type SandboxTransaction } from './sandbox';
import { currencyOfCode, formDigest, fromPrice, PASS_THROUGH, sameDigest } from './protocol';

/**
 * The local CCBill sandbox's FlexForm (local mode and tests only, like the Verotel sandbox): the tester plays CCBill.
 * The page checks the dynamic-pricing digest with the brand's sandbox salt, as CCBill's FlexForm does; "Pay" records
 * an approved sale, posts a NewSaleSuccess webhook (JSON) to the brand's real webhook path and sends the browser to
 * the return page; "3-D Secure" shows a challenge that passes (then pays) or fails; the declines (soft, hard) post a
 * NewSaleFailure (URL-encoded). Later, the same page sends a Refund, Void or Chargeback on the sale. No script.
 */
export function ccbillSandboxPage(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const page = sandboxShell('CCBill', 'CCBill FlexForm sandbox', "CCBill's payment form");

  /** The purchase the dynamic-pricing query describes, or why the page refuses it. */
  async function form(c: AppContext) {
    const tenant = c.get('tenant');
    if (!isLocal(c.env) || !tenant.payments.ccbill) return { refused: await page(c, html`<p>Not found</p>`, 404) };
    const sandbox = new CcbillSandbox(c.env.DB, tenant);
    const q = new URL(c.req.url).searchParams;
    const price = q.get('initialPrice') ?? '';
    const currencyCode = q.get('currencyCode') ?? '';
    const reference = q.get(PASS_THROUGH) ?? '';
    const digest = await formDigest(price, Number(q.get('initialPeriod')), currencyCode, sandbox.salt);
    const ours = q.get('clientAccnum') === String(sandbox.accnum) && Number(q.get('clientSubacc') ?? 'x') === sandbox.subacc;
    const amount = fromPrice(price);
    if (!ours || !sameDigest(digest, q.get('formDigest')) || amount === null || !currencyOfCode(currencyCode) || !reference)
      return { refused: await page(c, html`<p>Invalid dynamic pricing request: formDigest</p>`, 400) };
    const back = new URL(`/api/ccbill-return.php?${PASS_THROUGH}=${encodeURIComponent(reference)}`, c.req.url).href;
    return { sandbox, order: { reference, amount, currencyCode, back }, transaction: await sandbox.transaction(reference) };
  }

  /** Posts the webhook to the brand's webhook URL in process, as CCBill would over HTTP; the shop's answer back. */
  async function send(c: AppContext, sandbox: CcbillSandbox, t: SandboxTransaction, later?: LaterEvent) {
    const { eventType, fields } = await sandbox.webhook(t, later);
    // Sales as JSON, the rest URL-encoded: a subaccount's webhooks use one format, and the shop reads both.
    const json = !later && t.result === 'approved';
    const url = new URL(`/api/ccbill-webhook.php?eventType=${eventType}&eventGroupType=Subscription`, c.req.url);
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
      body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
    return (await c.get('handle')(request, c.env, c.executionCtx)).text();
  }

  operation(app, 'get', '/api/ccbill-sandbox.php', async (c) => {
    const found = await form(c);
    if (found.refused) return found.refused;
    const { order, transaction: t } = found;
    const amount = moneyFormatter('en', currencyOfCode(order.currencyCode)!)(order.amount);
    const actions = !t
      ? html`<button type="submit" name="action" value="pay">Pay</button><button type="submit" name="action" value="3ds">Pay with a 3-D Secure challenge</button>
  <button type="submit" name="action" value="soft_decline">Decline (soft)</button><button type="submit" name="action" value="hard_decline">Decline (hard)</button>`
      : t.result === 'approved' && !t.later_event
        ? html`<p>Paid (subscription ${t.subscription_id}). Later events on this sale:</p><button type="submit" name="action" value="refund">Refund</button>
  <button type="submit" name="action" value="void">Void</button><button type="submit" name="action" value="chargeback">Chargeback</button>`
        : html`<p>This transaction is ${t.later_event ?? t.result.replace('_', ' ')}.</p>`;
    return page(
      c,
      html`<p><strong>${amount}</strong> · ${order.reference}</p><form method="post">${actions}</form><p><a href="${order.back}">Back to the shop</a></p>`,
    );
  });

  operation(app, 'post', '/api/ccbill-sandbox.php', async (c) => {
    const found = await form(c);
    if (found.refused) return found.refused;
    const { sandbox, order, transaction } = found;
    const action = String((await c.req.formData()).get('action') ?? '');
    if (action === '3ds' && !transaction)
      return page(
        c,
        html`<p>3-D Secure: your bank asks you to confirm this payment.</p><form method="post">
  <button type="submit" name="action" value="3ds_pass">Authenticate</button><button type="submit" name="action" value="3ds_fail">Fail authentication</button></form>`,
      );
    const outcomes: Record<string, [SandboxResult, ('passed' | 'failed')?]> = {
      pay: ['approved'],
      '3ds_pass': ['approved', 'passed'],
      '3ds_fail': ['hard_decline', 'failed'],
      soft_decline: ['soft_decline'],
      hard_decline: ['hard_decline'],
    };
    const outcome = outcomes[action];
    if (outcome) {
      if (transaction) return c.redirect(order.back, 303);
      const t = await sandbox.record({ ...order, result: outcome[0], threeDSecure: outcome[1] });
      await send(c, sandbox, t);
      return c.redirect(order.back, 303);
    }
    const later = (['refund', 'void', 'chargeback'] as const).find((e) => e === action);
    if (later && transaction && (await sandbox.markLater(transaction, later))) {
      const answer = await send(c, sandbox, transaction, later);
      return page(
        c,
        html`<p>Sent the ${later} webhook. The shop answered: <code>${answer}</code></p><p><a href="${order.back}">Back to the shop</a></p>`,
      );
    }
    return page(c, html`<p>This transaction does not allow that.</p>`, 400);
  });

  return app;
}
