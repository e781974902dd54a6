import type { Language } from '../../core/constants';
import type { Tenant } from '../../core/schemas/tenant';

export type MailTemplate =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  | 'account_deleted'
  | 'account_recovered'
  | 'password_changed'
  | 'complaint_confirm'
  | 'complaint_received'
  | 'complaint_forwarded'
  | 'complaint_reply'
  | 'payment_confirmation'
  | 'data_export';

export interface MailRequest {
  tenant: Tenant;
  to: string;
  memberId?: number | null;
  language: Language;
  template: MailTemplate;
  /** values used in the template: e.g. name, link (absolute URL), minutes, days, new_email */
  data: Record<string, string>;
  /** absolute one-click unsubscribe URL (RFC 8058); adds List-Unsubscribe + List-Unsubscribe-Post headers */
  unsubscribeUrl?: string;
}

export interface SmsRequest {
  tenant: Tenant;
  to: string;
  memberId?: number | null;
  text: string;
}

export interface Address {
  email: string;
  name: string;
}

/** A rendered mail, ready for the outbox and any transport. */
export interface OutgoingMail {
  from: Address;
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers beyond From/To/Subject/Reply-To, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
}

/** What a transport reports; it never throws. */
export type Delivery = { ok: true } | { ok: false; error: string };
