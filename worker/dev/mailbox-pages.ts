import { escapeHtml as e } from '../mail/html';
import type { OutboxMessage, OutboxSummary } from './outbox-queries';

// Plain server-made pages: no scripts (the CSP allows none without a nonce), inline styles only, no outside assets.

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}th{background:#f4f4f7}
pre{white-space:pre-wrap;background:#f8f8f8;padding:12px;border:1px solid #ddd}iframe{width:100%;height:640px;border:1px solid #ccc}
.muted{color:#777}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<title>${e(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const summaryOf = (m: OutboxSummary) => (m.channel === 'sms' ? m.text_body.slice(0, 80) : (m.subject ?? ''));

export function mailboxPage(brand: string, messages: OutboxSummary[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${e(m.created_at)}</td><td>${e(m.channel)}</td><td>${e(m.recipient)}</td>` +
        `<td><a href="/dev/mailbox/${m.id}">${e(summaryOf(m))}</a> <span class="muted">${e(m.template)}</span></td><td>${e(m.status)}</td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><thead><tr><th>time</th><th>channel</th><th>to</th><th>subject / template</th><th>status</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">No mail or SMS sent yet.</p>';
  return page(`Mailbox · ${brand}`, `<h1>Dev mailbox · ${e(brand)}</h1><p class="muted">The latest 50 messages of this brand, newest first.</p>${table}`);
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
  const headerRows = Object.entries(headers).map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v)}</td></tr>`).join('');
  const linkList = links.length ? `<ul>${links.map((l) => `<li><a href="${e(l)}">${e(l)}</a></li>`).join('')}</ul>` : '<p class="muted">none</p>';
  // sandbox without allow-scripts: the mail's HTML is shown as a mail client would, and can do nothing.
  const html = message.html_body ? `<h2>HTML part</h2><iframe sandbox srcdoc="${e(message.html_body)}" title="HTML part"></iframe>` : '';
  return page(
    message.subject ?? message.template,
    `<p><a href="/dev/mailbox">&larr; mailbox</a></p><h1>${e(message.subject ?? message.template)}</h1>` +
      `<table>${headerRows}</table><h2>Links</h2>${linkList}<h2>Text part</h2><pre>${e(message.text_body)}</pre>${html}`,
  );
}
