import { Hono } from 'hono';
import { html } from 'hono/html';
import { isLocal, type AppEnv } from '../context';
import type { Tables } from '../db/tables';

/**
 * /dev/postbacks (issue 47 item 4): what the brand's affiliate networks were sent, newest first, with every attempt's
 * status code, like the dev mailbox. worker/app.ts mounts it only in a build with the local tools; it refuses
 * itself outside local mode too, like the mailbox, so a mounting mistake shows nothing.
 */
type Row = Pick<
  Tables['postbacks'],
  'id' | 'event' | 'order_key' | 'url' | 'status' | 'attempts' | 'last_status_code' | 'created_at' | 'sent_at'
> & {
  network: string;
  codes: string | null;
};

async function latestPostbacks(db: D1Database, tenantId: string): Promise<Row[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id, p.event, p.order_key, p.url, p.status, p.attempts, p.last_status_code, p.created_at, p.sent_at, n.name AS network,
              (SELECT group_concat(COALESCE(a.status_code, 'error'), ' ') FROM postback_attempts a WHERE a.postback_id = p.id AND a.tenant_id = p.tenant_id) AS codes
         FROM postbacks p JOIN traffic_networks n ON n.id = p.network_id AND n.tenant_id = p.tenant_id
        WHERE p.tenant_id = ? ORDER BY p.id DESC LIMIT 200`,
    )
    .bind(tenantId)
    .all<Row>();
  return results;
}

type Receipt = Pick<Tables['dev_network_receipts'], 'query' | 'received_at'>;

async function latestReceipts(db: D1Database, tenantId: string): Promise<Receipt[]> {
  const { results } = await db
    .prepare('SELECT query, received_at FROM dev_network_receipts WHERE tenant_id = ? ORDER BY id DESC LIMIT 100')
    .bind(tenantId)
    .all<Receipt>();
  return results;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}th{background:#f4f4f7}
td.url{font-family:monospace;font-size:13px;word-break:break-all}.muted{color:#777}`;

export function devPostbacks(): Hono<AppEnv> {
  const dev = new Hono<AppEnv>();
  dev.use('/postbacks*', async function localOnly(c, next) {
    if (!isLocal(c.env)) return c.notFound();
    await next();
    c.header('Cache-Control', 'no-store');
  });

  dev.use('/network/*', async function localOnly(c, next) {
    if (!isLocal(c.env)) return c.notFound();
    await next();
    c.header('Cache-Control', 'no-store');
  });

  // The demo network's receiver (worker/tracking/postback-hosts.ts): records what arrived and answers 200, as a
  // network's postback endpoint does. Its query is the rendered template: tokens the template named, nothing else.
  // A template may name `down_until=<epoch ms>`: until then the network is down (500, nothing recorded), as the
  // bench's burst of postbacks needs (scripts/lib/bench-traffic-live.mjs).
  dev.get('/network/pb', async (c) => {
    const query = new URL(c.req.url).search.slice(1, 2001);
    if (c.get('now').getTime() < Number(c.req.query('down_until') ?? 0)) return c.text('down', 500);
    await c.env.DB.prepare('INSERT INTO dev_network_receipts (tenant_id, query, received_at) VALUES (?, ?, ?)')
      .bind(c.get('tenant').id, query, c.get('now').toISOString())
      .run();
    return c.text('OK');
  });

  dev.get('/postbacks.json', async (c) => c.json({ postbacks: await latestPostbacks(c.env.DB, c.get('tenant').id) }));

  dev.get('/postbacks', async (c) => {
    const [rows, receipts] = await Promise.all([
      latestPostbacks(c.env.DB, c.get('tenant').id),
      latestReceipts(c.env.DB, c.get('tenant').id),
    ]);
    const received = html`<h2>Received by the Demo Network (local stand-in)</h2>${
      receipts.length
        ? html`<table data-testid="demo-network"><thead><tr><th>time</th><th>parameters</th></tr></thead><tbody>${receipts.map(
            (r) => html`<tr><td>${r.received_at}</td><td class="url">${r.query}</td></tr>`,
          )}</tbody></table>`
        : html`<p class="muted">Nothing received yet: open a lander with <code>?network=demonet&amp;clickid=…</code>, sign up and confirm.</p>`
    }`;
    const body = rows.length
      ? html`<table><thead><tr><th>time</th><th>network</th><th>event</th><th>order</th><th>URL</th><th>status</th><th>attempts (codes)</th></tr></thead><tbody>${rows.map(
          (r) =>
            html`<tr><td>${r.created_at}</td><td>${r.network}</td><td>${r.event}</td><td>${r.order_key}</td><td class="url">${r.url}</td><td>${r.status}</td><td>${r.attempts} <span class="muted">(${r.codes ?? ''})</span></td></tr>`,
        )}</tbody></table>`
      : html`<p class="muted">No postbacks sent yet.</p>`;
    return c.html(
      html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg"><title>Postbacks: ${c.get('tenant').settings.name}</title><style>${STYLE}</style></head><body><h1>Postbacks sent by ${c.get('tenant').settings.name}</h1>${body}${received}</body></html>`,
    );
  });
  return dev;
}
