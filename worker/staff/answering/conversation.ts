import { INTERESTS } from '../../../core/data/interests';
import { anyAsksIfReal } from '../../../core/rules/asks-if-real';
import type { StaffChatMessage, StaffConversation, StaffNote } from '../../../core/schemas/staff-answers';
import type { Tenant } from '../../../core/schemas/tenant';
import { logToMessageRow, type MessageRow } from '../../chat/messages';
import { photoFiles, readLogPage } from '../../chat/log';
import { ageOn } from '../../../core/rules/age';
import { MEMBER_CARD_COLUMNS, MEMBER_PHOTO_JOIN, toMemberCard, type MemberCardRow } from './cards';
import { disclosureText, memberLanguage } from './disclosure';
import type { AnsweringRef } from './lookup';
import { memberProtection } from './protect';
import type { Tables } from '../../db/tables';
import { namedBatch, rows } from '../../db/batch';

/** The answer screen shows this much history; older messages are rarely needed to answer. */
export const HISTORY_LIMIT = 200;
const NOTES_LIMIT = 100;

const SLUG = new Map(INTERESTS.map((i) => [i.id, i.slug]));

/** The answer screen's queries, each by primary key or a composite index (tests/integration/staff-query-plans.test.ts). */
export const SCREEN_SQL = {
  head: `SELECT c.id, c.waiting_since, ${MEMBER_CARD_COLUMNS}, mp.about AS m_about,
      fp.name AS f_name, fp.birthdate AS f_birthdate, fp.city AS f_city, fp.about AS f_about,
      cl.staff_id AS claim_staff, cl.expires_at AS claim_expires, s.name AS claim_name
    FROM conversations c
    JOIN profiles mp ON mp.id = ?2 AND mp.tenant_id = c.tenant_id
    ${MEMBER_PHOTO_JOIN}
    JOIN profiles fp ON fp.id = c.fictional_profile_id AND fp.tenant_id = c.tenant_id
    LEFT JOIN chat_claims cl ON cl.tenant_id = c.tenant_id AND cl.conversation_id = c.id AND cl.expires_at > ?3
    LEFT JOIN staff s ON s.id = cl.staff_id
    WHERE c.id = ?1`,
  photos: "SELECT id, filename, thumb_filename FROM photos WHERE tenant_id = ? AND profile_id = ? AND status = 'active' ORDER BY position",
  interests: 'SELECT interest_id FROM profile_interests WHERE profile_id = ? AND tenant_id = ?',
  /** Whether the member's messages show (confirmed, not invisible); the messages come from the conversation's log. */
  member: 'SELECT status, invisible FROM members WHERE id = ?1 AND tenant_id = ?2',
  notes: `SELECT n.id, n.subject_type, n.subject_id, n.body, n.created_at, s.name AS author FROM staff_notes n JOIN staff s ON s.id = n.staff_id
    WHERE n.tenant_id = ? AND n.subject_type = ? AND n.subject_id = ? ORDER BY n.id DESC LIMIT ${NOTES_LIMIT}`,
};

type Profile = Tables['profiles'];
/** A row of SCREEN_SQL.head: the claim's columns are null while nobody holds it (LEFT JOINs). */
type HeadRow = MemberCardRow &
  Pick<Tables['conversations'], 'id' | 'waiting_since'> & {
    m_about: Profile['about'];
    f_name: Profile['name'];
    f_birthdate: Profile['birthdate'];
    f_city: Profile['city'];
    f_about: Profile['about'];
    claim_staff: Tables['chat_claims']['staff_id'] | null;
    claim_expires: Tables['chat_claims']['expires_at'] | null;
    claim_name: Tables['staff']['name'] | null;
  };
type PhotoRow = Pick<Tables['photos'], 'id' | 'filename' | 'thumb_filename'>;

/**
 * Everything the answer screen shows, in one batch (one round trip after the conversation was resolved; the protect
 * flag's two reads beside it), with the read's own audit row: a read whose row cannot be written fails with it.
 */
