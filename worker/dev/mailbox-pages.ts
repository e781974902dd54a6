import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { OutboxMessage, OutboxSummary } from './outbox-queries';

// Plain server-made pages: no scripts (the CSP allows none without a nonce), inline styles only, no outside assets.
// hono/html escapes every interpolated value; nested html`` fragments pass through as markup.

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}th{background:#f4f4f7}
pre{white-space:pre-wrap;background:#f8f8f8;padding:12px;border:1px solid #ddd}iframe{width:100%;height:640px;border:1px solid #ccc}
.muted{color:#777}`;

type Fragment = HtmlEscapedString | Promise<HtmlEscapedString>;

function page(title: string, body: Fragment): string {
  return html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>${title}</title><style>${STYLE}</style></head><body>${body}</body></html>`.toString();
}

const summaryOf = (m: OutboxSummary) => (m.channel === 'sms' ? m.text_body.slice(0, 80) : (m.subject ?? ''));

export function mailboxPage(brand: string, messages: OutboxSummary[]): string {
  const rows = messages.map(
    (m) =>
      html`<tr><td>${m.created_at}</td><td>${m.channel}</td><td>${m.recipient}</td>
<td><a href="/dev/mailbox/${m.id}">${summaryOf(m)}</a> <span class="muted">${m.template}</span></td><td>${m.status}</td></tr>`,
  );
  const table = messages.length
    ? html`<table><thead><tr><th>time</th><th>channel</th><th>to</th><th>subject / template</th><th>status</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p class="muted">No mail or SMS sent yet.</p>`;
  return page(
    `Mailbox · ${brand}`,
    html`<h1>Dev mailbox · ${brand}</h1><p class="muted">The latest 50 messages of this brand, newest first.</p>${table}`,
  );
}

export function messagePage(message: OutboxMessage, links: string[]): string {
  const headers: Record<string, string> = {
    To: message.recipient,
    ...(message.subject ? { Subject: message.subject } : {}),
    ...(JSON.parse(message.headers) as Record<string, string>),
    Template: message.template,
    Channel: message.channel,
    Status: message.error ? `${message.status}: ${message.error}` : message.status,
    Created: message.created_at,
    ...(message.sent_at ? { Sent: message.sent_at } : {}),
  };
  const headerRows = Object.entries(headers).map(([k, v]) => html`<tr><th>${k}</th><td>${v}</td></tr>`);
  const linkList = links.length
    ? html`<ul>${links.map((l) => html`<li><a href="${l}">${l}</a></li>`)}</ul>`
    : html`<p class="muted">none</p>`;
  // sandbox without allow-scripts: the mail's HTML is shown as a mail client would, and can do nothing.
  const htmlPart = message.html_body
    ? html`<h2>HTML part</h2><iframe sandbox srcdoc="${message.html_body}" title="HTML part"></iframe>`
    : '';
  return page(
    message.subject ?? message.template,
    html`<p><a href="/dev/mailbox">&larr; mailbox</a></p><h1>${message.subject ?? message.template}</h1>
<table>${headerRows}</table><h2>Links</h2>${linkList}<h2>Text part</h2><pre>${message.text_body}</pre>${htmlPart}`,
  );
}
