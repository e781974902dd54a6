import { describe, expect, it } from 'vitest';
import { type MailContent, renderHtml } from './layout';

const HOSTILE = '</script><script>alert(1)</script>"><img onerror=x>';

const content = (v: string): MailContent => ({
  language: 'nl',
  subject: `Subject ${v}`,
  logo: `Brand ${v}`,
  colors: { primary: `#f06;${v}`, secondary: '#123456' },
  title: `Title ${v}`,
  greeting: `Hi ${v}`,
  body: `Body ${v}`,
  cards: [{ caption: `Anna ${v}`, photoUrl: `https://x.test/p.jpg?${v}`, label: `Label ${v}` }],
  button: { label: `Go ${v}`, url: `https://x.test/a?${v}`, hint: `Hint ${v}` },
  note: `Note ${v}`,
  signOff: `Bye ${v}`,
  signature: `Team ${v}`,
  footer: { support: `Support ${v}`, company: `Company ${v}`, unsubscribe: { label: `Stop ${v}`, url: `https://x.test/u?${v}` } },
});

describe("the mail's HTML part", () => {
  it('escapes every text, link and colour it is given', () => {
    const page = renderHtml(content(HOSTILE));
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img onerror');
    const escaped = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img onerror=x&gt;';
    // 15 texts, the button's link 3 times (twice as href, once as text), the unsubscribe link, the photo and the
    // primary colour 4 times (bgcolor and style of the header and of the button).
    expect(page.split(escaped).length - 1).toBe(15 + 3 + 1 + 1 + 4);
    expect(page).toContain(`<title>Subject ${escaped}</title>`);
    expect(page).toContain(`<a href="https://x.test/a?${escaped}" target="_blank"`);
  });
});

describe("the mail's body", () => {
  it('keeps its paragraphs and line breaks, each line escaped (a news text collapsed into one line before)', () => {
    const page = renderHtml({ ...content('x'), body: 'Hallo allemaal,\n\nRegel een <b>\nRegel twee\r\n\r\nGroet' });
    expect(page).toContain('<p style="margin:0 0 16px;">Hallo allemaal,</p>');
    expect(page).toContain('<p style="margin:0 0 16px;">Regel een &lt;b&gt;<br>Regel twee</p>');
    expect(page).toContain('<p style="margin:0 0 16px;">Groet</p>');
    expect(page).not.toContain('<b>');
  });
});
