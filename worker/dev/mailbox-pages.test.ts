import { describe, expect, it } from 'vitest';
import { mailboxPage, messagePage } from './mailbox-pages';
import type { OutboxMessage } from './outbox-queries';

const hostile = '<script>alert(1)</script>"\'&';
const message: OutboxMessage = {
  id: 7,
  channel: 'mail',
  recipient: `a${hostile}@example.test`,
  subject: `Hi ${hostile}`,
  template: 'activation',
  status: 'held',
  text_body: `Text ${hostile}`,
  created_at: '2026-11-24T05:00:00.000Z',
  html_body: `<p onclick="x()">${hostile}</p>`,
  headers: JSON.stringify({ 'Reply-To': hostile }),
  error: null,
  sent_at: null,
};

describe('dev mailbox pages', () => {
  it('escapes every value of a message, the sandboxed HTML part included', () => {
    const page = messagePage(message, [`https://x.test/a?b=1&c="${hostile}`]);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<p onclick');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('<iframe sandbox srcdoc="&lt;p onclick=&quot;x()&quot;&gt;');
    expect(page).toContain('<title>Hi &lt;script&gt;');
    expect(page).toContain('<pre>Text &lt;script&gt;');
  });

  it('lists messages with escaped recipients and subjects and a link to each', () => {
    const page = mailboxPage(`Brand ${hostile}`, [message]);
    expect(page).not.toContain('<script>');
    expect(page).toContain('<a href="/dev/mailbox/7">Hi &lt;script&gt;');
    expect(page).toContain('<h1>Dev mailbox · Brand &lt;script&gt;');
    expect(mailboxPage('B', [])).toContain('No mail or SMS sent yet.');
  });
});
