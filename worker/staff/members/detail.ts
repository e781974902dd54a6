import type { StaffMemberDetail } from '../../../core/schemas/staff-back-office-answers';
import { refundWindowStart } from '../../../core/rules/refund-window';
import type { Tenant } from '../../../core/schemas/tenant';
import { ApiFailure } from '../../errors';
import { READ_ACTIONS } from '../../auth/staff-session';
import { ageCheckSummary } from '../../age/checks';

interface AccountRow {
  id: number;
  email: string;
  status: StaffMemberDetail['account']['status'];
  blocked_at: string | null;
  blocked_reason: string | null;
  signup_date: string;
  traffic_source: string | null;
  invite_code: string | null;
  language: string | null;
  paid_user: number;
  credits: number;
  deleted_at: string | null;
  dd_blocked: number;
  purchases_blocked_at: string | null;
  profile_id: number | null;
  name: string | null;
  gender: string | null;
  birthdate: string | null;
  country: string | null;
  city: string | null;
  about: string | null;
  profile_status: string | null;
}

type Rows<T> = D1Result<T>;

/**
 * Everything the back office shows about one member of `tenant`, read in one batch, each part by key. Conversations
 * are counted, never read: staff do not see what members write to each other (fictional conversations are read in
 * the answering screens, where they belong). `now` decides which paid orders are still refundable.
 */
export async function memberDetail(
  db: D1Database,
  tenant: Tenant,
  memberId: number,
  now: Date,
  /** The read's own audit row (session.ts READ_ACTIONS), written in this batch: no row, no page. */
  audited: D1PreparedStatement,
): Promise<StaffMemberDetail> {
  const t = tenant.id;
  const [account, photos, ledger, orders, mandates, conversations, sent, complaints, audit] = (await db.batch([
    ...detailStatements(db, t, memberId),
    audited,
  ])) as [
    Rows<AccountRow>,
    Rows<{ id: number; filename: string; thumb_filename: string; status: string; private: number }>,
    Rows<StaffMemberDetail['ledger'][number]>,
    Rows<Omit<StaffMemberDetail['orders'][number], 'refundable'>>,
    Rows<StaffMemberDetail['mandates'][number]>,
    Rows<{ with_members: number; with_fictional: number }>,
    Rows<{ n: number }>,
    Rows<StaffMemberDetail['complaints'][number]>,
    Rows<{ id: number; staff: string | null; action: string; detail: string | null; created_at: string }>,
    D1Result,
  ];
  const a = account.results[0];
  if (!a) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  const since = refundWindowStart(now, tenant.settings.refund_days);
  return {
    account: { ...accountOf(a, t), age_check: await ageCheckSummary(db, t, memberId) },
    profile: profileOf(a, photos.results),
    ledger: ledger.results,
    orders: orders.results.map((o) => ({ ...o, refundable: o.status === 'paid' && o.paid_at !== null && o.paid_at >= since })),
    mandates: mandates.results,
    conversations: {
      with_members: conversations.results[0].with_members,
      with_fictional: conversations.results[0].with_fictional,
      messages_sent: sent.results[0].n,
    },
    complaints: complaints.results,
    audit: audit.results.map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null })),
    refund_days: tenant.settings.refund_days,
  };
}

