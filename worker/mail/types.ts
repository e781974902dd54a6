import type { Language } from '../../core/constants';
import type { Tenant } from '../../core/schemas/tenant';

export type MailTemplate =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  // Issue 46 item 5: to the old address after a change, with the link that undoes it; to it again once undone.
  | 'mail_changed'
  | 'mail_restored'
  | 'account_deleted'
  | 'account_recovered'
  | 'password_changed'
  | 'complaint_confirm'
  | 'complaint_received'
  | 'complaint_forwarded'
  | 'complaint_reply'
  | 'payment_confirmation'
  | 'payment_refunded'
  // A chargeback (worker/payments/confirmation-mail.ts): the credits taken back, and that the account stays usable.
  | 'payment_charged_back'
  | 'data_export'
  // "Verträge hier kündigen" (worker/market/cancellations.ts): what was cancelled, and the date and time received.
  | 'contract_cancelled'
  // Notice and action (worker/reports/): a notice's acknowledgment and outcome, a statement of reasons, an appeal's.
  | 'report_received'
  | 'report_outcome'
  | 'statement_of_reasons'
  | 'appeal_received'
  | 'appeal_decided'
  // Notification mails (worker/notifications/): a new message, like or match while the member was away.
  | 'notify_messages'
  | 'notify_likes'
  | 'notify_matches'
  // A brand's news (worker/staff/news/): what its admin wrote, to members who chose news, with the unsubscribe link.
  | 'news'
  // To a brand's owners and admins (worker/staff/dashboard/scheme-alert.ts): a card ratio reached 1.2 % in a month.
  | 'scheme_health_alert'
  // To a brand's owners (worker/observe/alerts.ts): an operations incident opened (error rate, answer queue, postbacks).
  | 'ops_alert';

/** A profile shown in a notification mail: who wrote or liked, with the brand's label when it is fictional. */
export interface MailCard {
  /** "Henk, 45, Utrecht" */
  caption: string;
  /** absolute http(s) URL of the main photo, or null */
  photoUrl: string | null;
  /** the brand's fictional label (fictional_singular), or null for a real member */
  label: string | null;
}

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
  /** how many things the mail is about: above 1, templates with `_many` texts use those */
  count?: number;
  /** profiles to show above the button (notification mails) */
  cards?: MailCard[];
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
