import { toLanguage } from '../../../core/rules/language';
import type { ComplaintState } from '../../../core/schemas/staff-moderation';
import type { StaffComplaint, StaffComplaintsResponse } from '../../../core/schemas/staff-back-office-answers';
import { ApiFailure } from '../../errors';
import { sendMail } from '../../mail';
import { tenantById } from '../../tenants';
import { auditStatement, type StaffSession } from '../../auth/staff-session';
import type { Tables } from '../../db/tables';
import { namedBatch, rows } from '../../db/batch';
import { deadline, deadlineDays } from '../../reports/queue';

/**
 * Complaints (/complaints, worker/content/complaints-routes.ts) in the workspace: a state (new, in progress, closed), a
 * reply mailed to the sender in their language, links to the sender's member account and to the profile the
 * complaint names. Every change is audited in its batch.
 */

// A row of SELECT: the complaint, the sender's member account and profile if any (LEFT JOINs), and the profile
// `concerns` names as a JSON object (null when it names none).
type Row = Pick<
  Tables['complaints'],
  'id' | 'state' | 'subject' | 'concerns' | 'body' | 'contact_name' | 'contact_email' | 'confirmed_at' | 'language' | 'created_at'
> & {
  state: ComplaintState;
  member_id: Tables['members']['id'] | null;
  member_language: Tables['members']['language'];
  member_profile_id: Tables['profiles']['id'] | null;
  member_name: Tables['profiles']['name'] | null;
  concerns_profile: string | null;
};
type ReplyRow = Pick<Tables['complaint_replies'], 'id' | 'complaint_id' | 'created_at'> & { text: string; staff: string };

const notFound = () => new ApiFailure(404, 'complaint_not_found', 'errors.complaint_not_found');
const tenantOf = (brand: string) => tenantById(brand)!;

/** The reply's language: the sender's member account's, else the page's when they sent it, else the brand's. */
function replyLanguage(brand: string, row: Pick<Row, 'language' | 'member_language'>) {
  return toLanguage(row.member_language) ?? toLanguage(row.language) ?? toLanguage(tenantOf(brand).settings.domain_language) ?? 'nl';
}

// `concerns` is what the sender typed: a profile id of this brand links to that profile, anything else stays text.
const SELECT = `SELECT c.id, c.state, c.subject, c.concerns, c.body, c.contact_name, c.contact_email, c.confirmed_at, c.language, c.created_at,
    m.id AS member_id, m.language AS member_language, mp.id AS member_profile_id, mp.name AS member_name,
    (SELECT json_object('id', p.id, 'name', p.name, 'fictional', p.fictional) FROM profiles p
      WHERE p.tenant_id = c.tenant_id AND c.concerns GLOB '[0-9]*' AND length(c.concerns) < 16 AND p.id = CAST(c.concerns AS INTEGER)) AS concerns_profile
  FROM complaints c
  LEFT JOIN members m ON m.id = c.member_id AND m.tenant_id = c.tenant_id
  LEFT JOIN profiles mp ON mp.member_id = m.id AND mp.tenant_id = c.tenant_id`;

