import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../worker/context';
import { devMailbox } from '../../worker/dev/mailbox';
import { sendMail, sendSms, type MailRequest } from '../../worker/mail';
import { buildMime } from '../../worker/mail/mime';
import { isOneLine } from '../../core/rules/one-line';
import { TENANTS } from '../../worker/tenants';
import { brandEnv } from '../../worker/db/request-db';
import type { OutboxRow } from '../../worker/db/tables';
import { fetchBrand } from './helpers';

const NOW = new Date('2026-03-01T10:00:00Z');
const brand = (id: string) => TENANTS.find((t) => t.id === id)!;
const outboxRow = (id: number) =>
  env.DB.prepare('SELECT * FROM outbox WHERE id = ?')
    .bind(id)
    .first<OutboxRow>()
    .then((r) => r!);
let seq = 0;
const address = () => `mail${++seq}@test.example`;
/** Env with extra vars, as a deployment would set them. */
const withVars = (vars: Record<string, unknown>) => ({ ...env, ...vars }) as Env;

function activation(overrides: Partial<MailRequest> = {}): MailRequest {
  return {
    tenant: brand('flirtlokaal'),
    to: address(),
    memberId: 42,
    language: 'nl',
    template: 'activation',
    data: { name: 'Anna', link: 'https://flirtlokaal.nl/api/activate.php?token=abc.def&x=1' },
    ...overrides,
  };
}

