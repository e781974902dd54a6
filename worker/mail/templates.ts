import { ACCOUNT_RECOVERY_DAYS } from '../../core/constants';
import { translatorFor } from '../i18n';
import { safeUrl } from './html';
import { renderHtml, renderText, type MailContent } from './layout';
import type { MailRequest, MailTemplate } from './types';

interface TemplateDef {
  /** 'required': the mail is pointless without its link (the caller gets an error); 'optional': a button when given. */
  link: 'required' | 'optional' | 'none';
  /** Values the texts need when the caller does not pass them; the lifetimes match what the texts promise. */
  defaults?: (request: MailRequest) => Record<string, string>;
  /** Subject and body have a `_many` variant for a count above 1; the subject doubles as the title. */
  counted?: boolean;
}

const TEMPLATES: Record<MailTemplate, TemplateDef> = {
  activation: { link: 'required', defaults: () => ({ hours: '48' }) },
  password_reset: { link: 'required', defaults: () => ({ hours: '2' }) },
  // Sent to the new address, so that address is the one to confirm.
  mail_change: { link: 'required', defaults: (r) => ({ hours: '24', new_email: r.to }) },
  // To the old address: who changed it to what, and the link that undoes it for as long as the token lives.
  mail_changed: { link: 'required', defaults: () => ({ days: '7' }) },
  // To the restored address: every session ended; the button leads to a new password.
  mail_restored: { link: 'optional' },
  account_deleted: { link: 'required', defaults: () => ({ days: String(ACCOUNT_RECOVERY_DAYS) }) },
  account_recovered: { link: 'optional' },
  password_changed: { link: 'optional' },
  // To an address a visitor typed, before it is proven: a link and nothing the visitor wrote (not even a name).
  complaint_confirm: { link: 'required', defaults: () => ({ hours: '48' }) },
  complaint_received: { link: 'none' },
  // To the brand's support, in the brand's language: every value in it is what a visitor typed (the layout escapes).
  complaint_forwarded: { link: 'none' },
  // A staff member's reply from the workspace (worker/staff/moderation/complaints.ts), only to a proven address.
  complaint_reply: { link: 'none' },
  // The order, the consent to immediate delivery and the company behind the brand (worker/payments/confirmation-mail.ts).
  payment_confirmation: { link: 'optional' },
  // A refund staff gave (worker/payments/confirmation-mail.ts): the amount, how, and the credits taken back.
  payment_refunded: { link: 'optional' },
  // A chargeback the card issuer made (worker/payments/confirmation-mail.ts): credits taken back, the account stays.
  payment_charged_back: { link: 'optional' },
  // The member's data (worker/account/export-routes.ts): the link lives as long as the text says.
  data_export: { link: 'required', defaults: () => ({ hours: '24' }) },
  // § 312k BGB: to the member's own (proven) address, the cancellation with the date and time it was received.
  contract_cancelled: { link: 'none' },
  // DSA Art. 16, 17, 20 (worker/reports/): to a visitor's typed address only our texts and the reference.
  report_received: { link: 'none' },
  report_outcome: { link: 'none' },
  statement_of_reasons: { link: 'required' },
  appeal_received: { link: 'none' },
  appeal_decided: { link: 'none' },
  // Issue 18: the button opens the conversation or the likes; `names` are the senders' first names.
  notify_messages: { link: 'required', counted: true },
  notify_likes: { link: 'required', counted: true },
  notify_matches: { link: 'required', counted: true },
  // Issue 46 item 13: `subject` and `message` are the admin's own words; the note says why it came and how to stop it.
  news: { link: 'optional' },
  // Issue 44 item 7: staff mail, once per brand, provider and month; the figures dashboard shows the detail.
  scheme_health_alert: { link: 'none' },
  // Issue 48 item 8: staff mail, once per incident; `alert` is the incident's sentence in the brand's language.
  ops_alert: { link: 'none' },
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Subject, text, HTML and list headers of one mail in the member's language, in the brand's colours and names. */
export function renderMail(request: MailRequest): RenderedMail {
  const { tenant, template, language } = request;
  const def = TEMPLATES[template];
  const t = translatorFor(language);
  const values: Record<string, string> = {
    brand: tenant.settings.name,
    support: tenant.settings.support_email,
    ...def.defaults?.(request),
    ...request.data,
  };
  const text = (key: string) => t(`mail.${key}`, values);
  const many = def.counted && (request.count ?? 1) > 1 ? '_many' : '';

  const link = def.link === 'none' || request.data.link === undefined ? null : safeUrl(request.data.link);
  if (def.link === 'required' && !link) throw new Error(`mail ${template}: data.link must be an absolute http(s) URL`);
  const unsubscribeUrl = request.unsubscribeUrl === undefined ? null : safeUrl(request.unsubscribeUrl);
  if (request.unsubscribeUrl !== undefined && !unsubscribeUrl) throw new Error('mail: unsubscribeUrl must be an absolute http(s) URL');

  const { company } = tenant;
  const content: MailContent = {
    language,
    subject: text(`${template}.subject${many}`),
    logo: tenant.look.logo_text,
    colors: tenant.look.colors,
    title: def.counted ? text(`${template}.subject${many}`) : text(`${template}.title`),
    greeting: values.name ? text('greeting') : text('greeting_anonymous'),
    body: text(`${template}.body${many}`),
    cards: (request.cards ?? []).map((card) => ({ ...card, photoUrl: card.photoUrl === null ? null : safeUrl(card.photoUrl) })),
    button: link ? { label: text(`${template}.button`), url: link, hint: text('link_hint') } : null,
    note: text(`${template}.note`),
    signOff: text('sign_off'),
    signature: tenant.settings.mail_name,
    footer: {
      support: text('support'),
      company: [company.name, company.address, company.city, company.country].filter(Boolean).join(', '),
      unsubscribe: unsubscribeUrl ? { label: text('unsubscribe'), url: unsubscribeUrl } : null,
    },
  };
  // RFC 8058: mail clients show their own unsubscribe button and POST to the URL, no page visit needed.
  const headers: Record<string, string> = unsubscribeUrl
    ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { subject: content.subject, text: renderText(content), html: renderHtml(content), headers };
}
