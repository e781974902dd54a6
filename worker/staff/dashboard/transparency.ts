import { median } from '../../../core/rules/moderation';
import type { TransparencyMonth } from '../../../core/schemas/reports';
import { namedBatch, rows } from '../../db/batch';

/**
 * The transparency figures (DSA Art. 15 and 24; what acquirers ask of dating merchants): per month of one brand,
 * the notices received (floods not counted: they were refused), the moderation decisions (restrictions and
 * automated ones among them), the appeals (and how many reversed the decision), and the median hours from a notice
 * to its decision, over the notices decided that month. The last 12 months, newest first; months without anything
 * are left out.
 */

const MONTHS = 12;
const month = (column: string) => `strftime('%Y-%m', ${column})`;

export async function transparencyFigures(db: D1Database, brand: string, now: Date): Promise<TransparencyMonth[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1)).toISOString();
  const { notices, decisions, appeals, waits } = await namedBatch(db, [
    [
      'notices',
      rows<{ month: string; n: number }>(
        db
          .prepare(
            `SELECT ${month('created_at')} AS month, COUNT(*) AS n FROM reports WHERE tenant_id = ? AND created_at >= ? AND state != 'flood' GROUP BY 1`,
          )
          .bind(brand, since),
      ),
    ],
    [
      'decisions',
      rows<{ month: string; n: number; restrictions: number; automated: number }>(
        db
          .prepare(
            `SELECT ${month('created_at')} AS month, COUNT(*) AS n, SUM(action != 'no_action') AS restrictions, SUM(automated) AS automated
               FROM moderation_decisions WHERE tenant_id = ? AND created_at >= ? GROUP BY 1`,
          )
          .bind(brand, since),
      ),
    ],
    [
      'appeals',
      rows<{ month: string; n: number; reversed: number }>(
        db
          .prepare(
            `SELECT ${month('created_at')} AS month, COUNT(*) AS n, SUM(state = 'reversed') AS reversed FROM appeals WHERE tenant_id = ? AND created_at >= ? GROUP BY 1`,
          )
          .bind(brand, since),
      ),
    ],
    [
      'waits',
      rows<{ month: string; hours: number }>(
        db
          .prepare(
            `SELECT ${month('decided_at')} AS month, (julianday(decided_at) - julianday(created_at)) * 24 AS hours
               FROM reports WHERE tenant_id = ? AND state = 'decided' AND decided_at >= ?`,
          )
          .bind(brand, since),
      ),
    ],
  ]);
  const months = new Set([...notices.results, ...decisions.results, ...appeals.results, ...waits.results].map((r) => r.month));
  return [...months]
    .sort()
    .reverse()
    .map((m) => {
      const d = decisions.results.find((r) => r.month === m);
      const a = appeals.results.find((r) => r.month === m);
      const hours = median(waits.results.filter((r) => r.month === m).map((r) => r.hours));
      return {
        month: m,
        notices: notices.results.find((r) => r.month === m)?.n ?? 0,
        decisions: d?.n ?? 0,
        restrictions: d?.restrictions ?? 0,
        automated: d?.automated ?? 0,
        appeals: a?.n ?? 0,
        reversed: a?.reversed ?? 0,
        median_hours_to_decision: hours === null ? null : Math.round(hours * 10) / 10,
      };
    });
}
