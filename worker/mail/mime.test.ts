import { describe, expect, it } from 'vitest';
import { buildMime, encodeWords, formatAddress } from './mime';
import type { OutgoingMail } from './types';

const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
// Each word decoded on its own: a character split across two words would come out as U+FFFD.
const decodeWords = (header: string) =>
  [...header.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/g)].map((m) => new TextDecoder().decode(bytesOf(m[1]))).join('');

const mail: OutgoingMail = {
  from: { email: 'no-reply@reifekontakte.de', name: 'ReifeKontakte Team' },
  replyTo: 'support@reifekontakte.de',
  to: 'jürgen@example.test',
  subject: 'Bestätige deine E-Mail-Adresse bei ReifeKontakte',
  text: 'Grüße 👋\nhttps://reifekontakte.de/x',
  html: '<p>Grüße 👋</p>',
  headers: { 'List-Unsubscribe': '<https://reifekontakte.de/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

describe('MIME for the send_email binding', () => {
  const raw = buildMime(mail, new Date('2026-01-01T12:00:00Z'));
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);

  it('has the headers a mail needs, with CRLF line ends', () => {
    expect(head).toContain('From: "ReifeKontakte Team" <no-reply@reifekontakte.de>');
    expect(head).toContain('Reply-To: <support@reifekontakte.de>');
    expect(head).toContain('Date: Thu, 01 Jan 2026 12:00:00 +0000');
    expect(head).toMatch(/^Message-ID: <[0-9a-f-]+@reifekontakte\.de>$/m);
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('encodes a non-ASCII subject as RFC 2047 words that decode back', () => {
    const subject = /^Subject: (.*(?:\r\n .*)*)$/m.exec(head)![1];
    expect(subject).toMatch(/^=\?UTF-8\?B\?/);
    expect(decodeWords(subject)).toBe(mail.subject);
  });

  it('carries both parts as UTF-8 base64 under one boundary', () => {
    const boundary = /boundary="([^"]+)"/.exec(head)![1];
    const parts = body.split(`--${boundary}`).slice(1, -1);
    expect(parts).toHaveLength(2);
    expect(body.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
    const decoded = parts.map((p) => {
      const partHead = p.slice(0, p.indexOf('\r\n\r\n'));
      const partBody = p.slice(p.indexOf('\r\n\r\n') + 4).trim();
      expect(partBody.split('\r\n').every((line) => line.length <= 76)).toBe(true);
      return { partHead, text: new TextDecoder().decode(bytesOf(partBody.replace(/\r\n/g, ''))) };
    });
    expect(decoded[0].partHead).toContain('text/plain; charset=UTF-8');
    expect(decoded[0].text).toBe(mail.text.replace(/\n/g, '\r\n')); // canonical CRLF line ends
    expect(decoded[1].partHead).toContain('text/html; charset=UTF-8');
    expect(decoded[1].text).toBe(mail.html);
  });

  it('keeps a header value on its line (no header injection)', () => {
    const injected = buildMime({ ...mail, subject: 'Hi\r\nBcc: victim@example.test' }, new Date());
    expect(injected).not.toMatch(/^Bcc:/m);
  });
});

describe('header words', () => {
  it('splits long text into folded words without breaking a character', () => {
    const text = 'Ø'.repeat(50) + '😀'.repeat(20);
    const words = encodeWords(text);
    expect(words.split('\r\n ').length).toBeGreaterThan(1);
    expect(words.split('\r\n ').every((w) => w.length <= 75)).toBe(true);
    expect(decodeWords(words)).toBe(text);
  });

  it('quotes an ASCII display name and encodes any other', () => {
    expect(formatAddress({ name: 'Team "X"', email: 'a@b.test' })).toBe('"Team \\"X\\"" <a@b.test>');
    expect(decodeWords(formatAddress({ name: 'Flirt Zoë', email: 'a@b.test' }))).toBe('Flirt Zoë');
  });
});
