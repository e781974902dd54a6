import type { Language } from '../../core/constants';
import type { Tenant } from '../../core/schemas/tenant';
import { toLanguage } from '../../core/rules/language';
import type { AppContext } from '../context';
import { siteOrigin } from '../brand-origin';
import { brandEnvFor } from '../db/request-db';
import { sendMail, type MailTemplate } from './';
import { issueToken, issueTokenWithin } from '../auth/tokens';

/**
 * The brand a mail goes out for and the origin its links point at: the request's brand for a member's own flows; the
 * member's brand for the back office, whose staff may work from another brand's host (an owner).
 */
export interface MailScope {
  env: Env;
  tenant: Tenant;
  now: Date;
  /** The language when the member has none saved. */
  language: Language;
  origin: string;
}

export function mailScope(c: AppContext, tenant: Tenant = c.get('tenant')): MailScope {
  // A staff call about another brand mails from that brand's database (its outbox).
  return { env: brandEnvFor(c, tenant.id), tenant, now: c.get('now'), language: c.get('language'), origin: siteOrigin(c, tenant) };
}

/** mailTo and link for a MailScope. */
export function mailScoped(
  scope: MailScope,
  to: string,
  language: string | null,
  template: MailTemplate,
  data: Record<string, string>,
  memberId?: number,
) {
  return sendMail(
    scope.env,
    { tenant: scope.tenant, to, memberId, language: toLanguage(language) ?? scope.language, template, data },
    scope.now,
  );
}

export function scopedLink(scope: MailScope, path: string, token: string): string {
  const url = new URL(path, scope.origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** The deletion mail with its recovery link (the member's own deletion, a deleted address signing up or logging in, the back office). */
/**
 * At most this many recovery mails an hour when someone who knows the password, or signs up with the address again,
 * meets an account deleted less than 14 days ago (issue 18 item 7): decided and counted in the INSERT of the link.
 */
const RECOVERY_MAILS_PER_HOUR = 3;

/**
 * Mails the link that restores a deleted account. With `capped`, only while fewer than RECOVERY_MAILS_PER_HOUR links
 * were made in the last hour (parallel requests cannot pass a count read first); false when the cap held it back.
 */
export async function sendRecoveryMail(
  scope: MailScope,
  memberId: number,
  email: string,
  language: string | null,
  previousStatus: string,
  { capped = false } = {},
): Promise<boolean> {
  const token = await issueTokenWithin(
    scope.env,
    { tenantId: scope.tenant.id, memberId, purpose: 'account_recovery', now: scope.now, data: previousStatus },
    capped ? { max: RECOVERY_MAILS_PER_HOUR, since: new Date(scope.now.getTime() - 3_600_000) } : undefined,
  );
  if (!token) return false;
  await mailScoped(
    scope,
    email,
    language,
    'account_deleted',
    { link: scopedLink(scope, '/api/recover-account.php', token), days: '14' },
    memberId,
  );
  return true;
}

/** Sends the activation link (also from resend-activation.php and the back office's resend). */
export async function sendActivationMail(scope: MailScope, memberId: number, email: string, language: string | null, name: string) {
  const token = await issueToken(scope.env, { tenantId: scope.tenant.id, memberId, purpose: 'activation', now: scope.now });
  await mailScoped(scope, email, language, 'activation', { name, link: scopedLink(scope, '/api/activate.php', token) }, memberId);
}
