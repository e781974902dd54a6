import { Hono } from 'hono';
import { html } from 'hono/html';
import { moneyFormatter } from '../../core/money';
import { IDEAL_ISSUERS } from '../../core/schemas/payments';
import { isLocal, type AppEnv } from '../context';
import { operation } from '../http/operation';
import { SandboxProvider } from './sandbox';

/**
 * The sandbox's checkout page (local mode and tests only): the person plays the payment service. They pick the
 * iDEAL bank when the shop did not, then an outcome; the page records it, calls the brand's webhook with the
 * payment id like a real service, and sends the browser back to the shop. No script: the CSP allows none here.
 * Built on call, so a production build, which never calls it (worker/build-target.ts), leaves the module out.
 */
export function sandboxCheckout(): Hono<AppEnv> {
  const sandboxCheckout = new Hono<AppEnv>();

  const OUTCOMES = ['paid', 'failed', 'canceled', 'pending'] as const;
  const STYLE =
    'body{font:16px/1.5 system-ui,sans-serif;max-width:520px;margin:32px auto;padding:0 16px;color:#222}' +
    'button{font:inherit;padding:10px 16px;margin:4px 4px 4px 0;border-radius:6px;border:1px solid #888;background:#f4f4f7;cursor:pointer}' +
    'select{font:inherit;padding:8px}.note{color:#666;font-size:14px}';

  sandboxCheckout.use('/sandbox-checkout.php', async (c, next) => (isLocal(c.env) ? next() : c.notFound()));

  operation(sandboxCheckout, 'get', '/api/sandbox-checkout.php', async (c, { query }) => {
    const p = await new SandboxProvider(c.env.DB, c.get('tenant').id).checkoutPayment(query.id);
    if (!p) return c.html(html`<p>Unknown payment</p>`, 404);
    const amount = moneyFormatter('en', p.currency)(p.amount);
    const done = !['open', 'pending'].includes(p.status);
    // hono/html escapes every interpolated value; nothing here is trusted HTML but the fixed markup.
    const bank =
      p.method === 'ideal' && !p.issuer
        ? html`<p><label for="issuer">Choose your bank</label><br><select id="issuer" name="issuer" required><option value="">—</option>${IDEAL_ISSUERS.map((i) => html`<option value="${i.id}">${i.name}</option>`)}</select></p>`
        : p.issuer
          ? html`<p>Bank: ${IDEAL_ISSUERS.find((i) => i.id === p.issuer)?.name ?? p.issuer}</p>`
          : '';
    const decline =
      p.sequence_type === 'first'
        ? html`<p><label><input type="checkbox" name="decline" value="1"> Later charges on this mandate fail</label></p>`
        : '';
    const buttons = OUTCOMES.map(
      (o) =>
        html`<button type="submit" name="status" value="${o}">${o === 'pending' ? 'Leave pending' : o[0].toUpperCase() + o.slice(1)}</button>`,
    );
    const body = done
      ? html`<p>This payment is ${p.status}.</p><p><a href="${p.redirect_url}">Back to the shop</a></p>`
      : html`<form method="post">${bank}${decline}<p>${buttons}</p></form>`;
    return c.html(html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
  <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg"><title>Sandbox checkout</title>
  <style>${STYLE}</style></head><body><h1>Sandbox checkout</h1>
  <p class="note">A stand-in for the payment service (local mode only). Nothing is charged.</p>
  <p><strong>${p.description}</strong><br>${amount} · ${p.method}</p>${body}</body></html>`);
  });

  // The form is read as the page posts it (the contract's body is a form, which the adapter leaves to the handler).
  operation(sandboxCheckout, 'post', '/api/sandbox-checkout.php', async (c, { query }) => {
    const sandbox = new SandboxProvider(c.env.DB, c.get('tenant').id);
    const p = await sandbox.checkoutPayment(query.id);
    if (!p) return c.html(html`<p>Unknown payment</p>`, 404);
    const form = await c.req.formData();
    const status = String(form.get('status') ?? '');
    const issuer = String(form.get('issuer') ?? '') || p.issuer;
    if (!(OUTCOMES as readonly string[]).includes(status)) return c.html(html`<p>Choose an outcome</p>`, 400);
    if (p.method === 'ideal' && status !== 'canceled' && !IDEAL_ISSUERS.some((i) => i.id === issuer))
      return c.html(html`<p>Choose your bank</p>`, 400);
    let mandateId: string | null = null;
    if (status === 'paid' && p.sequence_type === 'first') {
      const label = p.method === 'creditcard' ? 'Visa •••• 4242' : `${p.method} •••• 1234`;
      mandateId = await sandbox.addMandate(p.method, label, form.get('decline') === '1');
    }
    await sandbox.recordOutcome(p.id, status, issuer, mandateId);
    // Like a real service: tell the webhook "this payment changed", with nothing but its id.
    await c.get('handle')(
      new Request(p.webhook_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: p.id }),
      }),
      c.env,
      c.executionCtx,
    );
    return c.redirect(p.redirect_url, 303);
  });

  return sandboxCheckout;
}
