import { Hono } from 'hono';
import { EVERY_BRAND } from '../../../core/schemas/staff';
import type { AppEnv } from '../../context';
import { ApiFailure } from '../../errors';
import { requireStaffOn } from '../../auth/staff-session';
import { TENANTS } from '../../tenants';
import { brandsByDatabase } from '../../db/request-db';
import { staffOperation } from '../operation';
import { loadSchemeHealth } from './scheme-health';

/**
 * GET scheme-health.php (issue 44, item 7; docs/api/payments.md "Scheme health"): a brand's card figures per provider
 * and month for its admins (404 for a brand without a role, 403 below admin), every brand's (no brand) for owners.
 */
export const schemeHealthRoutes = new Hono<AppEnv>();

staffOperation(schemeHealthRoutes, 'get', '/api/staff/scheme-health.php', async (c, { query, staff }) => {
  let scope: string;
  if (query.brand !== undefined) {
    requireStaffOn(c, query.brand, 'admin');
    scope = query.brand;
  } else {
    if (!staff.roles.some((r) => r.brand === EVERY_BRAND && r.role === 'owner'))
      throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
    scope = EVERY_BRAND;
  }
  const groups = brandsByDatabase(c, scope === EVERY_BRAND ? TENANTS.map((t) => t.id) : [scope]);
  return loadSchemeHealth(groups, scope, c.get('now'));
});
