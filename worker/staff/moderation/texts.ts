import type { ModerationText, ModerationWordsResponse } from '../../../core/schemas/staff-back-office-answers';
import { ApiFailure } from '../../errors';
import { auditStatement, type StaffSession } from '../../auth/staff-session';
import type { Tables } from '../../db/tables';
import { namedBatch } from '../../db/batch';
import { decisionSteps, memberLanguage, returnedId } from '../../reports/statements';
import { tenantById } from '../../tenants';

/**
 * Profile texts in the moderation queue: a member's name or about that contains a word of the brand's list
 * (moderation_words, kept by admins), or a profile an open complaint names in `concerns` (members report a profile
 * through /complaints). A profile leaves the queue when a moderator approves its texts as they are (kept in
 * profile_text_reviews: an edit afterwards brings it back) or clears one of them. Members' profiles only: fictional
 * profiles are the brand's own texts.
 */

// lower() folds ASCII only: the list is stored lower case and matched against the lower-cased text.
const WORD_IN = `w.tenant_id = p.tenant_id AND (instr(lower(p.name), w.word) > 0 OR instr(lower(COALESCE(p.about, '')), w.word) > 0)`;
const NAMED_BY = `c.tenant_id = p.tenant_id AND c.state <> 'closed' AND c.concerns = CAST(p.id AS TEXT)`;

// Members' profiles only (member_id is set); words and complaints are JSON arrays (json_group_array).
type TextRow = Pick<Tables['profiles'], 'name' | 'about'> & {
  profile_id: Tables['profiles']['id'];
  member_id: number;
  words: string;
  complaints: string;
};

