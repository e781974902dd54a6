import type { StaffInviteCode } from '../../../core/schemas/staff-back-office-answers';
import { auditStatement, type StaffSession } from '../../auth/staff-session';
import type { Tables } from '../../db/tables';
import { namedBatch, rows } from '../../db/batch';

/**
 * Invitation codes in the back office (issue 15 item 3): the `invite_codes` rows the signup uses
 * (worker/account/accounts.ts redeemInviteCode, asked for while the brand's `signups` is not 'all'). A member who
 * signed up with one keeps it in `members.invite_code`: that is "used by whom".
 */

// No 0/O or 1/I: people type these from a message.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The brand's invitation codes, newest first, each with the members who signed up with it. */
export async function listInviteCodes(db: D1Database, tenantId: string): Promise<StaffInviteCode[]> {
  const { codes, members } = await namedBatch(db, [
    [
      'codes',
      rows<Pick<Tables['invite_codes'], 'code' | 'uses_left' | 'expires_at' | 'created_at'> & Omit<StaffInviteCode, 'used_by'>>(
        db
          .prepare(
            'SELECT code, uses_left, expires_at, created_at FROM invite_codes WHERE tenant_id = ? ORDER BY created_at DESC, code LIMIT 1000',
          )
          .bind(tenantId),
      ),
    ],
    // Reads members_invite_code (migration 0018): only members who came in with a code.
    [
      'members',
      rows<Pick<Tables['members'], 'signup_date'> & { member_id: Tables['members']['id']; code: string; name: string }>(
        db
          .prepare(
            `SELECT m.id AS member_id, m.invite_code AS code, m.signup_date, COALESCE(p.name, '') AS name
             FROM members m LEFT JOIN profiles p ON p.member_id = m.id AND p.tenant_id = m.tenant_id
            WHERE m.tenant_id = ? AND m.invite_code IS NOT NULL ORDER BY m.signup_date DESC`,
          )
          .bind(tenantId),
      ),
    ],
  ]);
  const usedBy = new Map<string, StaffInviteCode['used_by']>();
  for (const m of members.results) {
    usedBy.set(m.code, [...(usedBy.get(m.code) ?? []), { member_id: m.member_id, name: m.name, signup_date: m.signup_date }]);
  }
  return codes.results.map((c) => ({ ...c, used_by: usedBy.get(c.code) ?? [] }));
}

/** A batch of new random codes and one audit row naming them, in one D1 batch. Returns the codes made. */
export async function createInviteCodes(
  db: D1Database,
  staff: StaffSession,
  input: { brand: string; count: number; uses: number; expires: string | null },
  now: Date,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(newInviteCode());
  const list = [...codes];
  const at = now.toISOString();
  // 50 random bits per code: a clash with an existing code is not expected; should it happen, the batch fails whole.
  await db.batch([
    ...list.map((code) =>
      db
        .prepare('INSERT INTO invite_codes (code, tenant_id, uses_left, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
        .bind(code, input.brand, input.uses, input.expires, at),
    ),
    auditStatement(db, {
      staffId: staff.id,
      brand: input.brand,
      action: 'invite_codes_create',
      targetType: 'invite_codes',
      targetId: list.length,
      detail: { count: list.length, uses: input.uses, expires: input.expires, codes: list },
      now,
    }),
  ]);
  return list;
}
