import { Hono } from 'hono';
import { sandboxShell } from '../../http/sandbox-shell';
import { html } from 'hono/html';
import { moneyFormatter } from '../../../core/money';
import { operation } from '../../http/operation';
import { isLocal, type AppContext, type AppEnv } from '../../context';
import { fromFlexpayAmount, verifyRequest } from './signature';
import { VerotelSandbox, type SandboxSale } from './sandbox';

/**
 * The local Verotel sandbox's order page (local mode and tests only, like sandbox-checkout.ts): the tester plays
 * Verotel. The page checks the startorder request's signature with the brand's sandbox key, as Verotel's order page
 * does; "Pay" records an approved sale and calls the brand's real postback path with a correctly signed postback,
 * then sends the browser to the successURL; "Decline" records a declined sale (Verotel posts nothing for it) and
 * goes to the declineURL. Later, the same page sends a refund ("credit") or a chargeback on the sale. No script.
 */
export function verotelSandboxPage(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const page = sandboxShell('Verotel', 'Verotel FlexPay sandbox', "Verotel's order page");

  /** The order the signed startorder request describes, or why the page refuses it. */
  async function startorder(c: AppContext) {
    const tenant = c.get('tenant');
    if (!isLocal(c.env) || !tenant.payments.verotel) return { refused: await page(c, html`<p>Not found</p>`, 404) };
    const sandbox = new VerotelSandbox(c.env.DB, tenant);
    const params = new URL(c.req.url).searchParams;
    const amount = fromFlexpayAmount(params.get('priceAmount'));
    const reference = params.get('referenceID') ?? '';
    const signed = (await verifyRequest(sandbox.key, params)) && params.get('shopID') === String(sandbox.shopId);
    if (!signed || amount === null || !reference)
      return { refused: await page(c, html`<p>Invalid startorder request: signature</p>`, 400) };
    const order = {
      reference,
      amount,
      currency: params.get('priceCurrency') ?? 'EUR',
      method: params.get('paymentMethod') ?? 'CC',
      description: params.get('description') ?? '',
      success: params.get('successURL') ?? '/',
      decline: params.get('declineURL') ?? params.get('successURL') ?? '/',
    };
    return { sandbox, order, sale: await sandbox.sale(reference) };
  }

  /** Sends the postback to the brand's postback URL in process, as Verotel would over HTTP; the shop's answer back. */
  async function sendPostback(c: AppContext, sandbox: VerotelSandbox, sale: SandboxSale, event?: 'credit' | 'chargeback') {
    const query = await sandbox.postback(sale, event);
    const res = await c.get('handle')(new Request(new URL(`/api/verotel-postback.php?${query}`, c.req.url)), c.env, c.executionCtx);
    return res.text();
  }

  operation(app, 'get', '/api/verotel-sandbox.php', async (c) => {
    const found = await startorder(c);
    if (found.refused) return found.refused;
    const { order, sale } = found;
    const amount = moneyFormatter('en', order.currency)(order.amount);
    const actions = !sale
      ? html`<button type="submit" name="action" value="pay">Pay</button><button type="submit" name="action" value="decline">Decline</button>`
      : sale.result === 'APPROVED' && !sale.later_event
        ? html`<p>Paid (sale ${sale.sale_id}). Later events on this sale:</p><button type="submit" name="action" value="credit">Refund (credit)</button><button type="submit" name="action" value="chargeback">Chargeback</button>`
        : html`<p>This sale is ${sale.later_event ?? sale.result.toLowerCase()}.</p>`;
    return page(
      c,
      html`<p><strong>${order.description}</strong><br>${amount} · ${order.method} · ${order.reference}</p>
  <form method="post">${actions}</form><p><a href="${order.success}">Back to the shop</a></p>`,
    );
  });

  operation(app, 'post', '/api/verotel-sandbox.php', async (c) => {
    const found = await startorder(c);
    if (found.refused) return found.refused;
    const { sandbox, order } = found;
    const action = String((await c.req.formData()).get('action') ?? '');
    if (action === 'pay' || action === 'decline') {
      if (found.sale) return c.redirect(found.sale.result === 'APPROVED' ? order.success : order.decline, 303);
      const sale = await sandbox.recordSale({ ...order, approved: action === 'pay' });
      if (sale.result !== 'APPROVED') return c.redirect(order.decline, 303);
      await sendPostback(c, sandbox, sale);
      return c.redirect(order.success, 303);
    }
    if ((action === 'credit' || action === 'chargeback') && found.sale && (await sandbox.markLater(found.sale, action))) {
      const answer = await sendPostback(c, sandbox, found.sale, action);
      return page(
        c,
        html`<p>Sent the ${action} postback. The shop answered: <code>${answer}</code></p><p><a href="${order.success}">Back to the shop</a></p>`,
      );
    }
    return page(c, html`<p>This sale does not allow that.</p>`, 400);
  });

  return app;
}
