import { ApiFailure } from '../../errors';
import { isInsufficientCredits, ledgerEntryIf } from '../../db/ledger';
import { softDeleteMember } from '../../account/accounts';
import { auditStatement, type Guard } from '../../auth/staff-session';
import type { MemberOnBrand } from './access';
import type { Tables } from '../../db/tables';
import { namedBatch } from '../../db/batch';
import { decisionSteps, memberLanguage, returnedId } from '../../reports/statements';

/**
 * The back office's actions on a member account (issue 15). Each writes its audit row (action, the reason) in the
 * same batch as the change, guarded by the condition that decides the change, so a refused or repeated action
 * leaves no row and two admins acting at once change the account once.
 */

const MEMBER = (extra: string) => `EXISTS (SELECT 1 FROM members WHERE id = ? AND tenant_id = ? AND ${extra})`;
const memberGuard = (on: MemberOnBrand, extra: string): Guard => ({ sql: MEMBER(extra), params: [on.memberId, on.tenant.id] });

function audit(db: D1Database, on: MemberOnBrand, action: string, now: Date, detail: Record<string, unknown>, guard?: Guard) {
  return auditStatement(db, {
    staffId: on.staff.id,
    brand: on.tenant.id,
    action,
    targetType: 'member',
    targetId: on.memberId,
    detail,
    now,
    guard,
  });
}

async function statusOf(db: D1Database, on: MemberOnBrand) {
  return (await db
    .prepare('SELECT status, blocked_at, credits FROM members WHERE id = ? AND tenant_id = ?')
    .bind(on.memberId, on.tenant.id)
    .first<Pick<Tables['members'], 'status' | 'blocked_at' | 'credits'>>())!;
}

/** The member's balance now (after a refund took credits back). */
export async function creditsOf(db: D1Database, on: Pick<MemberOnBrand, 'tenant' | 'memberId'>): Promise<number> {
  const row = await db
    .prepare('SELECT credits FROM members WHERE id = ? AND tenant_id = ?')
    .bind(on.memberId, on.tenant.id)
    .first<Pick<Tables['members'], 'credits'>>();
  return row!.credits;
}

const deleted = () => new ApiFailure(409, 'member_deleted', 'errors.member_deleted');

/**
 * A ledger entry of `delta` credits (reason 'adjust'), never an update of the balance. The ledger's CHECK refuses
 * a balance below zero (the whole batch, audit row included, then fails); the ref makes a repeated form count once.
 */
export async function adjustCredits(
  db: D1Database,
  on: MemberOnBrand,
  delta: number,
  reason: string,
  requestId: string,
  now: Date,
): Promise<{ credits: number }> {
  const ref = `adjust:${requestId}`;
  const t = on.tenant.id;
  const live = "status != 'deleted'";
  const fresh = `NOT EXISTS (SELECT 1 FROM credit_ledger WHERE tenant_id = ? AND member_id = ? AND ref = ?)`;
  try {
    await db.batch([
      audit(
        db,
        on,
        'member_credits',
        now,
        { reason, delta },
        { sql: `${MEMBER(live)} AND ${fresh}`, params: [on.memberId, t, t, on.memberId, ref] },
      ),
      ledgerEntryIf(
        db,
        { tenantId: t, memberId: on.memberId, delta, reason: 'adjust', ref, now },
        `EXISTS (SELECT 1 FROM members WHERE id = ?1 AND tenant_id = ?2 AND ${live})`,
        on.memberId,
        t,
      ),
    ]);
  } catch (error) {
    if (isInsufficientCredits(error)) throw new ApiFailure(409, 'credits_below_zero', 'errors.credits_below_zero');
    throw error;
  }
  const state = await statusOf(db, on);
  if (state.status === 'deleted') throw deleted();
  return { credits: state.credits };
}

/**
 * Blocks the account: no login (SPEC.md's blocked-account message) and every session ends, in one batch, with its
 * decision and statement of reasons (DSA Art. 17, worker/reports/statements.ts). Returns the statement's id; the
 * caller mails it.
 */