export async function loadConversation(
  env: Env,
  db: D1Database,
  tenant: Tenant,
  ref: AnsweringRef,
  now: Date,
  audited: D1PreparedStatement,
): Promise<StaffConversation> {
  const [{ head, memberPhotos, interests, profilePhotos, member, memberNotes, profileNotes }, protect, log] = await Promise.all([
    screenBatch(db, ref, now, audited),
    memberProtection(db, tenant, ref.memberId, ref.memberCountry, now),
    // The history from the conversation's log (docs/decisions/016-messages-in-durable-objects.md), beside the batch.
    readLogPage(env, db, ref.brand, ref.id, { after: 0, limit: HISTORY_LIMIT }),
  ]);
  const h = head.results[0];
  // The member's held messages (unconfirmed e-mail, invisible) are not shown to the profile's side either.
  const memberVisible = member.results[0]?.status === 'confirmed' && member.results[0]?.invisible === 0;
  const shown = log.rows.filter((r) => memberVisible || r.sender_profile_id !== ref.memberProfileId).reverse();
  const files = await photoFiles(db, ref.brand, shown);
  const history = shown.map((r) => toStaffMessage(logToMessageRow(r, ref.id, files), ref.fictionalProfileId));
  return {
    conversation_id: ref.id,
    brand: ref.brand,
    waiting_since: h.waiting_since,
    claimed_by: h.claim_staff !== null ? { id: h.claim_staff, name: h.claim_name ?? '', expires_at: h.claim_expires! } : null,
    member: {
      ...toMemberCard(h, now),
      about: h.m_about,
      interests: interests.results.map((i) => SLUG.get(i.interest_id)).filter((s): s is string => !!s),
      photos: memberPhotos.results.map((p) => ({ filename: p.filename, thumb_filename: p.thumb_filename })),
      language: memberLanguage(tenant, ref.memberLanguage),
    },
    profile: {
      id: ref.fictionalProfileId,
      name: h.f_name,
      fictional: true,
      age: ageOn(h.f_birthdate, now),
      city: h.f_city,
      about: h.f_about,
      photos: profilePhotos.results,
    },
    messages: history,
    notes: { member: memberNotes.results.map(toNote), profile: profileNotes.results.map(toNote) },
    disclosure_text: disclosureText(tenant, ref.memberLanguage, h.f_name),
    asks_if_real: anyAsksIfReal(unanswered(history)),
    protect,
  };
}

/** The member's texts since the profile last wrote: what an operator is about to answer. */
function unanswered(history: StaffChatMessage[]): (string | null)[] {
  const texts: (string | null)[] = [];
  for (let i = history.length - 1; i >= 0 && history[i].from === 'member'; i--) texts.push(history[i].text);
  return texts;
}

export function toStaffMessage(row: MessageRow, fictionalProfileId: number): StaffChatMessage {
  return {
    id: row.id,
    from: row.sender_profile_id === fictionalProfileId ? 'profile' : 'member',
    kind: row.kind,
    text: row.body,
    gift: row.gift,
    photo: row.photo_filename && row.photo_thumb ? { filename: row.photo_filename, thumb_filename: row.photo_thumb } : null,
    created_at: row.created_at,
  };
}

type NoteRow = Pick<Tables['staff_notes'], 'id' | 'subject_type' | 'subject_id' | 'body' | 'created_at'> & {
  subject_type: 'member' | 'profile';
  author: Tables['staff']['name'];
};
const toNote = (r: NoteRow): StaffNote => ({
  id: r.id,
  subject_type: r.subject_type,
  subject_id: r.subject_id,
  body: r.body,
  author: r.author,
  created_at: r.created_at,
});

/** The answer screen's reads, with the read's own audit row. */
function screenBatch(db: D1Database, ref: AnsweringRef, now: Date, audited: D1PreparedStatement) {
  return namedBatch(db, [
    ['head', rows<HeadRow>(db.prepare(SCREEN_SQL.head).bind(ref.id, ref.memberProfileId, now.toISOString()))],
    ['memberPhotos', rows<PhotoRow>(db.prepare(SCREEN_SQL.photos).bind(ref.brand, ref.memberProfileId))],
    [
      'interests',
      rows<Pick<Tables['profile_interests'], 'interest_id'>>(db.prepare(SCREEN_SQL.interests).bind(ref.memberProfileId, ref.brand)),
    ],
    ['profilePhotos', rows<PhotoRow>(db.prepare(SCREEN_SQL.photos).bind(ref.brand, ref.fictionalProfileId))],
    ['member', rows<Pick<Tables['members'], 'status' | 'invisible'>>(db.prepare(SCREEN_SQL.member).bind(ref.memberId, ref.brand))],
    ['memberNotes', rows<NoteRow>(db.prepare(SCREEN_SQL.notes).bind(ref.brand, 'member', ref.memberId))],
    ['profileNotes', rows<NoteRow>(db.prepare(SCREEN_SQL.notes).bind(ref.brand, 'profile', ref.fictionalProfileId))],
    [null, audited],
  ]);
}
