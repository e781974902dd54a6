import { toOneLine } from '../../core/rules/one-line';
import { oneLineMail } from './header-safe';
import type { Address, OutgoingMail } from './types';

// A minimal RFC 5322 / 2045 / 2047 message for the Cloudflare send_email binding, which takes raw MIME:
// multipart/alternative with a text and an HTML part, both UTF-8 in base64 (no line-length or 8-bit worries).

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** No header value may start a new header line (header injection): no CR, LF or other control character. */
const oneLine = toOneLine;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 body in lines of 76 characters, of the text in canonical form (CRLF line ends), as RFC 2045 requires. */
function base64Body(text: string): string {
  return base64(new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'))).replace(/.{1,76}/g, '$&\r\n');
}

/** RFC 2047 encoded words, each short enough for one folded line, never splitting a character. */
export function encodeWords(value: string): string {
  const encoder = new TextEncoder();
  const words: string[] = [];
  let chunk: number[] = [];
  for (const ch of value) {
    const bytes = encoder.encode(ch);
    if (chunk.length + bytes.length > 39) {
      words.push(`=?UTF-8?B?${base64(Uint8Array.from(chunk))}?=`);
      chunk = [];
    }
    chunk.push(...bytes);
  }
  if (chunk.length > 0 || words.length === 0) words.push(`=?UTF-8?B?${base64(Uint8Array.from(chunk))}?=`);
  return words.join('\r\n ');
}

function headerText(value: string): string {
  const clean = oneLine(value);
  return PRINTABLE_ASCII.test(clean) ? clean : encodeWords(clean);
}

export function formatAddress({ name, email }: Address): string {
  const clean = oneLine(name);
  const display = PRINTABLE_ASCII.test(clean) ? `"${clean.replace(/[\\"]/g, '\\$&')}"` : encodeWords(clean);
  return `${display} <${oneLine(email)}>`;
}

/** RFC 5322 date, e.g. "Thu, 01 Jan 2026 12:00:00 +0000". */
const mailDate = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

export function buildMime(raw: OutgoingMail, date: Date): string {
  const mail = oneLineMail(raw);
  const domain = mail.from.email.split('@')[1];
  const boundary = `=_${crypto.randomUUID()}`;
  const headers: [string, string][] = [
    ['From', formatAddress(mail.from)],
    ['To', `<${oneLine(mail.to)}>`],
    ['Reply-To', `<${oneLine(mail.replyTo)}>`],
    ['Subject', headerText(mail.subject)],
    ['Date', mailDate(date)],
    ['Message-ID', `<${crypto.randomUUID()}@${domain}>`],
    ['MIME-Version', '1.0'],
    ...Object.entries(mail.headers).map(([name, value]): [string, string] => [name, oneLine(value)]),
    ['Content-Type', `multipart/alternative; boundary="${boundary}"`],
  ];
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Body(body)}`;
  return [
    headers.map(([name, value]) => `${name}: ${value}`).join('\r\n'),
    '',
    `${part('text/plain', mail.text) + part('text/html', mail.html)}--${boundary}--\r\n`,
  ].join('\r\n');
}
