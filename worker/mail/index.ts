import { isLocal } from '../context';
import { oneLineMail } from './header-safe';
import { insertOutbox, recordDelivery, type OutboxInsert } from './outbox';
import { renderMail } from './templates';
import { mailTransport, smsTransport } from './transports';
import type { Delivery, MailRequest, OutgoingMail, SmsRequest } from './types';
import { logEvent } from '../log';

export type { MailRequest, MailTemplate, SmsRequest } from './types';

// Every mail and SMS is written to the outbox first, so the dev mailbox shows it locally and production keeps a
// record of what was sent and whether the provider took it.

type Message = Omit<OutboxInsert, 'status' | 'error'>;

/**
 * Writes the row, then lets the transport (if one is configured) deliver it and records the outcome. Without a
 * transport, local mode holds the message for the dev mailbox; production records a failure, loudly, rather than
 * letting activation mails vanish.
 */
async function enqueue(env: Env, message: Message, send: (() => Promise<Delivery>) | null, now: Date): Promise<{ id: number }> {
  const initial: Pick<OutboxInsert, 'status' | 'error'> = send
    ? { status: 'queued', error: null }
    : isLocal(env)
      ? { status: 'held', error: null }
      : { status: 'failed', error: 'no transport configured' };
  const id = await insertOutbox(env.DB, { ...message, ...initial });
  let error = initial.error;
  if (send) {
    const delivery = await send();
    await recordDelivery(env.DB, message.tenantId, id, delivery, now);
    error = delivery.ok ? null : delivery.error;
  }
  if (error) {
    logEvent('error', 'outbox delivery failed', { tenant: message.tenantId, outboxId: id, channel: message.channel, error });
  }
  return { id };
}

/** Renders a mail, writes it to the outbox and hands it to the configured transport. Never throws on delivery. */
export async function sendMail(env: Env, request: MailRequest, now: Date): Promise<{ id: number }> {
  const { tenant } = request;
  // The outbox row's subject and headers (what the dev mailbox shows) are on one line like every transport's.
  const mail: OutgoingMail = oneLineMail({
    from: { email: `no-reply@${tenant.settings.domain}`, name: tenant.settings.mail_name },
    replyTo: tenant.settings.support_email,
    to: request.to,
    ...renderMail(request),
  });
  const transport = mailTransport(env);
  return enqueue(
    env,
    {
      tenantId: tenant.id,
      memberId: request.memberId ?? null,
      channel: 'mail',
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { From: `${mail.from.name} <${mail.from.email}>`, 'Reply-To': mail.replyTo, ...mail.headers },
      template: request.template,
      createdAt: now.toISOString(),
    },
    transport && (() => transport(mail, now)),
    now,
  );
}

/** Alphanumeric SMS sender ids may have at most 11 letters and digits. */
const smsSender = (name: string) => name.replace(/[^A-Za-z0-9]/g, '').slice(0, 11);

/** Writes an SMS (its text already in the member's language) to the outbox and hands it to the configured transport. */
export async function sendSms(env: Env, request: SmsRequest, now: Date): Promise<{ id: number }> {
  const { tenant, to, text } = request;
  const sender = smsSender(tenant.settings.name);
  const transport = smsTransport(env);
  return enqueue(
    env,
    {
      tenantId: tenant.id,
      memberId: request.memberId ?? null,
      channel: 'sms',
      recipient: to,
      subject: null,
      text,
      html: null,
      headers: { From: sender },
      template: 'sms',
      createdAt: now.toISOString(),
    },
    transport && (() => transport({ sender, to, text })),
    now,
  );
}