/** The brand's flagged profile texts not yet approved as they are now (at most 100). Staff only, never a member's path. */
export async function textQueue(db: D1Database, brand: string): Promise<ModerationText[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id AS profile_id, p.member_id, p.name, p.about,
              (SELECT json_group_array(w.word) FROM moderation_words w WHERE ${WORD_IN}) AS words,
              (SELECT json_group_array(c.id) FROM complaints c WHERE ${NAMED_BY}) AS complaints
         FROM profiles p
        WHERE p.tenant_id = ?1 AND p.member_id IS NOT NULL AND p.fictional = 0
          AND (EXISTS (SELECT 1 FROM moderation_words w WHERE ${WORD_IN}) OR EXISTS (SELECT 1 FROM complaints c WHERE ${NAMED_BY}))
          AND NOT EXISTS (SELECT 1 FROM profile_text_reviews r WHERE r.tenant_id = p.tenant_id AND r.profile_id = p.id AND r.name = p.name AND r.about IS p.about)
        ORDER BY p.id LIMIT 100`,
    )
    .bind(brand)
    .all<TextRow>();
  return results.map((r) => ({ ...r, words: JSON.parse(r.words) as string[], complaints: JSON.parse(r.complaints) as number[] }));
}

/**
 * Approves the texts the moderator saw, or clears one. One batch: the change only when the profile is a member's of
 * the brand and its texts are still the ones seen, then the review row and the audit row only when that held, and
 * for a clearing its decision and statement of reasons (DSA Art. 17). Returns that statement's id for the caller
 * to mail (null for an approval).
 */
export async function decideText(
  db: D1Database,
  staff: StaffSession,
  brand: string,
  d: { profile_id: number; decision: 'approve' | 'clear'; field?: 'name' | 'about'; name: string; about: string | null },
  now: Date,
): Promise<number | null> {
  if (d.decision === 'clear' && !d.field)
    throw new ApiFailure(400, 'validation_failed', 'validation.failed', { field: 'validation.field_required' });
  const at = now.toISOString();
  const seen = 'id = ?1 AND tenant_id = ?2 AND member_id IS NOT NULL AND fictional = 0 AND name = ?3 AND about IS ?4';
  // The name cannot be empty: a cleared name becomes the profile number until the member chooses another.
  const change =
    d.decision === 'approve'
      ? db.prepare(`UPDATE profiles SET name = name WHERE ${seen}`).bind(d.profile_id, brand, d.name, d.about)
      : d.field === 'about'
        ? db.prepare(`UPDATE profiles SET about = NULL WHERE ${seen}`).bind(d.profile_id, brand, d.name, d.about)
        : db.prepare(`UPDATE profiles SET name = '#' || id WHERE ${seen}`).bind(d.profile_id, brand, d.name, d.about);
  const owner =
    d.decision === 'clear'
      ? await db
          .prepare('SELECT p.member_id, m.language FROM profiles p JOIN members m ON m.id = p.member_id WHERE p.id = ? AND p.tenant_id = ?')
          .bind(d.profile_id, brand)
          .first<Pick<Tables['profiles'], 'member_id'> & Pick<Tables['members'], 'language'>>()
      : null;
  const statement = owner
    ? decisionSteps(db, {
        tenantId: brand,
        memberId: owner.member_id,
        language: memberLanguage(tenantById(brand)!, owner.language),
        action: 'remove_text',
        targetKind: 'profile',
        targetId: d.profile_id,
        ground: 'terms',
        explanation: (d.field === 'name' ? d.name : d.about) ?? null,
        automated: false,
        staffId: staff.id,
        reportId: null,
        now,
      })
    : [];
  // Each statement runs only if the one before changed a row: the change, then the approved texts, then the audit.
  const { changed, ...decided } = await namedBatch(db, [
    ['changed', change],
    [
      null,
      db
        .prepare(
          `INSERT INTO profile_text_reviews (tenant_id, profile_id, name, about, decided_by, decided_at)
       SELECT tenant_id, id, name, about, ?3, ?4 FROM profiles WHERE id = ?1 AND tenant_id = ?2 AND changes() = 1
       ON CONFLICT (tenant_id, profile_id) DO UPDATE SET name = excluded.name, about = excluded.about, decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
        )
        .bind(d.profile_id, brand, staff.id, at),
    ],
    [
      null,
      auditStatement(db, {
        staffId: staff.id,
        brand,
        action: d.decision === 'approve' ? 'profile_text_approve' : 'profile_text_clear',
        targetType: 'profile',
        targetId: d.profile_id,
        detail: d.decision === 'approve' ? undefined : { field: d.field, text: d.field === 'name' ? d.name : d.about },
        now,
        guard: { sql: 'changes() = 1', params: [] },
      }),
    ],
    ...statement,
  ]);
  if (changed.meta.changes === 1) return returnedId((decided as Record<string, D1Result | undefined>).statement);
  const exists = await db
    .prepare('SELECT 1 AS ok FROM profiles WHERE id = ? AND tenant_id = ? AND member_id IS NOT NULL AND fictional = 0')
    .bind(d.profile_id, brand)
    .first();
  if (!exists) throw new ApiFailure(404, 'profile_not_found', 'errors.profile_not_found');
  throw new ApiFailure(409, 'text_changed', 'errors.text_changed');
}

export async function listWords(db: D1Database, brand: string): Promise<ModerationWordsResponse> {
  const { results } = await db
    .prepare('SELECT word, created_at FROM moderation_words WHERE tenant_id = ? ORDER BY word')
    .bind(brand)
    .all<Pick<Tables['moderation_words'], 'word' | 'created_at'>>();
  return { words: results };
}

/** Adds or removes a word of the brand's list (admins); audited only when the list changed. */
export async function changeWord(
  db: D1Database,
  staff: StaffSession,
  brand: string,
  word: string,
  add: boolean,
  now: Date,
): Promise<ModerationWordsResponse> {
  await db.batch([
    add
      ? db
          .prepare('INSERT INTO moderation_words (tenant_id, word, created_by, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
          .bind(brand, word, staff.id, now.toISOString())
      : db.prepare('DELETE FROM moderation_words WHERE tenant_id = ? AND word = ?').bind(brand, word),
    auditStatement(db, {
      staffId: staff.id,
      brand,
      action: add ? 'moderation_word_add' : 'moderation_word_remove',
      targetType: 'moderation_word',
      targetId: word,
      now,
      guard: { sql: 'changes() = 1', params: [] },
    }),
  ]);
  return listWords(db, brand);
}