export async function blockMember(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const can = "blocked_at IS NULL AND status != 'deleted'";
  const saved = await db
    .prepare('SELECT language FROM members WHERE id = ? AND tenant_id = ?')
    .bind(on.memberId, on.tenant.id)
    .first<Pick<Tables['members'], 'language'>>();
  const { blocked, ...decided } = await namedBatch(db, [
    [null, audit(db, on, 'member_block', now, { reason }, memberGuard(on, can))],
    [
      'blocked',
      db
        .prepare(`UPDATE members SET blocked_at = ?, blocked_reason = ? WHERE id = ? AND tenant_id = ? AND ${can}`)
        .bind(at, reason, on.memberId, on.tenant.id),
    ],
    ...decisionSteps(db, {
      tenantId: on.tenant.id,
      memberId: on.memberId,
      language: memberLanguage(on.tenant, saved?.language),
      action: 'block_account',
      targetKind: 'member',
      targetId: on.memberId,
      ground: 'terms',
      explanation: reason,
      automated: false,
      staffId: on.staff.id,
      reportId: null,
      now,
    }),
    [
      null,
      db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND member_id = ? AND revoked_at IS NULL')
        .bind(at, on.tenant.id, on.memberId),
    ],
  ]);
  if (blocked.meta.changes === 0)
    throw (await statusOf(db, on)).status === 'deleted'
      ? deleted()
      : new ApiFailure(409, 'member_blocked_already', 'errors.member_blocked_already');
  return returnedId((decided as Record<string, D1Result | undefined>).statement);
}

