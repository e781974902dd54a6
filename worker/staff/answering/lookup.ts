import { CLAIM_MINUTES, type StaffRole } from '../../../core/schemas/staff';
import type { AppContext } from '../../context';
import { ApiFailure } from '../../errors';
import { isBrand, requireStaff, requireStaffOn, roleOn, type StaffSession } from '../../auth/staff-session';
import { brandDb } from '../../db/request-db';
import type { Tables } from '../../db/tables';

/** A conversation between a member and one of a brand's fictional profiles, as every answering call needs it. */
export interface AnsweringRef {
  id: number;
  brand: string;
  fictionalProfileId: number;
  memberId: number;
  memberProfileId: number;
  memberLanguage: string | null;
  /** The member's profile country: the shop their spending is judged by on the answer screen. */
  memberCountry: string;
  waitingSince: string | null;
}

// The joins require the fictional side, so fictional_profile_id is set here.
type RefRow = Pick<Tables['conversations'], 'id' | 'tenant_id' | 'waiting_since'> &
  Pick<Tables['members'], 'language'> & {
    fictional_profile_id: number;
    member_id: Tables['members']['id'];
    member_profile_id: Tables['profiles']['id'];
    member_country: Tables['profiles']['country'];
  };

/**
 * The brand's conversation by id, only when one side is a fictional profile (no member) and the other a member:
 * staff never see conversations between members. Joins by primary keys only.
 */
export async function findAnsweringConversation(db: D1Database, brand: string, id: number): Promise<AnsweringRef | null> {
  const row = await db
    .prepare(
      `SELECT c.id, c.tenant_id, c.fictional_profile_id, c.waiting_since, mp.id AS member_profile_id, mp.country AS member_country, mm.id AS member_id, mm.language
         FROM conversations c
         JOIN profiles fp ON fp.id = c.fictional_profile_id AND fp.tenant_id = c.tenant_id AND fp.fictional = 1 AND fp.member_id IS NULL
         JOIN profiles mp ON mp.id = (CASE WHEN c.profile_lo = c.fictional_profile_id THEN c.profile_hi ELSE c.profile_lo END) AND mp.tenant_id = c.tenant_id
         JOIN members mm ON mm.id = mp.member_id
        WHERE c.id = ? AND c.tenant_id = ?`,
    )
    .bind(id, brand)
    .first<RefRow>();
  if (!row) return null;
  return {
    id: row.id,
    brand: row.tenant_id,
    fictionalProfileId: row.fictional_profile_id,
    memberId: row.member_id,
    memberProfileId: row.member_profile_id,
    memberLanguage: row.language,
    memberCountry: row.member_country,
    waitingSince: row.waiting_since,
  };
}

export const conversationNotFound = () => new ApiFailure(404, 'conversation_not_found', 'chat.errors.conversation_not_found');

/**
 * The brand's conversation and the staff member who may act on it as `role`. Unknown brands and ids, conversations
 * between members and brands the caller has no role on all answer the same 404 (nothing leaks); a role too low 403.
 */
export async function requireAnswering(
  c: AppContext,
  brand: string,
  id: number,
  role: StaffRole = 'operator',
): Promise<{ ref: AnsweringRef; staff: StaffSession }> {
  const staff = requireStaff(c);
  if (!isBrand(brand) || !roleOn(staff, brand)) throw conversationNotFound();
  const ref = await findAnsweringConversation(brandDb(c, brand), brand, id);
  if (!ref) throw conversationNotFound();
  return { ref, staff: requireStaffOn(c, brand, role) };
}

/** When a claim taken or used now expires. */
export function claimExpiry(now: Date): string {
  return new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString();
}
