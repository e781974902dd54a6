import { FIRST_MESSAGE_CANDIDATES } from '../../../core/schemas/staff';
import type { FirstMessageCandidate, FirstMessageCandidatesResponse } from '../../../core/schemas/staff-answers';
import { MEMBER_CARD_COLUMNS, MEMBER_PHOTO_JOIN, toMemberCard, type MemberCardRow } from './cards';
import type { Tables } from '../../db/tables';

type CandidateRow = MemberCardRow & Pick<Tables['profiles'], 'last_active'>;

/** LIKE patterns take the filter literally: % and _ typed by the operator match themselves. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The members a fictional profile may send an unsolicited first message to right now, most recently active first:
 * the same rules sendFirstMessage enforces (confirmed, visible, not blocked the profile, no conversation with it yet,
 * no first message today), so the picker never offers a member the send would refuse. Searchable profiles only
 * (visible and active), read through profiles_recent; LIMIT stops the walk early.
 */
export async function loadFirstMessageCandidates(
  db: D1Database,
  brand: string,
  profileId: number,
  q: string | undefined,
  now: Date,
): Promise<FirstMessageCandidatesResponse> {
  const filter = q ? "AND (mp.name LIKE ?5 ESCAPE '\\' OR mp.city LIKE ?5 ESCAPE '\\')" : '';
  const { results } = await db
    .prepare(
      `SELECT ${MEMBER_CARD_COLUMNS}, mp.last_active
         FROM profiles mp INDEXED BY profiles_recent
         JOIN members mm ON mm.id = mp.member_id AND mm.status = 'confirmed' AND mm.invisible = 0
         ${MEMBER_PHOTO_JOIN}
        WHERE mp.tenant_id = ?1 AND mp.searchable = 1 AND mp.member_id IS NOT NULL AND mp.fictional = 0 ${filter}
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = mm.id AND b.blocked_profile_id = ?2)
          AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.tenant_id = ?1 AND c.profile_lo = MIN(mp.id, ?2) AND c.profile_hi = MAX(mp.id, ?2))
          AND NOT EXISTS (SELECT 1 FROM fictional_first_messages f WHERE f.tenant_id = ?1 AND f.member_id = mm.id AND f.day = ?3)
          AND EXISTS (SELECT 1 FROM profiles fp WHERE fp.id = ?2 AND fp.tenant_id = ?1 AND fp.fictional = 1 AND fp.member_id IS NULL AND fp.status = 'active')
        ORDER BY mp.last_active DESC
        LIMIT ?4`,
    )
    .bind(brand, profileId, now.toISOString().slice(0, 10), FIRST_MESSAGE_CANDIDATES, ...(q ? [likePrefix(q)] : []))
    .all<CandidateRow>();
  return { items: results.map((row): FirstMessageCandidate => ({ ...toMemberCard(row, now), last_active: row.last_active })) };
}
