import type { Language } from '../../core/constants';
import { appealUntil, type DecisionAction, type Ground } from '../../core/rules/moderation';
import { toLanguage } from '../../core/rules/language';
import type { Statement } from '../../core/schemas/reports';
import type { Tenant } from '../../core/schemas/tenant';
import { brandOrigin } from '../brand-origin';
import type { Tables } from '../db/tables';
import { translatorFor } from '../i18n';
import { sendMail } from '../mail';

/**
 * Statements of reasons (DSA Art. 17): every decision that restricts a member (a photo or text removed, the account
 * blocked, the profile's visibility limited) goes through `decisionSteps`, wherever it is made (a notice's
 * decision, the photo and text queues, the members page's block), and `mailStatement` after the batch. The decision
 * row and its statement are written in the batch of the restriction itself, chained on `changes() = 1`: a refused
 * or repeated restriction leaves neither.
 */

export interface DecisionInput {
  tenantId: string;
  /** The member affected; null for no action or a fictional profile's content (no statement then). */
  memberId: number | null;
  /** The member's language for the statement (their saved one, else the brand's). */
  language: Language;
  action: DecisionAction;
  targetKind: 'profile' | 'photo' | 'message' | 'member';
  targetId: number;
  ground: Ground;
  explanation: string | null;
  automated: boolean;
  staffId: number | null;
  reportId: number | null;
  now: Date;
  /**
   * Written only if the statement before it in the batch changed a row (the restriction, or its audit row); without
   * it, only if `when` (SQL) holds.
   */
  when?: { sql: string; params: unknown[] };
}

/**
 * The decision row and, for a restriction of a member, its statement (each `RETURNING id`: the batch's results
 * name them). Put them right after the restriction (or its audit row) in its batch.
 */
export function decisionSteps(db: D1Database, d: DecisionInput) {
  const at = d.now.toISOString();
  const guard = d.when?.sql ?? 'changes() = 1';
  const decision = db
    .prepare(
      `INSERT INTO moderation_decisions (tenant_id, member_id, action, target_kind, target_id, ground, explanation, automated, staff_id, report_id, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard} RETURNING id`,
    )
    .bind(
      d.tenantId,
      d.memberId,
      d.action,
      d.targetKind,
      d.targetId,
      d.ground,
      d.explanation,
      d.automated ? 1 : 0,
      d.staffId,
      d.reportId,
      at,
      ...(d.when?.params ?? []),
    );
  const steps: [string, D1PreparedStatement][] = [['decision', decision]];
  if (d.action !== 'no_action' && d.memberId !== null) {
    steps.push([
      'statement',
      db
        .prepare(
          `INSERT INTO statements_of_reasons (tenant_id, decision_id, member_id, language, appeal_until, created_at)
           SELECT ?, last_insert_rowid(), ?, ?, ?, ? WHERE changes() = 1 RETURNING id`,
        )
        .bind(d.tenantId, d.memberId, d.language, appealUntil(d.now).toISOString(), at),
    ]);
  }
  return steps;
}

/** The id a `RETURNING id` step of a batch gave, or null when it wrote nothing. */
export const returnedId = (result: D1Result | undefined) => (result?.results[0] as { id: number } | undefined)?.id ?? null;

/** The language a statement goes out in: the member's saved language, else the brand's. */
export function memberLanguage(tenant: Tenant, saved: string | null | undefined): Language {
  return toLanguage(saved) ?? toLanguage(tenant.settings.domain_language) ?? 'nl';
}

type StatementRow = Pick<Tables['statements_of_reasons'], 'id' | 'language' | 'appeal_until' | 'created_at'> &
  Pick<Tables['moderation_decisions'], 'action' | 'ground' | 'explanation' | 'automated'> &
  Pick<Tables['members'], 'email' | 'status'> & { member_id: number };

/**
 * Mails the member their statement in its language: what was decided, on which rule or law, by a person or
 * automatically, and how to appeal (the link to /appeals, within six months). Never throws: the statement is
 * stored, and the member also finds it on the appeals page.
 */
export async function mailStatement(env: Env, tenant: Tenant, db: D1Database, statementId: number, now: Date): Promise<void> {
  const row = await db
    .prepare(
      `SELECT s.id, s.language, s.appeal_until, s.created_at, d.action, d.ground, d.explanation, d.automated, m.email, m.status, m.id AS member_id
         FROM statements_of_reasons s JOIN moderation_decisions d ON d.id = s.decision_id
         JOIN members m ON m.id = s.member_id AND m.tenant_id = s.tenant_id
        WHERE s.id = ? AND s.tenant_id = ?`,
    )
    .bind(statementId, tenant.id)
    .first<StatementRow>();
  if (!row || row.status === 'deleted') return;
  const language = toLanguage(row.language) ?? 'nl';
  const t = translatorFor(language);
  await sendMail(
    env,
    {
      tenant,
      to: row.email,
      memberId: row.member_id,
      language,
      template: 'statement_of_reasons',
      data: {
        reference: `S-${row.id}`,
        what: t(`reports.actions.${row.action}`),
        ground: t(`reports.grounds.${row.ground}`),
        explanation: row.explanation ?? '-',
        how: t(row.automated ? 'reports.how.automated' : 'reports.how.human'),
        until: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(row.appeal_until)),
        link: `${brandOrigin(env, tenant)}/appeals?statement=${row.id}`,
      },
    },
    now,
  ).catch(() => undefined);
}

type ListRow = Pick<Tables['statements_of_reasons'], 'id' | 'appeal_until' | 'created_at'> &
  Pick<Tables['moderation_decisions'], 'action' | 'ground' | 'explanation' | 'automated'> & {
    appeal_id: number | null;
    appeal_state: 'open' | 'upheld' | 'reversed' | null;
    appeal_answer: string | null;
  };

/** The member's own statements, newest first, with their appeal (GET /api/statements.php). */
export async function listStatements(db: D1Database, tenantId: string, memberId: number): Promise<Statement[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.appeal_until, s.created_at, d.action, d.ground, d.explanation, d.automated,
              a.id AS appeal_id, a.state AS appeal_state, a.answer AS appeal_answer
         FROM statements_of_reasons s JOIN moderation_decisions d ON d.id = s.decision_id
         LEFT JOIN appeals a ON a.statement_id = s.id
        WHERE s.tenant_id = ? AND s.member_id = ? ORDER BY s.id DESC LIMIT 100`,
    )
    .bind(tenantId, memberId)
    .all<ListRow>();
  return results.map((r) => ({
    id: r.id,
    reference: `S-${r.id}`,
    action: r.action as Statement['action'],
    ground: r.ground as Statement['ground'],
    explanation: r.explanation,
    automated: r.automated === 1,
    created_at: r.created_at,
    appeal_until: r.appeal_until,
    appeal: r.appeal_id === null ? null : { id: r.appeal_id, state: r.appeal_state!, answer: r.appeal_answer },
  }));
}
