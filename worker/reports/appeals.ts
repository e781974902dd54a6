import { canAppeal } from '../../core/rules/moderation';
import type { Tables } from '../db/tables';
import { ApiFailure } from '../errors';

/**
 * Appeals (DSA Art. 20): the member's own statement of reasons, within six months, once. The INSERT decides all of
 * it in one statement (owner, window, one per statement); only a refusal reads again, to say why.
 */
export async function fileAppeal(
  db: D1Database,
  tenantId: string,
  memberId: number,
  input: { statement_id: number; text: string },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO appeals (tenant_id, statement_id, member_id, body, created_at)
       SELECT s.tenant_id, s.id, s.member_id, ?1, ?2 FROM statements_of_reasons s
        WHERE s.id = ?3 AND s.tenant_id = ?4 AND s.member_id = ?5 AND s.appeal_until >= ?2
       ON CONFLICT (statement_id) DO NOTHING RETURNING id`,
    )
    .bind(input.text, at, input.statement_id, tenantId, memberId)
    .first<{ id: number }>();
  if (row) return row.id;
  const statement = await db
    .prepare(
      'SELECT s.appeal_until, (SELECT 1 FROM appeals a WHERE a.statement_id = s.id) AS appealed FROM statements_of_reasons s WHERE s.id = ? AND s.tenant_id = ? AND s.member_id = ?',
    )
    .bind(input.statement_id, tenantId, memberId)
    .first<Pick<Tables['statements_of_reasons'], 'appeal_until'> & { appealed: number | null }>();
  // Another member's statement answers as one that does not exist.
  if (!statement) throw new ApiFailure(404, 'statement_not_found', 'errors.statement_not_found');
  if (statement.appealed) throw new ApiFailure(409, 'appeal_exists', 'errors.appeal_exists');
  if (!canAppeal(new Date(statement.appeal_until), now)) throw new ApiFailure(409, 'appeal_window_closed', 'errors.appeal_window_closed');
  throw new ApiFailure(409, 'appeal_exists', 'errors.appeal_exists');
}