export async function unblockMember(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<void> {
  const { unblocked } = await namedBatch(db, [
    [null, audit(db, on, 'member_unblock', now, { reason }, memberGuard(on, 'blocked_at IS NOT NULL'))],
    [
      'unblocked',
      db
        .prepare('UPDATE members SET blocked_at = NULL, blocked_reason = NULL WHERE id = ? AND tenant_id = ? AND blocked_at IS NOT NULL')
        .bind(on.memberId, on.tenant.id),
    ],
  ]);
  if (unblocked.meta.changes === 0) throw new ApiFailure(409, 'member_not_blocked', 'errors.member_not_blocked');
}

/** Ends every session of the member (they are logged out everywhere); the account stays as it is. */
export async function endMemberSessions(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<{ ended: number }> {
  const { ended } = await namedBatch(db, [
    [null, audit(db, on, 'member_sessions_ended', now, { reason })],
    [
      'ended',
      db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE tenant_id = ? AND member_id = ? AND revoked_at IS NULL AND expires_at > ?')
        .bind(now.toISOString(), on.tenant.id, on.memberId, now.toISOString()),
    ],
  ]);
  return { ended: ended.meta.changes };
}

/** The member may no longer pay by direct debit (directdebit_blocks, as the direct-debit form checks it). */
export async function blockDirectDebit(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<void> {
  const subject = `member:${on.memberId}`;
  const { inserted } = await namedBatch(db, [
    [
      null,
      audit(
        db,
        on,
        'member_directdebit_block',
        now,
        { reason },
        { sql: 'NOT EXISTS (SELECT 1 FROM directdebit_blocks WHERE tenant_id = ? AND subject = ?)', params: [on.tenant.id, subject] },
      ),
    ],
    [
      'inserted',
      db
        .prepare('INSERT INTO directdebit_blocks (tenant_id, subject, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .bind(on.tenant.id, subject, `staff: ${reason}`, now.toISOString()),
    ],
  ]);
  if (inserted.meta.changes === 0) throw new ApiFailure(409, 'directdebit_blocked_already', 'errors.directdebit_blocked_already');
}

export async function unblockDirectDebit(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<void> {
  const subject = `member:${on.memberId}`;
  const { removed } = await namedBatch(db, [
    [
      null,
      audit(
        db,
        on,
        'member_directdebit_unblock',
        now,
        { reason },
        { sql: 'EXISTS (SELECT 1 FROM directdebit_blocks WHERE tenant_id = ? AND subject = ?)', params: [on.tenant.id, subject] },
      ),
    ],
    ['removed', db.prepare('DELETE FROM directdebit_blocks WHERE tenant_id = ? AND subject = ?').bind(on.tenant.id, subject)],
  ]);
  if (removed.meta.changes === 0) throw new ApiFailure(409, 'directdebit_not_blocked', 'errors.directdebit_not_blocked');
}

/**
 * Records the resend of the activation mail, only for an unconfirmed, unblocked account; the caller then sends the
 * signup's own mail (a mail cannot join a D1 batch: the audit row says it was asked for).
 */
export async function recordResendActivation(
  db: D1Database,
  on: MemberOnBrand,
  reason: string,
  now: Date,
): Promise<{ email: string; language: string | null; name: string }> {
  const [written] = await db.batch([
    audit(db, on, 'member_activation_resent', now, { reason }, memberGuard(on, "status = 'not_confirmed' AND blocked_at IS NULL")),
  ]);
  if (written.meta.changes === 0) {
    const state = await statusOf(db, on);
    if (state.status === 'deleted') throw deleted();
    if (state.blocked_at) throw new ApiFailure(409, 'member_blocked_already', 'errors.member_blocked_already');
    throw new ApiFailure(409, 'member_confirmed', 'errors.member_confirmed');
  }
  return (await db
    .prepare(
      'SELECT m.email, m.language, p.name FROM members m JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id WHERE m.id = ? AND m.tenant_id = ?',
    )
    .bind(on.memberId, on.tenant.id)
    .first<Pick<Tables['members'], 'email' | 'language'> & Pick<Tables['profiles'], 'name'>>())!;
}

/**
 * Deletes the account through the member's own path (softDeleteMember: hidden, sessions ended, restorable for 14
 * days), the audit row in its batch. Returns what the deletion mail needs; the caller sends it.
 */
export async function deleteMember(
  db: D1Database,
  on: MemberOnBrand,
  reason: string,
  now: Date,
): Promise<{ email: string; language: string | null; previous: string }> {
  const row = await db
    .prepare('SELECT email, language, status FROM members WHERE id = ? AND tenant_id = ?')
    .bind(on.memberId, on.tenant.id)
    .first<Pick<Tables['members'], 'email' | 'language' | 'status'>>();
  if (!row || row.status === 'deleted') throw deleted();
  const previous = await softDeleteMember(db, on.tenant.id, on.memberId, `staff: ${reason}`, now, [
    audit(db, on, 'member_delete', now, { reason }, memberGuard(on, "status != 'deleted'")),
  ]);
  if (previous === null) throw deleted();
  return { email: row.email, language: row.language, previous };
}

/**
 * Stops the member's purchases (issue 44 item 4: "unless the brand's staff decide otherwise"): the order's INSERT
 * refuses while it is set (payments/orders.ts placeOrder). Login, data and everything else stay as they are.
 */
export async function blockPurchases(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<void> {
  const can = "purchases_blocked_at IS NULL AND status != 'deleted'";
  const { blocked } = await namedBatch(db, [
    [null, audit(db, on, 'member_purchase_block', now, { reason }, memberGuard(on, can))],
    [
      'blocked',
      db
        .prepare(`UPDATE members SET purchases_blocked_at = ?, purchases_blocked_reason = ? WHERE id = ? AND tenant_id = ? AND ${can}`)
        .bind(now.toISOString(), reason, on.memberId, on.tenant.id),
    ],
  ]);
  if (blocked.meta.changes === 0)
    throw (await statusOf(db, on)).status === 'deleted'
      ? deleted()
      : new ApiFailure(409, 'purchases_blocked_already', 'errors.purchases_blocked_already');
}

export async function unblockPurchases(db: D1Database, on: MemberOnBrand, reason: string, now: Date): Promise<void> {
  const can = "purchases_blocked_at IS NOT NULL AND status != 'deleted'";
  const { unblocked } = await namedBatch(db, [
    [null, audit(db, on, 'member_purchase_unblock', now, { reason }, memberGuard(on, can))],
    [
      'unblocked',
      db
        .prepare(
          `UPDATE members SET purchases_blocked_at = NULL, purchases_blocked_reason = NULL WHERE id = ? AND tenant_id = ? AND ${can}`,
        )
        .bind(on.memberId, on.tenant.id),
    ],
  ]);
  if (unblocked.meta.changes === 0)
    throw (await statusOf(db, on)).status === 'deleted'
      ? deleted()
      : new ApiFailure(409, 'purchases_not_blocked', 'errors.purchases_not_blocked');
}