/** The reads of the member's page, in the order memberDetail takes their results. */
function detailStatements(db: D1Database, t: string, memberId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT m.id, m.email, m.status, m.blocked_at, m.blocked_reason, m.signup_date, m.traffic_source, m.invite_code, m.language, m.paid_user,
            m.credits, m.deleted_at, EXISTS (SELECT 1 FROM directdebit_blocks WHERE tenant_id = m.tenant_id AND subject = 'member:' || m.id) AS dd_blocked,
            m.purchases_blocked_at,
            p.id AS profile_id, p.name, p.gender, p.birthdate, p.country, p.city, p.about, p.status AS profile_status
       FROM members m LEFT JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id
      WHERE m.id = ?1 AND m.tenant_id = ?2`,
      )
      .bind(memberId, t),
    db
      .prepare(
        'SELECT id, filename, thumb_filename, status, private FROM photos WHERE tenant_id = ?2 AND profile_id = ?1 ORDER BY position, id',
      )
      .bind(memberId, t),
    db
      .prepare(
        'SELECT id, delta, reason, ref, created_at FROM credit_ledger WHERE member_id = ?1 AND tenant_id = ?2 ORDER BY id DESC LIMIT 200',
      )
      .bind(memberId, t),
    db
      .prepare(
        `SELECT id, status, credits, amount, currency, method, created_at, paid_at, refund_reason, refunded_at
       FROM orders WHERE tenant_id = ?2 AND member_id = ?1 ORDER BY created_at DESC LIMIT 200`,
      )
      .bind(memberId, t),
    db
      .prepare(
        'SELECT id, provider, method, label, status, created_at FROM payment_mandates WHERE tenant_id = ?2 AND member_id = ?1 ORDER BY created_at DESC',
      )
      .bind(memberId, t),
    db
      .prepare(
        `SELECT COALESCE(SUM(p.fictional = 0), 0) AS with_members, COALESCE(SUM(p.fictional = 1), 0) AS with_fictional
       FROM chat_sides s JOIN profiles p ON p.id = s.peer_profile_id WHERE s.tenant_id = ?2 AND s.member_id = ?1`,
      )
      .bind(memberId, t),
    // Every message a member sends has its ledger row (ref `message:<member>:<key>`, cost 0 included), written with
    // it in the send's batch: counted from the ledger's unique (tenant_id, member_id, ref) index, not from the
    // messages, which live in the conversation logs (docs/decisions/016).
    db
      .prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE tenant_id = ?2 AND member_id = ?1 AND ref >= 'message:' AND ref < 'message;'")
      .bind(memberId, t),
    // A complaint names who it is about in free text: the member's id, address or profile name.
    db
      .prepare(
        `SELECT c.id, c.subject, c.state AS status, c.created_at FROM complaints c
      WHERE c.tenant_id = ?2 AND c.concerns IN (?3, (SELECT email FROM members WHERE id = ?1 AND tenant_id = ?2), (SELECT name FROM profiles WHERE member_id = ?1 AND tenant_id = ?2))
      ORDER BY c.created_at DESC LIMIT 100`,
      )
      .bind(memberId, t, String(memberId)),
    db
      .prepare(
        `SELECT a.id, s.name AS staff, a.action, a.detail, a.created_at FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id
      WHERE a.target_type = 'member' AND a.target_id = ?1 AND a.brand = ?2 AND a.action NOT IN (${READ_ACTIONS.map((a) => `'${a}'`).join(', ')})
      ORDER BY a.id DESC LIMIT 200`,
      )
      .bind(String(memberId), t),
  ];
}

function accountOf(a: AccountRow, t: string): Omit<StaffMemberDetail['account'], 'age_check'> {
  return {
    id: a.id,
    brand: t,
    email: a.email,
    status: a.status,
    blocked_at: a.blocked_at,
    blocked_reason: a.blocked_reason,
    signup_date: a.signup_date,
    source: a.traffic_source ? (JSON.parse(a.traffic_source) as Record<string, string>) : null,
    invite_code: a.invite_code,
    language: a.language,
    country: a.country ?? '',
    premium: a.paid_user === 1,
    credits: a.credits,
    deleted_at: a.deleted_at,
    directdebit_blocked: a.dd_blocked === 1,
    purchases_blocked: a.purchases_blocked_at !== null,
  };
}

function profileOf(
  a: AccountRow,
  photos: { id: number; filename: string; thumb_filename: string; status: string; private: number }[],
): StaffMemberDetail['profile'] {
  return {
    id: a.profile_id ?? a.id,
    name: a.name ?? '',
    gender: a.gender ?? '',
    birthdate: a.birthdate ?? '',
    city: a.city,
    about: a.about,
    status: a.profile_status ?? '',
    photos: photos.map((p) => ({
      id: p.id,
      filename: p.filename,
      thumb_filename: p.thumb_filename,
      status: p.status,
      private: p.private === 1,
    })),
  };
}
