import type { StaffFigures } from '../../../core/schemas/staff-answers';
import { WAITING_COUNT_SQL } from './queue';
import type { BrandGroup } from '../../db/request-db';
import { namedBatchPerDatabase, rows } from '../../db/batch';
import type { Tables } from '../../db/tables';

// ANSWERED_SQL: waited_ms is set. The staff member's name is filled in from the staff database after the batch.
type AnswerRow = Pick<Tables['staff_messages'], 'tenant_id' | 'staff_id'> & { waited_ms: number; name: Tables['staff']['name'] };

/** The value below which `q` of the sorted values lie (nearest rank); null without values. */
export function percentile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * What counts as an answer, here and in the daily figures (worker/staff/dashboard): a staff reply to a waiting
 * member, i.e. a staff_messages row with waited_ms; first messages and follow-ups (nobody waited) have none.
 */
export const ANSWERED_SQL = 'sm.waited_ms IS NOT NULL';

/** Median and p90 (nearest rank) of answer times, the one definition the queue screen and the dashboard share. */
export const answerSpread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
};

/**
 * Waiting now, answered today (UTC) and the time to answer (median, p90) per brand and per operator, from
 * staff_messages: a reply to a waiting member has waited_ms; first messages and follow-ups (nobody waited) do not
 * count as answers. Reads the day's rows through staff_messages_day, one brand at a time.
 */
export async function loadFigures(groups: BrandGroup[], staffDb: D1Database, brand: string | null, now: Date): Promise<StaffFigures> {
  const dayStart = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const brands = groups.flatMap((g) => g.brands);
  // One batch per database (worker/db/request-db.ts); staff names from staffDb, where the staff accounts are.
  const results = await namedBatchPerDatabase(
    groups,
    (db, b) =>
      [
        [`waiting:${b}`, rows<{ n: number }>(db.prepare(WAITING_COUNT_SQL).bind(b))],
        [
          `answers:${b}`,
          rows<AnswerRow>(
            db
              .prepare(
                `SELECT sm.tenant_id, sm.staff_id, sm.waited_ms FROM staff_messages sm WHERE sm.tenant_id = ? AND sm.created_at >= ? AND ${ANSWERED_SQL}`,
              )
              .bind(b, dayStart),
          ),
        ],
      ] as const,
  );
  const answers = brands.flatMap((b) => results[`answers:${b}`].results);
  const staffIds = [...new Set(answers.map((row) => row.staff_id))];
  const { results: staffRows } = staffIds.length
    ? await staffDb
        .prepare(`SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))`)
        .bind(JSON.stringify(staffIds))
        .all<Pick<Tables['staff'], 'id' | 'name'>>()
    : { results: [] };
  const names = new Map(staffRows.map((r) => [r.id, r.name]));
  for (const row of answers) row.name = names.get(row.staff_id) ?? '';
  const perBrand: StaffFigures['per_brand'] = [];
  const all: AnswerRow[] = [];
  let waitingNow = 0;
  brands.forEach((b) => {
    const waiting = results[`waiting:${b}`].results[0].n;
    const rows = results[`answers:${b}`].results;
    const { median, p90 } = answerSpread(rows.map((r) => r.waited_ms));
    perBrand.push({ brand: b, waiting_now: waiting, answered_today: rows.length, median_ms: median, p90_ms: p90 });
    waitingNow += waiting;
    all.push(...rows);
  });
  const byStaff = new Map<number, AnswerRow[]>();
  for (const row of all) byStaff.set(row.staff_id, [...(byStaff.get(row.staff_id) ?? []), row]);
  const perOperator = [...byStaff.entries()]
    .map(([staffId, rows]) => {
      const { median, p90 } = answerSpread(rows.map((r) => r.waited_ms));
      return { staff_id: staffId, name: rows[0].name, answered_today: rows.length, median_ms: median, p90_ms: p90 };
    })
    .sort((a, b) => b.answered_today - a.answered_today || a.staff_id - b.staff_id);
  const total = answerSpread(all.map((r) => r.waited_ms));
  return { brand, waiting_now: waitingNow, answered_today: all.length, answer_ms: total, per_brand: perBrand, per_operator: perOperator };
}
