import { marketRule } from '../../core/markets/tighten';
import { ageDays, dueAt, isOverdue } from '../../core/rules/moderation';
import type { z } from 'zod';
import type { StaffAppealsSchema, StaffReportsSchema } from '../../core/schemas/reports';
import type { Tenant } from '../../core/schemas/tenant';
import type { Tables } from '../db/tables';
import { namedBatch, rows } from '../db/batch';

/**
 * The staff queues of notices and appeals: oldest first, each with its age and the deadline of the market rule
 * (`complaint_days`: 7 by the card schemes' rule; the strictest of the brand's countries as the brand tightened
 * them), overdue once that has passed.
 */

export function deadlineDays(tenant: Tenant): number {
  return Math.min(...tenant.settings.countries.map((country) => marketRule(country, tenant.market_rules).complaint_days));
}

export const deadline = (createdAt: string, now: Date, days: number) => {
  const at = new Date(createdAt);
  return { age_days: ageDays(at, now), due_at: dueAt(at, days).toISOString(), overdue: isOverdue(at, now, days) };
};

type ReportRow = Pick<
  Tables['reports'],
  'id' | 'target_kind' | 'target_id' | 'reason' | 'body' | 'shared_text' | 'reporter_member_id' | 'created_at'
> & {
  profile_id: number;
  profile_name: string;
  fictional: number;
  member_id: number | null;
  photo_filename: string | null;
  photo_thumb: string | null;
  photo_status: string | null;
};

export async function reportQueue(db: D1Database, tenant: Tenant, now: Date): Promise<z.infer<typeof StaffReportsSchema>> {
  const days = deadlineDays(tenant);
  const { list, flood } = await namedBatch(db, [
    [
      'list',
      rows<ReportRow>(
        db
          .prepare(
            `SELECT r.id, r.target_kind, r.target_id, r.reason, r.body, r.shared_text, r.reporter_member_id, r.created_at,
                    p.id AS profile_id, p.name AS profile_name, p.fictional, p.member_id,
                    ph.filename AS photo_filename, ph.thumb_filename AS photo_thumb, ph.status AS photo_status
               FROM reports r JOIN profiles p ON p.id = r.target_profile_id AND p.tenant_id = r.tenant_id
               LEFT JOIN photos ph ON r.target_kind = 'photo' AND ph.id = r.target_id AND ph.tenant_id = r.tenant_id
              WHERE r.tenant_id = ? AND r.state = 'open' ORDER BY r.created_at, r.id LIMIT 200`,
          )
          .bind(tenant.id),
      ),
    ],
    ['flood', rows<{ n: number }>(db.prepare("SELECT COUNT(*) AS n FROM reports WHERE tenant_id = ? AND state = 'flood'").bind(tenant.id))],
  ]);
  return {
    days,
    flood: flood.results[0].n,
    reports: list.results.map((r) => ({
      id: r.id,
      reference: `N-${r.id}`,
      target: r.target_kind as 'profile' | 'photo' | 'message',
      target_id: r.target_id,
      profile: { id: r.profile_id, name: r.profile_name, fictional: r.fictional === 1, member_id: r.member_id },
      photo:
        r.photo_filename && r.photo_thumb
          ? { filename: r.photo_filename, thumb_filename: r.photo_thumb, status: r.photo_status ?? '' }
          : null,
      shared_text: r.shared_text,
      reason: r.reason as z.infer<typeof StaffReportsSchema>['reports'][number]['reason'],
      text: r.body,
      by_member: r.reporter_member_id !== null,
      created_at: r.created_at,
      ...deadline(r.created_at, now, days),
    })),
  };
}

type AppealRow = Pick<Tables['appeals'], 'id' | 'statement_id' | 'member_id' | 'body' | 'created_at'> &
  Pick<Tables['moderation_decisions'], 'action' | 'ground' | 'explanation' | 'staff_id'>;

/** Open appeals with the decision appealed; the decider's name comes from the staff accounts (`staffDb`). */
export async function appealQueue(
  db: D1Database,
  staffDb: D1Database,
  tenant: Tenant,
  now: Date,
): Promise<z.infer<typeof StaffAppealsSchema>> {
  const days = deadlineDays(tenant);
  const { results } = await db
    .prepare(
      `SELECT a.id, a.statement_id, a.member_id, a.body, a.created_at, d.action, d.ground, d.explanation, d.staff_id
         FROM appeals a JOIN statements_of_reasons s ON s.id = a.statement_id JOIN moderation_decisions d ON d.id = s.decision_id
        WHERE a.tenant_id = ? AND a.state = 'open' ORDER BY a.created_at, a.id LIMIT 200`,
    )
    .bind(tenant.id)
    .all<AppealRow>();
  const ids = JSON.stringify([...new Set(results.map((r) => r.staff_id).filter((id) => id !== null))]);
  const { results: names } = await staffDb
    .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
    .bind(ids)
    .all<Pick<Tables['staff'], 'id' | 'name'>>();
  type Appeal = z.infer<typeof StaffAppealsSchema>['appeals'][number];
  return {
    days,
    appeals: results.map((r) => ({
      id: r.id,
      reference: `A-${r.id}`,
      statement_id: r.statement_id,
      member_id: r.member_id,
      text: r.body,
      action: r.action as Appeal['action'],
      ground: r.ground as Appeal['ground'],
      explanation: r.explanation,
      decided_by: r.staff_id === null ? null : { id: r.staff_id, name: names.find((n) => n.id === r.staff_id)?.name ?? '' },
      created_at: r.created_at,
      ...deadline(r.created_at, now, days),
    })),
  };
}
