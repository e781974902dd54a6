import { AUDIT_PAGE_SIZE } from '../../core/schemas/staff';
import type { AuditPage } from '../../core/schemas/staff-answers';
import type { Tables } from '../db/tables';

// The staff audit log as GET /api/staff/audit.php reads it (worker/staff/audit-routes.ts decides who sees what).

type Row = Tables['staff_audit'] & { staff_name: Tables['staff']['name'] | null };

export interface AuditFilter {
  /** Only this brand's entries. */
  brand?: string;
  /** Else only these brands' (an admin's); neither: every entry (owners). */
  brands?: string[];
  staff_id?: number;
  action?: string;
  /** The page after this entry id (older). */
  before?: number;
}

/**
 * One page of the log, newest first, read from `db` (a brand's entries are in its database, the deployment-wide
 * ones in the default). Staff accounts live in the default database (`staffDb`): a brand database's entries get
 * their names from there.
 */
export async function auditPage(db: D1Database, staffDb: D1Database, filter: AuditFilter): Promise<AuditPage> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.brand !== undefined) {
    where.push('a.brand = ?');
    params.push(filter.brand);
  } else if (filter.brands) {
    where.push(`a.brand IN (${filter.brands.map(() => '?').join(', ')})`);
    params.push(...filter.brands);
  }
  if (filter.staff_id !== undefined) {
    where.push('a.staff_id = ?');
    params.push(filter.staff_id);
  }
  if (filter.action !== undefined) {
    where.push('a.action = ?');
    params.push(filter.action);
  }
  if (filter.before !== undefined) {
    where.push('a.id < ?');
    params.push(filter.before);
  }
  const { results } = await db
    .prepare(
      `SELECT a.id, a.staff_id, s.name AS staff_name, a.brand, a.action, a.target_type, a.target_id, a.detail, a.created_at
         FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.id DESC LIMIT ?`,
    )
    .bind(...params, AUDIT_PAGE_SIZE + 1)
    .all<Row>();
  const page = results.slice(0, AUDIT_PAGE_SIZE);
  if (db !== staffDb) {
    const ids = JSON.stringify([...new Set(page.map((r) => r.staff_id).filter((id) => id !== null))]);
    const { results: names } = await staffDb
      .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
      .bind(ids)
      .all<Pick<Tables['staff'], 'id' | 'name'>>();
    for (const r of page) r.staff_name = names.find((n) => n.id === r.staff_id)?.name ?? r.staff_name;
  }
  return {
    entries: page.map((r) => ({
      id: r.id,
      staff: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '' },
      brand: r.brand,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
      created_at: r.created_at,
    })),
    next_before: results.length > AUDIT_PAGE_SIZE ? page[page.length - 1].id : null,
  };
}
