import { namedBatch } from '../db/batch';
import type { Tables } from '../db/tables';
import { tokenClaims } from '../auth/tokens';

/** What the old address's undo link carries: the address to restore and the one it may replace. */
export interface MailMove {
  from: string;
  to: string;
}

export const parseMove = (data: string | null): MailMove | null => {
  try {
    const move = JSON.parse(data ?? '') as Partial<MailMove>;
    return typeof move.from === 'string' && typeof move.to === 'string' ? { from: move.from, to: move.to } : null;
  } catch {
    return null;
  }
};

/**
 * Undoes an e-mail change (issue 46, item 5), in one batch: the old address comes back only while the account still
 * has the address it was changed to (a later change is not overwritten); then every session ends (one started with
 * the new address may be whoever took the account over) and every reset and change link still open is used up.
 * False when nothing was restored; null when another account took the old address meanwhile.
 */
export async function undoMailChange(
  db: D1Database,
  tenantId: string,
  memberId: number,
  move: MailMove,
  now: Date,
): Promise<boolean | null> {
  const restored = 'EXISTS (SELECT 1 FROM members WHERE id = ?1 AND tenant_id = ?2 AND email = ?3)';
  try {
    const { moved } = await namedBatch(db, [
      [
        'moved',
        db
          .prepare("UPDATE members SET email = ?3 WHERE id = ?1 AND tenant_id = ?2 AND email = ?4 AND status != 'deleted'")
          .bind(memberId, tenantId, move.from, move.to),
      ],
      [
        null,
        db
          .prepare(`UPDATE sessions SET revoked_at = ?4 WHERE tenant_id = ?2 AND member_id = ?1 AND revoked_at IS NULL AND ${restored}`)
          .bind(memberId, tenantId, move.from, now.toISOString()),
      ],
      [
        null,
        db
          .prepare(
            `UPDATE one_time_tokens SET used_at = ?4 WHERE tenant_id = ?2 AND member_id = ?1 AND used_at IS NULL
               AND purpose IN ('password_reset', 'mail_change') AND ${restored}`,
          )
          .bind(memberId, tenantId, move.from, now.toISOString()),
      ],
    ]);
    return moved.meta.changes === 1;
  } catch (error) {
    if (/UNIQUE constraint failed/.test(String(error))) return null;
    throw error;
  }
}

/**
 * Whether a genuine e-mail change link was used up by a password change or reset (accounts.ts `replacePassword`
 * ends open links in the batch that sets the password, with the same moment): its page then says so instead of the
 * generic "link expired or invalid" (issue 46, item 5).
 */
export async function endedByPasswordChange(env: Env, token: string, tenantId: string, now: Date): Promise<boolean> {
  const claims = await tokenClaims(env, token, tenantId, 'mail_change', now);
  if (!claims) return false;
  const row = await env.DB.prepare(
    `SELECT 1 AS ended FROM one_time_tokens t JOIN members m ON m.id = t.member_id AND m.tenant_id = t.tenant_id
      WHERE t.jti = ? AND t.tenant_id = ? AND t.member_id = ? AND t.purpose = 'mail_change' AND t.used_at = m.password_changed_at`,
  )
    .bind(claims.jti, tenantId, claims.memberId)
    .first<{ ended: number } & Partial<Tables['one_time_tokens']>>();
  return row !== null;
}
