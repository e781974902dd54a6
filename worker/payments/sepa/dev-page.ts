import { Hono } from 'hono';
import { html } from 'hono/html';
import { moneyFormatter } from '../../../core/money';
import { isLocal, type AppEnv } from '../../context';
import type { Tables } from '../../db/tables';
import { collectScheduled, r2Collector } from './collect';
import { bankReturn, RETURN_REASONS, type ReturnReason } from './returns';

/**
 * /dev/sepa (local mode only, like the dev mailbox; a production build leaves it out and it refuses itself outside
 * local mode): the brand's SEPA debits as its bank would see them. "Make the files" runs the daily collection
 * (collect.ts) now; each file opens as the XML the bank would get; "Return" plays the bank reporting an
 * R-transaction on a debit and goes through the real return path (returns.ts).
 */
export function devSepa(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async function localOnly(c, next) {
    if (!isLocal(c.env)) return c.notFound();
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/sepa', async (c) => {
    const tenant = c.get('tenant');
    const debits = await c.env.DB.prepare(
      `SELECT d.id, d.order_id, d.amount, d.currency, d.collection_date, d.sequence, d.status, d.file_key, d.return_reason, d.mandate_reference
         FROM sepa_debits d WHERE d.tenant_id = ? ORDER BY d.id DESC LIMIT 100`,
    )
      .bind(tenant.id)
      .all<Tables['sepa_debits']>();
    const refunds = await c.env.DB.prepare(
      'SELECT id, debit_id, amount, created_at FROM sepa_refunds WHERE tenant_id = ? ORDER BY id DESC LIMIT 50',
    )
      .bind(tenant.id)
      .all<Tables['sepa_refunds']>();
    const files = await r2Collector(c.env.MEDIA).list(tenant.id);
    const money = (d: { amount: number; currency?: string }) => moneyFormatter('en', d.currency ?? 'EUR')(d.amount);
    const returnForm = (d: Tables['sepa_debits']) =>
      d.status === 'scheduled' || d.status === 'submitted'
        ? html`<form method="post" action="/dev/sepa/return"><input type="hidden" name="debit_id" value="${d.id}">
<select name="reason">${RETURN_REASONS.map((r) => html`<option>${r}</option>`)}</select> <button>Return</button></form>`
        : html`<span class="muted">${d.return_reason ?? ''}</span>`;
    const rows = debits.results.map(
      (
        d,
      ) => html`<tr data-debit="${d.id}"><td>${d.id}</td><td>${d.order_id}</td><td>${money(d)}</td><td>${d.collection_date} ${d.sequence}</td>
<td>${d.mandate_reference}</td><td>${d.status}</td><td>${d.file_key ? html`<a href="/dev/sepa/file?key=${d.file_key}">file</a>` : ''}</td><td>${returnForm(d)}</td></tr>`,
    );
    const body = html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>SEPA · ${tenant.settings.name}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd}.muted{color:#777}</style></head>
<body><h1>SEPA creditor · ${tenant.settings.name}</h1>
<p class="muted">Local stand-in for the brand's bank: the debits it would collect, the pain.008 files it would receive, and its returns (AM04 insufficient funds, MD06 refund claim within 8 weeks, MD01 no mandate).</p>
<form method="post" action="/dev/sepa/collect"><button>Make the files for the scheduled debits</button></form>
<h2>Debits</h2>${debits.results.length ? html`<table><thead><tr><th>debit</th><th>order</th><th>amount</th><th>collection</th><th>mandate</th><th>status</th><th>file</th><th>bank</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No debits yet.</p>`}
<h2>pain.008 files</h2><ul>${files.map((f) => html`<li><a href="/dev/sepa/file?key=${f.key}">${f.key}</a> <span class="muted">${f.size} bytes, ${f.uploaded}</span></li>`)}</ul>
<h2>Refunds owed (credit transfers to make)</h2><ul>${refunds.results.map((r) => html`<li>debit ${r.debit_id}: ${money(r)} <span class="muted">${r.created_at}</span></li>`)}</ul>
</body></html>`;
    return c.html(body);
  });

  app.get('/sepa/file', async (c) => {
    const xml = await r2Collector(c.env.MEDIA).read(c.get('tenant').id, c.req.query('key') ?? '');
    if (xml === null) return c.notFound();
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });

  app.post('/sepa/collect', async (c) => {
    const keys = await collectScheduled(c.env.DB, c.get('tenant'), r2Collector(c.env.MEDIA), c.get('now'));
    return c.req.header('accept')?.includes('application/json') ? c.json({ files: keys }) : c.redirect('/dev/sepa', 303);
  });

  app.post('/sepa/return', async (c) => {
    const form = await c.req.formData();
    const debitId = Number(form.get('debit_id'));
    const reason = String(form.get('reason') ?? '') as ReturnReason;
    if (!Number.isInteger(debitId) || !RETURN_REASONS.includes(reason)) return c.text('debit_id and a reason code', 400);
    const outcome = await bankReturn(
      { env: c.env, tenant: c.get('tenant'), now: c.get('now'), orderUrl: (id) => new URL(`/transactions/${id}`, c.req.url).href },
      debitId,
      reason,
    );
    if (c.req.header('accept')?.includes('application/json')) return c.json(outcome, outcome.kind === 'reversed' ? 200 : 404);
    return c.redirect('/dev/sepa', 303);
  });

  return app;
}
