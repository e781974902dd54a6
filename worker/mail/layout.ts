import { paragraphsOf } from '../../core/rules/news';
import { html } from '../html';

/** One mail's texts, already translated and interpolated; the layout only arranges and escapes them. */
export interface MailContent {
  language: string;
  subject: string;
  logo: string;
  colors: { primary: string; secondary: string };
  title: string;
  greeting: string;
  body: string;
  /** profiles shown under the body (notification mails); may be empty */
  cards?: { caption: string; photoUrl: string | null; label: string | null }[];
  button: { label: string; url: string; hint: string } | null;
  note: string;
  signOff: string;
  signature: string;
  footer: { support: string; company: string; unsubscribe: { label: string; url: string } | null };
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/** The plain-text part: every link written out in full, since that is all a text-only reader can follow. */
export function renderText(c: MailContent): string {
  const lines = [c.title, '', c.greeting, '', c.body, ''];
  for (const card of c.cards ?? []) lines.push(card.label ? `${card.caption} (${card.label})` : card.caption);
  if (c.cards?.length) lines.push('');
  if (c.button) lines.push(`${c.button.label}:`, c.button.url, '');
  lines.push(c.note, '', c.signOff, c.signature, '', '-- ', c.footer.support, c.footer.company);
  if (c.footer.unsubscribe) lines.push(`${c.footer.unsubscribe.label}: ${c.footer.unsubscribe.url}`);
  return lines.join('\n');
}

/**
 * The HTML part. Mail clients ignore <style> blocks and flexbox, so the layout is nested tables with inline styles
 * (and bgcolor for Outlook). Every value is escaped here, whatever its origin: hono/html's tag (worker/html.ts)
 * escapes all it is given but its own fragments.
 */
export function renderHtml(c: MailContent): string {
  const { primary, secondary } = c.colors;
  const button = c.button
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;"><tr><td align="center" bgcolor="${primary}" style="border-radius:6px;background-color:${primary};"><a href="${c.button.url}" target="_blank" style="display:inline-block;padding:14px 28px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${c.button.label}</a></td></tr></table><p style="margin:0 0 24px;font-size:13px;line-height:20px;color:#666666;">${c.button.hint}<br><a href="${c.button.url}" target="_blank" style="color:${secondary};word-break:break-all;">${c.button.url}</a></p>`
    : '';
  // One row per profile: photo, "name, age, city" and the fictional label; images are sized for clients that block CSS.
  const cards = (c.cards ?? []).map(
    (card) =>
      html`<tr>${
        card.photoUrl
          ? html`<td width="72" style="padding:0 12px 12px 0;"><img src="${card.photoUrl}" width="64" height="64" alt="" style="display:block;width:64px;height:64px;border-radius:32px;object-fit:cover;"></td>`
          : html`<td width="72" style="padding:0 12px 12px 0;"><div style="width:64px;height:64px;border-radius:32px;background-color:${secondary};"></div></td>`
      }<td style="padding:0 0 12px;${FONT}font-size:16px;line-height:22px;color:#333333;"><strong>${card.caption}</strong>${
        card.label
          ? html`<br><span style="display:inline-block;margin-top:4px;padding:2px 8px;border-radius:4px;background-color:#eeeeee;font-size:12px;color:#555555;">${card.label}</span>`
          : ''
      }</td></tr>`,
  );
  const cardTable = cards.length
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${cards}</table>\n`
    : '';
  // The body's paragraphs and line breaks stay (a news text is the admin's own words); each line is escaped.
  const body = paragraphsOf(c.body).map(
    (lines) => html`<p style="margin:0 0 16px;">${lines.map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>`,
  );
  const unsubscribe = c.footer.unsubscribe
    ? html`<br><a href="${c.footer.unsubscribe.url}" target="_blank" style="color:#888888;">${c.footer.unsubscribe.label}</a>`
    : '';
  return html`<!DOCTYPE html>
<html lang="${c.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${c.subject}</title></head>
<body style="margin:0;padding:0;background-color:#f4f4f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f4f7" style="background-color:#f4f4f7;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td bgcolor="${primary}" style="background-color:${primary};padding:20px 32px;border-radius:8px 8px 0 0;${FONT}font-size:22px;font-weight:bold;color:#ffffff;">${c.logo}</td></tr>
<tr><td style="padding:32px;${FONT}font-size:16px;line-height:24px;color:#333333;">
<h1 style="margin:0 0 16px;${FONT}font-size:22px;line-height:30px;color:${secondary};">${c.title}</h1>
<p style="margin:0 0 16px;">${c.greeting}</p>
${body}
<div style="height:8px;line-height:8px;">&nbsp;</div>
${cardTable}${button}
<p style="margin:0 0 24px;">${c.note}</p>
<p style="margin:0;">${c.signOff}<br>${c.signature}</p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #eeeeee;${FONT}font-size:12px;line-height:18px;color:#888888;">${c.footer.support}<br>${c.footer.company}${unsubscribe}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`.toString();
}
