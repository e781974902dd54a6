import { Hono } from 'hono';
import { AUDIT_PAGE_SIZE, AuditQuerySchema, EVERY_BRAND, type AuditEntry, type AuditPage } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { ApiFailure, parseOrFail } from '../../errors';
import { brandsWhere, isBrand, requireStaff, roleOn } from '../../staff/session';
import { brandDb, brandsByDatabase, staffDb } from '../../db/request-db';
import type { Tables } from '../../db/tables';

/**
 * GET audit.php: the staff audit log, newest first, for admins (the entries of their brands) and owners (every
 * entry, the deployment-wide ones without a brand included: logins, logouts, sessions, setups).
 */
export const staffAuditRoutes = new Hono<AppEnv>();

type Row = Tables['staff_audit'] & { staff_name: Tables['staff']['name'] | null };

staffAuditRoutes.get('/audit.php', async (c) => {
  const staff = requireStaff(c);
  const query = parseOrFail(AuditQuerySchema, c.req.query());
  const owner = staff.roles.some((r) => r.brand === EVERY_BRAND && r.role === 'owner');
  const adminOf = brandsWhere(staff, 'admin');
  // As requireStaffOn: a brand that does not exist answers 404 for every role.
  if (query.brand !== undefined && !isBrand(query.brand)) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  if (!owner && adminOf.length === 0) throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');

  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.brand !== undefined) {
    // As requireStaffOn: a brand without any role of the caller is answered like one that does not exist.
    if (!owner && !adminOf.includes(query.brand)) {
      if (!roleOn(staff, query.brand)) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
      throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
    }
    where.push('a.brand = ?');
    params.push(query.brand);
  } else if (!owner) {
    where.push(`a.brand IN (${adminOf.map(() => '?').join(', ')})`);
    params.push(...adminOf);
  }
  if (query.staff_id !== undefined) {
    where.push('a.staff_id = ?');
    params.push(query.staff_id);
  }
  if (query.action !== undefined) {
    where.push('a.action = ?');
    params.push(query.action);
  }
  if (query.before !== undefined) {
    where.push('a.id < ?');
    params.push(query.before);
  }
  // A brand's entries are in its database (written with what they record); the deployment-wide ones in the default.
  // Without a brand: an admin whose brands share one database reads that one; else the default database.
  const [first, ...rest] = owner ? [] : brandsByDatabase(c, adminOf);
  const db = query.brand !== undefined ? brandDb(c, query.brand) : first && rest.length === 0 ? first.db : staffDb(c.env);
  const { results } = await db
    .prepare(
      `SELECT a.id, a.staff_id, s.name AS staff_name, a.brand, a.action, a.target_type, a.target_id, a.detail, a.created_at
         FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.id DESC LIMIT ?`,
    )
    .bind(...params, AUDIT_PAGE_SIZE + 1)
    .all<Row>();
  const page = results.slice(0, AUDIT_PAGE_SIZE);
  // Staff accounts live in the default database: a brand database's entries get their names from there.
  if (db !== staffDb(c.env)) {
    const ids = JSON.stringify([...new Set(page.map((r) => r.staff_id).filter((id) => id !== null))]);
    const { results: names } = await staffDb(c.env)
      .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
      .bind(ids)
      .all<Pick<Tables['staff'], 'id' | 'name'>>();
    for (const r of page) r.staff_name = names.find((n) => n.id === r.staff_id)?.name ?? r.staff_name;
  }
  const entries: AuditEntry[] = page.map((r) => ({
    id: r.id,
    staff: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '' },
    brand: r.brand,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
    created_at: r.created_at,
  }));
  const body: AuditPage = { entries, next_before: results.length > AUDIT_PAGE_SIZE ? page[page.length - 1].id : null };
  return c.json(body);
});
