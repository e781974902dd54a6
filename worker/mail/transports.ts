import { EmailMessage } from 'cloudflare:email';
import { bindingOf } from '../env-access';
import { oneLineMail } from './header-safe';
import { buildMime } from './mime';
import type { Delivery, OutgoingMail } from './types';

// Production transports, chosen by configuration (DESIGN.md "Outside services"). None of them throws: a failed
// delivery is recorded on the outbox row, and the member's request goes on.

export type MailTransport = (mail: OutgoingMail, now: Date) => Promise<Delivery>;
export type SmsTransport = (sms: { sender: string; to: string; text: string }) => Promise<Delivery>;

// A slow provider must not hold a signup open for long.
const TIMEOUT_MS = 10_000;

/** MAIL_TRANSPORT: 'http' (MAIL_API_URL + MAIL_API_KEY) or 'cloudflare' (the `MAIL` send_email binding); else none. */
export function mailTransport(env: Env): MailTransport | null {
  const { MAIL_TRANSPORT, MAIL_API_URL, MAIL_API_KEY } = env;
  if (MAIL_TRANSPORT === 'http') return (mail) => postJson(MAIL_API_URL, MAIL_API_KEY, mailPayload(mail));
  if (MAIL_TRANSPORT === 'cloudflare') return (mail, now) => sendWithBinding(env, mail, now);
  return null;
}

/** SMS_TRANSPORT: 'http' (SMS_API_URL + SMS_API_KEY); else none. */
export function smsTransport(env: Env): SmsTransport | null {
  const { SMS_TRANSPORT, SMS_API_URL, SMS_API_KEY } = env;
  return SMS_TRANSPORT === 'http' ? (sms) => postJson(SMS_API_URL, SMS_API_KEY, { from: sms.sender, to: sms.to, text: sms.text }) : null;
}

/**
 * The JSON most transactional-mail APIs take in one form or another; an adapter can reshape it if one differs. The
 * API builds headers from these fields, so each is on one line (header-safe.ts).
 */
function mailPayload(raw: OutgoingMail) {
  const mail = oneLineMail(raw);
  return {
    from: mail.from,
    reply_to: { email: mail.replyTo },
    to: [{ email: mail.to }],
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  };
}

async function postJson(url: string | undefined, key: string | undefined, payload: unknown): Promise<Delivery> {
  if (!url || !key) return { ok: false, error: 'API URL or key not configured' };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    return { ok: false, error: `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function sendWithBinding(env: Env, mail: OutgoingMail, now: Date): Promise<Delivery> {
  const binding = bindingOf<SendEmail>(env, 'MAIL');
  if (!binding) return { ok: false, error: 'no MAIL send_email binding' };
  try {
    // The envelope's addresses too: one line each, as in the MIME headers.
    const envelope = oneLineMail(mail);
    await binding.send(new EmailMessage(envelope.from.email, envelope.to, buildMime(envelope, now)));
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
