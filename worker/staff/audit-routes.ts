import { Hono } from 'hono';
import { EVERY_BRAND } from '../../core/schemas/staff';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { auditPage } from './audit-log';
import { brandsWhere, isBrand, roleOn } from '../auth/staff-session';
import { brandDb, brandsByDatabase, staffDb } from '../db/request-db';
import { staffOperation } from './operation';

/**
 * GET audit.php: the staff audit log, newest first, for admins (the entries of their brands) and owners (every
 * entry, the deployment-wide ones without a brand included: logins, logouts, sessions, setups).
 */
export const staffAuditRoutes = new Hono<AppEnv>();

staffOperation(staffAuditRoutes, 'get', '/api/staff/audit.php', async (c, { query, staff }) => {
  const owner = staff.roles.some((r) => r.brand === EVERY_BRAND && r.role === 'owner');
  const adminOf = brandsWhere(staff, 'admin');
  // As requireStaffOn: a brand that does not exist answers 404 for every role.
  if (query.brand !== undefined && !isBrand(query.brand)) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
  if (!owner && adminOf.length === 0) throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  // As requireStaffOn: a brand without any role of the caller is answered like one that does not exist.
  if (query.brand !== undefined && !owner && !adminOf.includes(query.brand)) {
    if (!roleOn(staff, query.brand)) throw new ApiFailure(404, 'not_found', 'errors.api_not_found');
    throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
  }
  // A brand's entries are in its database (written with what they record); the deployment-wide ones in the default.
  // Without a brand: an admin whose brands share one database reads that one; else the default database.
  const [first, ...rest] = owner ? [] : brandsByDatabase(c, adminOf);
  const db = query.brand !== undefined ? brandDb(c, query.brand) : first && rest.length === 0 ? first.db : staffDb(c.env);
  return auditPage(db, staffDb(c.env), { ...query, brands: owner ? undefined : adminOf });
});