export async function listComplaints(
  db: D1Database,
  brand: string,
  state: ComplaintState | undefined,
  only?: number,
  now: Date = new Date(),
): Promise<StaffComplaintsResponse> {
  const days = deadlineDays(tenantOf(brand));
  const where = only !== undefined ? 'c.id = ?2' : state ? 'c.state = ?2' : '1';
  const params: unknown[] = only !== undefined ? [brand, only] : state ? [brand, state] : [brand];
  const {
    rows: complaints,
    replies,
    counts,
  } = await namedBatch(db, [
    [
      'rows',
      rows<Row>(
        db.prepare(`${SELECT} WHERE c.tenant_id = ?1 AND ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT 200`).bind(...params),
      ),
    ],
    [
      'replies',
      rows<ReplyRow>(
        db
          .prepare(
            `SELECT r.id, r.complaint_id, r.body AS text, COALESCE(s.name, '') AS staff, r.created_at FROM complaint_replies r LEFT JOIN staff s ON s.id = r.staff_id
        WHERE r.tenant_id = ?1 AND r.complaint_id IN (SELECT c.id FROM complaints c WHERE c.tenant_id = ?1 AND ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT 200)
        ORDER BY r.created_at, r.id`,
          )
          .bind(...params),
      ),
    ],
    [
      'counts',
      rows<{ state: ComplaintState; n: number }>(
        db.prepare('SELECT state, COUNT(*) AS n FROM complaints WHERE tenant_id = ? GROUP BY state').bind(brand),
      ),
    ],
  ]);
  const byComplaint = new Map<number, StaffComplaint['replies']>();
  for (const r of replies.results) {
    byComplaint.set(r.complaint_id, [
      ...(byComplaint.get(r.complaint_id) ?? []),
      { id: r.id, text: r.text, staff: r.staff, created_at: r.created_at },
    ]);
  }
  const total: Record<ComplaintState, number> = { new: 0, in_progress: 0, closed: 0 };
  for (const c of counts.results) total[c.state] = c.n;
  return {
    counts: total,
    complaints: complaints.results.map((r) => {
      const profile = r.concerns_profile ? (JSON.parse(r.concerns_profile) as { id: number; name: string; fictional: number }) : null;
      return {
        id: r.id,
        reference: `C-${r.id}`,
        state: r.state,
        subject: r.subject,
        concerns: r.concerns,
        text: r.body,
        contact_name: r.contact_name,
        contact_email: r.contact_email,
        confirmed: r.confirmed_at !== null,
        language: replyLanguage(brand, r),
        created_at: r.created_at,
        member: r.member_id ? { id: r.member_id, profile_id: r.member_profile_id, name: r.member_name } : null,
        profile: profile ? { id: profile.id, name: profile.name, fictional: profile.fictional === 1 } : null,
        replies: byComplaint.get(r.id) ?? [],
        // Acknowledged at once (the answer's reference, the mail once the address is proven); due within the deadline.
        due_at: deadline(r.created_at, now, days).due_at,
        overdue: r.state !== 'closed' && deadline(r.created_at, now, days).overdue,
      };
    }),
  };
}

async function one(db: D1Database, brand: string, id: number): Promise<StaffComplaint> {
  const { complaints } = await listComplaints(db, brand, undefined, id);
  if (!complaints[0]) throw notFound();
  return complaints[0];
}

/** Moves a complaint to a state; the same state again changes nothing and is not audited. */
export async function setComplaintState(
  db: D1Database,
  staff: StaffSession,
  brand: string,
  id: number,
  state: ComplaintState,
  now: Date,
): Promise<StaffComplaint> {
  const { update } = await namedBatch(db, [
    ['update', db.prepare('UPDATE complaints SET state = ?1 WHERE id = ?2 AND tenant_id = ?3 AND state <> ?1').bind(state, id, brand)],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand,
        action: 'complaint_state',
        targetType: 'complaint',
        targetId: id,
        detail: { state },
        now,
        guard: { sql: 'changes() = 1', params: [] },
      }),
    ],
  ]);
  if (update.meta.changes === 0) await one(db, brand, id); // 404 for an unknown id or another brand's
  return one(db, brand, id);
}

/**
 * A reply to the sender, by mail in their language (template complaint_reply, the brand's name and look). Only to
 * a proven address: an unconfirmed complaint's address is whatever a visitor typed, and the brand must not mail a
 * stranger. The reply row, the state (in progress, or closed with `close`) and the audit row are one batch; the
 * mail goes to the outbox after it.
 */
export async function replyToComplaint(
  env: Env,
  staff: StaffSession,
  brand: string,
  input: { id: number; text: string; close: boolean },
  now: Date,
): Promise<StaffComplaint> {
  const db = env.DB;
  const complaint = await one(db, brand, input.id);
  if (!complaint.confirmed) throw new ApiFailure(409, 'complaint_unconfirmed', 'errors.complaint_unconfirmed');
  const state: ComplaintState = input.close ? 'closed' : 'in_progress';
  const at = now.toISOString();
  await db.batch([
    db
      .prepare('INSERT INTO complaint_replies (tenant_id, complaint_id, staff_id, body, language, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(brand, input.id, staff.id, input.text, complaint.language, at),
    db.prepare('UPDATE complaints SET state = ? WHERE id = ? AND tenant_id = ?').bind(state, input.id, brand),
    auditStatement(db, {
      staffId: staff.id,
      brand,
      action: 'complaint_reply',
      targetType: 'complaint',
      targetId: input.id,
      detail: { state, language: complaint.language, length: input.text.length },
      now,
    }),
  ]);
  await sendMail(
    env,
    {
      tenant: tenantOf(brand),
      to: complaint.contact_email,
      memberId: complaint.member?.id ?? null,
      language: toLanguage(complaint.language) ?? 'nl',
      template: 'complaint_reply',
      data: { name: complaint.contact_name ?? '', reference: complaint.reference, subject: complaint.subject, reply: input.text },
    },
    now,
  );
  return one(db, brand, input.id);
}