beforeEach(() => {
  // Failed deliveries log an error line on purpose; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sendMail', () => {
  it('holds the mail in local mode, with a text and an HTML part in the brand and the language', async () => {
    const request = activation();
    const row = await outboxRow((await sendMail(env, request, NOW)).id);
    expect(row).toMatchObject({
      tenant_id: 'flirtlokaal',
      member_id: 42,
      channel: 'mail',
      recipient: request.to,
      template: 'activation',
      status: 'held',
      subject: 'Bevestig je e-mailadres bij Flirtlokaal',
      created_at: NOW.toISOString(),
      sent_at: null,
    });
    expect(row.text_body).toContain('Hoi Anna,');
    expect(row.text_body).toContain('Bevestig mijn e-mailadres:\nhttps://flirtlokaal.nl/api/activate.php?token=abc.def&x=1');
    expect(row.text_body).toContain('Deze link is 48 uur geldig.');
    expect(row.text_body).toContain('support@flirtlokaal.nl');
    expect(row.text_body).toContain('Lokaal Media B.V., Keizersgracht 100, Amsterdam, Nederland');

    const html = row.html_body!;
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(`background-color:${TENANTS.find((t) => t.id === 'flirtlokaal')!.look.colors.primary}`); // header and button
    expect(html).toContain('color:#8b1a5a'); // and its secondary one on the heading
    expect(html).toContain('href="https://flirtlokaal.nl/api/activate.php?token=abc.def&amp;x=1"');
    expect(html).toContain('>Bevestig mijn e-mailadres</a>');
    expect(html).not.toMatch(/<script|<style/i);

    expect(JSON.parse(row.headers)).toEqual({ From: 'Flirtlokaal <no-reply@flirtlokaal.nl>', 'Reply-To': 'support@flirtlokaal.nl' });
  });

  it("writes in the member's language, with the brand's mail name and the template's values", async () => {
    const reset = await outboxRow(
      (
        await sendMail(
          env,
          {
            ...activation(),
            tenant: brand('velvetnights'),
            language: 'en',
            template: 'password_reset',
            data: { link: 'https://velvetnights.com/reset-password/do?token=t' },
          },
          NOW,
        )
      ).id,
    );
    expect(reset.subject).toBe('Set a new password for Velvet Nights');
    expect(reset.text_body).toMatch(/^Hi,$/m); // no name given
    expect(reset.text_body).toContain('This link is valid for 2 hours');

    const to = address();
    const change = await outboxRow(
      (
        await sendMail(
          env,
          {
            ...activation(),
            to,
            tenant: brand('reifekontakte'),
            language: 'de',
            template: 'mail_change',
            data: { name: 'Jürgen', link: 'https://reifekontakte.de/mail-change/do?token=t' },
          },
          NOW,
        )
      ).id,
    );
    expect(change.subject).toBe('Bestätige deine neue E-Mail-Adresse bei ReifeKontakte');
    expect(change.text_body).toContain(`in ${to} ändern`); // the new address is the one the mail went to
    expect(change.text_body).toContain('24 Stunden');
    expect(JSON.parse(change.headers).From).toBe('ReifeKontakte Team <no-reply@reifekontakte.de>');

    const deleted = await outboxRow(
      (
        await sendMail(
          env,
          {
            ...activation(),
            template: 'account_deleted',
            data: { name: 'Anna', link: 'https://flirtlokaal.nl/api/recover-account.php?token=t' },
          },
          NOW,
        )
      ).id,
    );
    expect(deleted.text_body).toContain('nog 14 dagen terugzetten');
  });

  it('shows a button only when the template has a link', async () => {
    const complaint = await outboxRow(
      (await sendMail(env, { ...activation(), template: 'complaint_received', data: { name: 'Anna' } }, NOW)).id,
    );
    expect(complaint.subject).toBe('We hebben je klacht ontvangen');
    expect(complaint.html_body).not.toContain('<a href="https://flirtlokaal.nl');
    const changed = await outboxRow((await sendMail(env, { ...activation(), template: 'password_changed', data: {} }, NOW)).id);
    expect(changed.text_body).toContain('Heb je je wachtwoord niet zelf gewijzigd?');
  });

  it('escapes every value in the HTML part', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const row = await outboxRow(
      (await sendMail(env, activation({ data: { name, link: 'https://flirtlokaal.nl/a?t="><script>alert(1)</script>' } }), NOW)).id,
    );
    expect(row.html_body).toContain('Hoi &lt;img src=x onerror=alert(1)&gt;,');
    expect(row.html_body).not.toContain('<img');
    expect(row.html_body).not.toContain('<script');
    expect(row.text_body).toContain(`Hoi ${name},`); // the text part is plain text: nothing there is markup
  });

  it('refuses a link that is not an absolute http(s) URL, and a template without its link', async () => {
    await expect(sendMail(env, activation({ data: { link: 'javascript:alert(1)' } }), NOW)).rejects.toThrow(/link/);
    await expect(sendMail(env, activation({ data: { name: 'Anna' } }), NOW)).rejects.toThrow(/link/);
  });

  it('adds the RFC 8058 one-click unsubscribe headers and a footer link when asked', async () => {
    const unsubscribeUrl = 'https://flirtlokaal.nl/api/unsubscribe.php?token=u';
    const row = await outboxRow((await sendMail(env, activation({ unsubscribeUrl }), NOW)).id);
    expect(JSON.parse(row.headers)).toMatchObject({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(row.text_body).toContain(`Afmelden voor deze e-mails: ${unsubscribeUrl}`);
    expect(row.html_body).toContain(`href="${unsubscribeUrl}"`);
  });
});

describe('mail transports', () => {
  const httpEnv = withVars({ MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://mail.example/v1/send', MAIL_API_KEY: 'key-1' });

  it('posts the mail to the HTTP API and records it as sent', async () => {
    const fetchMock = vi.fn(async () => new Response('{"id":"m-1"}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    const request = activation({ unsubscribeUrl: 'https://flirtlokaal.nl/api/unsubscribe.php?token=u' });
    const row = await outboxRow((await sendMail(httpEnv, request, NOW)).id);
    expect(row).toMatchObject({ status: 'sent', sent_at: NOW.toISOString(), error: null });

    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://mail.example/v1/send');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer key-1');
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({
      from: { email: 'no-reply@flirtlokaal.nl', name: 'Flirtlokaal' },
      reply_to: { email: 'support@flirtlokaal.nl' },
      to: [{ email: request.to }],
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  });

  it('records a refused or unreachable API as failed, without throwing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('quota exceeded', { status: 429 })),
    );
    const refused = await outboxRow((await sendMail(httpEnv, activation(), NOW)).id);
    expect(refused).toMatchObject({ status: 'failed', sent_at: null, error: 'HTTP 429: quota exceeded' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    const unreachable = await outboxRow((await sendMail(httpEnv, activation(), NOW)).id);
    expect(unreachable).toMatchObject({ status: 'failed', error: 'network down' });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('outbox delivery failed'));
  });

  it('sends through the send_email binding when configured so', async () => {
    const send = vi.fn(async (_message: EmailMessage) => ({ messageId: 'x' }));
    const request = activation();
    const row = await outboxRow((await sendMail(withVars({ MAIL_TRANSPORT: 'cloudflare', MAIL: { send } }), request, NOW)).id);
    expect(row.status).toBe('sent');
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0][0]).toMatchObject({ from: 'no-reply@flirtlokaal.nl', to: request.to });

    const missing = await outboxRow((await sendMail(withVars({ MAIL_TRANSPORT: 'cloudflare' }), activation(), NOW)).id);
    expect(missing).toMatchObject({ status: 'failed', error: 'no MAIL send_email binding' });
  });

  it('records a failure in production when no transport is configured, instead of holding mail forever', async () => {
    const row = await outboxRow((await sendMail(withVars({ APP_ENV: 'production' }), activation(), NOW)).id);
    expect(row).toMatchObject({ status: 'failed', error: 'no transport configured' });
  });
});

// Issue 42 item 9: a value with a line break (a profile name in a subject, a brand's mail_name, any header) cannot
// add a header of its own, whichever transport carries the mail.
describe('no header injection through any transport', () => {
  const INJECT = '\r\nBcc: evil@attacker.test\r\nX-Injected: 1';
  const hostile = (): MailRequest => {
    const flirt = brand('flirtlokaal');
    return {
      ...activation(),
      tenant: { ...flirt, settings: { ...flirt.settings, mail_name: `Flirt${INJECT}`, support_email: `support@flirtlokaal.nl${INJECT}` } },
      to: `${address()}${INJECT}`,
      template: 'notify_messages',
      data: { names: `Sanne${INJECT}\u2028Next`, link: 'https://flirtlokaal.nl/chat' },
      unsubscribeUrl: 'https://flirtlokaal.nl/api/unsubscribe.php?token=u',
    };
  };
  const oneLine = (value: string) => expect(isOneLine(value), JSON.stringify(value)).toBe(true);

  it('outbox (local mode, the dev mailbox): subject and headers stay on one line', async () => {
    const row = await outboxRow((await sendMail(env, hostile(), NOW)).id);
    oneLine(row.subject!);
    expect(row.subject).toContain('Sanne Bcc: evil@attacker.test');
    const headers = JSON.parse(row.headers) as Record<string, string>;
    expect(Object.keys(headers).sort()).toEqual(['From', 'List-Unsubscribe', 'List-Unsubscribe-Post', 'Reply-To']);
    for (const value of Object.values(headers)) oneLine(value);
    oneLine(row.recipient);
  });

  it('HTTP API: every field a header is built from is on one line', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    const httpEnv = withVars({ MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://mail.example/v1/send', MAIL_API_KEY: 'key-1' });
    await sendMail(httpEnv, hostile(), NOW);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const body = JSON.parse(init.body as string);
    for (const value of [
      body.from.name,
      body.from.email,
      body.reply_to.email,
      body.to[0].email,
      body.subject,
      ...Object.values(body.headers),
    ])
      oneLine(value as string);
  });

  it('send_email binding: the envelope and the MIME head carry no injected header', async () => {
    const send = vi.fn(async (_message: EmailMessage) => ({ messageId: 'x' }));
    await sendMail(withVars({ MAIL_TRANSPORT: 'cloudflare', MAIL: { send } }), hostile(), NOW);
    const message = send.mock.calls[0][0];
    oneLine(message.from);
    oneLine(message.to);
    // The raw message the binding sends: exactly the headers buildMime writes, none injected.
    const raw = buildMime(
      {
        ...hostile(),
        from: { email: 'a@b.test', name: 'Flirt\r\nBcc: x@y.test' },
        replyTo: `r@b.test${INJECT}`,
        to: `t@b.test${INJECT}`,
        subject: `S${INJECT}`,
        text: 't',
        html: 'h',
        headers: { [`X-A${INJECT}`]: 'v', 'List-Unsubscribe': `<u>${INJECT}` },
      },
      NOW,
    );
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(head.split('\r\n').every((line) => /^[A-Za-z-]+: /.test(line) || line.startsWith(' '))).toBe(true);
  });
});

describe('sendSms', () => {
  it('holds the SMS in local mode', async () => {
    const row = await outboxRow(
      (await sendSms(env, { tenant: brand('flirtlokaal'), to: '+31612345678', memberId: 7, text: 'Je code is 123456' }, NOW)).id,
    );
    expect(row).toMatchObject({
      channel: 'sms',
      recipient: '+31612345678',
      member_id: 7,
      template: 'sms',
      status: 'held',
      subject: null,
      html_body: null,
      text_body: 'Je code is 123456',
    });
  });

  it('posts to the SMS API with an alphanumeric sender', async () => {
    const fetchMock = vi.fn(async () => new Response('ok'));
    vi.stubGlobal('fetch', fetchMock);
    const smsEnv = withVars({ SMS_TRANSPORT: 'http', SMS_API_URL: 'https://sms.example/send', SMS_API_KEY: 'k' });
    const row = await outboxRow((await sendSms(smsEnv, { tenant: brand('velvetnights'), to: '+447700900123', text: 'Code 1' }, NOW)).id);
    expect(row.status).toBe('sent');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://sms.example/send');
    expect(JSON.parse(init.body as string)).toEqual({ from: 'VelvetNight', to: '+447700900123', text: 'Code 1' });
  });
});

describe('dev mailbox', () => {
  it("lists only the request brand's messages as JSON, newest first, with their links", async () => {
    const to = address();
    await sendMail(env, activation({ to }), NOW);
    await sendMail(
      env,
      activation({ to, template: 'password_reset', data: { link: 'https://flirtlokaal.nl/reset-password/do?token=r' } }),
      NOW,
    );
    // velvetnights keeps its outbox in its own database (worker/db/request-db.ts).
    await sendMail(
      brandEnv(env, brand('velvetnights')),
      activation({
        to,
        tenant: brand('velvetnights'),
        language: 'en',
        data: { link: 'https://velvetnights.com/api/activate.php?token=v' },
      }),
      NOW,
    );

    const res = await fetchBrand('flirtlokaal', `/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { messages } = await res.json<{ messages: { template: string; recipient: string; links: string[]; text_body: string }[] }>();
    expect(messages.map((m) => m.template)).toEqual(['password_reset', 'activation']);
    expect(messages.every((m) => m.recipient === to)).toBe(true);
    expect(messages[1].links).toEqual(['https://flirtlokaal.nl/api/activate.php?token=abc.def&x=1']);

    const other = await (await fetchBrand('velvetnights', `/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json<{
      messages: { links: string[] }[];
    }>();
    expect(other.messages).toHaveLength(1);
    expect(other.messages[0].links).toEqual(['https://velvetnights.com/api/activate.php?token=v']);
  });

  it('shows a page per message with its headers, text, sandboxed HTML and clickable links', async () => {
    const { id } = await sendMail(
      env,
      activation({ data: { name: '<b>Bold</b>', link: 'https://flirtlokaal.nl/api/activate.php?token=p' } }),
      NOW,
    );
    const list = await (await fetchBrand('flirtlokaal', '/dev/mailbox')).text();
    expect(list).toContain(`href="/dev/mailbox/${id}"`);
    expect(list).toContain('Bevestig je e-mailadres bij Flirtlokaal');

    const res = await fetchBrand('flirtlokaal', `/dev/mailbox/${id}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<a href="https://flirtlokaal.nl/api/activate.php?token=p">');
    expect(page).toMatch(/<iframe sandbox srcdoc="&lt;!DOCTYPE html&gt;/);
    expect(page).toContain('&amp;lt;b&amp;gt;Bold'); // escaped in the mail, and again in the attribute
    expect(page).toContain('no-reply@flirtlokaal.nl');

    expect((await fetchBrand('velvetnights', `/dev/mailbox/${id}`)).status).toBe(404);
  });

  it('answers 404 outside local mode, even if mounted', async () => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('tenant', brand('flirtlokaal'));
      await next();
    });
    app.route('/dev', devMailbox());
    for (const path of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/1']) {
      expect((await app.request(path, {}, withVars({ APP_ENV: 'production' }))).status, path).toBe(404);
    }
    expect((await app.request('/dev/mailbox.json', {}, env)).status).toBe(200);
  });
});
