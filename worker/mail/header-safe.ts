import { toOneLine } from '../../core/rules/one-line';
import type { OutgoingMail } from './types';

/** A header's name as RFC 5322 allows it, in the plain form every header this code adds has. */
const HEADER_NAME = /^[A-Za-z0-9-]{1,76}$/;

/**
 * The mail with every value a header is built from on one line: sender name and address, reply-to, recipient,
 * subject and the extra headers (issue 42). Names and subjects come from data (profile names in a notification's
 * subject, the brand's mail_name), so a CR/LF there must not start a header of its own. Every transport (the
 * outbox, the HTTP API, the send_email binding's MIME) builds its headers from this, never from the raw mail.
 */
export function oneLineMail(mail: OutgoingMail): OutgoingMail {
  return {
    ...mail,
    from: { email: toOneLine(mail.from.email), name: toOneLine(mail.from.name) },
    replyTo: toOneLine(mail.replyTo),
    to: toOneLine(mail.to),
    subject: toOneLine(mail.subject),
    headers: Object.fromEntries(
      Object.entries(mail.headers)
        .filter(([name]) => HEADER_NAME.test(name))
        .map(([name, value]) => [name, toOneLine(value)]),
    ),
  };
}
