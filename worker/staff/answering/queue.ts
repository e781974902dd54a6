import { WAITING_COUNT_CAP } from '../../../core/schemas/staff';
import type { QueueItem, QueueResponse } from '../../../core/schemas/staff-answers';
import type { BrandGroup } from '../../db/request-db';
import { MEMBER_CARD_COLUMNS, MEMBER_PHOTO_JOIN, toMemberCard, type MemberCardRow } from './cards';
import { namedBatchPerDatabase, rows } from '../../db/batch';
import type { Tables } from '../../db/tables';

/**
 * More waiting conversations than this per brand are not shown at once (an operator answers the oldest; the list
 * refetches on every change); the count says how many there are.
 */
export const QUEUE_PAGE = 30;

// Members whose messages are held (unconfirmed e-mail, invisible, deleted) wait for nobody: the fictional profile
// cannot see their messages either (worker/chat/messages.ts visibleTo).
const WAITING_FROM = `FROM conversations c INDEXED BY conversations_waiting
  JOIN profiles mp ON mp.id = (CASE WHEN c.profile_lo = c.fictional_profile_id THEN c.profile_hi ELSE c.profile_lo END) AND mp.tenant_id = c.tenant_id
  JOIN members mm ON mm.id = mp.member_id AND mm.status = 'confirmed' AND mm.invisible = 0`;

/**
 * One brand's waiting conversations, oldest first: walks the partial index conversations_waiting in order (no sort),
 * everything else by primary key. Whether the member asked if the profile is real since the conversation began to
 * wait is the conversation row's `asks_real`, set by the send's batch (migration 0051): the queue reads no message
 * (it read the member's texts from the index messages_member_texts before, docs/decisions/016 step 2).
 */
export const QUEUE_SQL = `SELECT c.id, c.tenant_id, c.waiting_since, c.asks_real, fp.id AS f_id, fp.name AS f_name, ${MEMBER_CARD_COLUMNS},
    cl.staff_id AS claim_staff, cl.expires_at AS claim_expires, s.name AS claim_name
  ${WAITING_FROM}
  JOIN profiles fp ON fp.id = c.fictional_profile_id AND fp.tenant_id = c.tenant_id AND fp.fictional = 1 AND fp.member_id IS NULL
  ${MEMBER_PHOTO_JOIN}
  LEFT JOIN chat_claims cl ON cl.tenant_id = c.tenant_id AND cl.conversation_id = c.id AND cl.expires_at > ?2
  LEFT JOIN staff s ON s.id = cl.staff_id
  WHERE c.tenant_id = ?1 AND c.waiting_since IS NOT NULL
  ORDER BY c.waiting_since LIMIT ${QUEUE_PAGE}`;

/** The count stops at WAITING_COUNT_CAP (the workspace shows "200+"): a backlog costs no more to count than that. */
export const WAITING_COUNT_SQL = `SELECT COUNT(*) AS n FROM (SELECT 1 ${WAITING_FROM}
  WHERE c.tenant_id = ?1 AND c.waiting_since IS NOT NULL AND c.fictional_profile_id IS NOT NULL LIMIT ${WAITING_COUNT_CAP})`;

/** A row of QUEUE_SQL: the claim's columns are null while nobody holds it. */
type QueueRow = MemberCardRow &
  Pick<Tables['conversations'], 'id' | 'tenant_id' | 'asks_real'> & {
    waiting_since: string;
    f_id: Tables['profiles']['id'];
    f_name: Tables['profiles']['name'];
    claim_staff: Tables['chat_claims']['staff_id'] | null;
    claim_expires: Tables['chat_claims']['expires_at'] | null;
    claim_name: Tables['staff']['name'] | null;
  };

/** The queue of the given brands (each already checked for the caller's role): oldest first over all of them. */
export async function loadQueue(groups: BrandGroup[], now: Date): Promise<QueueResponse> {
  const brands = groups.flatMap((g) => g.brands);
  if (brands.length === 0) return { items: [], waiting_per_brand: {} };
  const at = now.toISOString();
  // One batch per database (worker/db/request-db.ts).
  const results = await namedBatchPerDatabase(
    groups,
    (db, b) =>
      [
        [`queue:${b}`, rows<QueueRow>(db.prepare(QUEUE_SQL).bind(b, at))],
        [`waiting:${b}`, rows<{ n: number }>(db.prepare(WAITING_COUNT_SQL).bind(b))],
      ] as const,
  );
  const items: QueueItem[] = [];
  const waiting: Record<string, number> = {};
  for (const brand of brands) {
    for (const row of results[`queue:${brand}`].results) items.push(toItem(row, now));
    waiting[brand] = results[`waiting:${brand}`].results[0].n;
  }
  // Each brand's list is in order already; merging keeps the oldest first across brands.
  items.sort((a, b) =>
    a.waiting_since < b.waiting_since ? -1 : a.waiting_since > b.waiting_since ? 1 : a.conversation_id - b.conversation_id,
  );
  return { items, waiting_per_brand: waiting };
}

function toItem(row: QueueRow, now: Date): QueueItem {
  return {
    conversation_id: row.id,
    brand: row.tenant_id,
    waiting_since: row.waiting_since,
    waiting_ms: Math.max(0, now.getTime() - Date.parse(row.waiting_since)),
    member: toMemberCard(row, now),
    profile: { id: row.f_id, name: row.f_name, fictional: true },
    claimed_by: row.claim_staff !== null ? { id: row.claim_staff, name: row.claim_name ?? '', expires_at: row.claim_expires! } : null,
    asks_if_real: row.asks_real === 1,
  };
}
