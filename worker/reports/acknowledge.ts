import type { Language } from '../../core/constants';
import { toLanguage } from '../../core/rules/language';
import type { Tenant } from '../../core/schemas/tenant';
import type { Tables } from '../db/tables';
import { translatorFor } from '../i18n';
import { sendMail, type MailTemplate } from '../mail';

/**
 * The mails to the people who report and appeal: the acknowledgment at once, the outcome later. A visitor's
 * address is whatever they typed: its mails carry only the reference and our own texts, nothing they wrote.
 */

type ReporterRow = Pick<Tables['reports'], 'id' | 'reporter_email' | 'language' | 'reason'> & {
  member_email: string | null;
  member_language: string | null;
  member_status: string | null;
};

async function reporterOf(db: D1Database, tenantId: string, reportId: number) {
  const row = await db
    .prepare(
      `SELECT r.id, r.reporter_email, r.language, r.reason, m.email AS member_email, m.language AS member_language, m.status AS member_status
         FROM reports r LEFT JOIN members m ON m.id = r.reporter_member_id AND m.tenant_id = r.tenant_id
        WHERE r.id = ? AND r.tenant_id = ?`,
    )
    .bind(reportId, tenantId)
    .first<ReporterRow>();
  if (!row) return null;
  // A member's own address only once proven; a visitor's as given (nothing of theirs goes into the mail).
  const to = row.member_email ? (row.member_status === 'confirmed' ? row.member_email : null) : row.reporter_email;
  const language: Language = toLanguage(row.member_language) ?? toLanguage(row.language) ?? 'nl';
  return to ? { to, language, row } : null;
}

async function mailReporter(
  env: Env,
  tenant: Tenant,
  reportId: number,
  template: MailTemplate,
  extra: (t: ReturnType<typeof translatorFor>) => Record<string, string>,
  now: Date,
) {
  const found = await reporterOf(env.DB, tenant.id, reportId);
  if (!found) return false;
  const t = translatorFor(found.language);
  await sendMail(
    env,
    {
      tenant,
      to: found.to,
      language: found.language,
      template,
      data: { reference: `N-${reportId}`, reason: t(`reports.reasons.${found.row.reason}`), ...extra(t) },
    },
    now,
  );
  return true;
}

/** The acknowledgment (DSA Art. 16 (4)): received, with its reference. False when there is no address to mail. */
export const acknowledgeReport = (env: Env, tenant: Tenant, reportId: number, now: Date) =>
  mailReporter(env, tenant, reportId, 'report_received', () => ({}), now);

/** The outcome (Art. 16 (5)): whether anything was done; never who or what exactly about another member. */
export const mailReportOutcome = (env: Env, tenant: Tenant, reportId: number, acted: boolean, now: Date) =>
  mailReporter(
    env,
    tenant,
    reportId,
    'report_outcome',
    (t) => ({ outcome: t(acted ? 'reports.outcome.acted' : 'reports.outcome.no_action') }),
    now,
  );

/** An appeal's acknowledgment and its result, to the member's own address. */
export async function mailAppeal(
  env: Env,
  tenant: Tenant,
  db: D1Database,
  appealId: number,
  template: 'appeal_received' | 'appeal_decided',
  now: Date,
): Promise<void> {
  const row = await db
    .prepare(
      `SELECT a.state, a.answer, s.language, m.email, m.id AS member_id FROM appeals a
         JOIN statements_of_reasons s ON s.id = a.statement_id JOIN members m ON m.id = a.member_id AND m.tenant_id = a.tenant_id
        WHERE a.id = ? AND a.tenant_id = ? AND m.status != 'deleted'`,
    )
    .bind(appealId, tenant.id)
    .first<Pick<Tables['appeals'], 'state' | 'answer'> & { language: string; email: string; member_id: number }>();
  if (!row) return;
  const language = toLanguage(row.language) ?? 'nl';
  const t = translatorFor(language);
  await sendMail(
    env,
    {
      tenant,
      to: row.email,
      memberId: row.member_id,
      language,
      template,
      data: {
        reference: `A-${appealId}`,
        outcome: row.state === 'reversed' ? t('reports.appeal_outcome.reversed') : t('reports.appeal_outcome.upheld'),
        answer: row.answer ?? '',
      },
    },
    now,
  );
}
