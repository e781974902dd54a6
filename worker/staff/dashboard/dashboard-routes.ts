import { Hono } from 'hono';
import { EVERY_BRAND } from '../../../core/schemas/staff';
import { DASHBOARD_DAYS } from '../../../core/schemas/staff-dashboard';
import type { AppEnv } from '../../context';
import { ApiFailure } from '../../errors';
import { addDays } from './compute';
import { loadDashboard } from './read';
import { requireStaffOn } from '../../auth/staff-session';
import { TENANTS } from '../../tenants';
import { brandsByDatabase } from '../../db/request-db';
import { staffOperation } from '../operation';

/**
 * GET dashboard.php (issue 15, item 5; docs/api/staff.md "Back office: figures"): a brand's figures for its admins
 * (404 for a brand without a role, 403 below admin), the whole deployment's (no brand) for owners only.
 */
export const dashboardRoutes = new Hono<AppEnv>();

staffOperation(dashboardRoutes, 'get', '/api/staff/dashboard.php', async (c, { query, staff }) => {
  let scope: string;
  if (query.brand !== undefined) {
    requireStaffOn(c, query.brand, 'admin');
    scope = query.brand;
  } else {
    if (!staff.roles.some((r) => r.brand === EVERY_BRAND && r.role === 'owner'))
      throw new ApiFailure(403, 'staff_forbidden', 'errors.staff_forbidden');
    scope = EVERY_BRAND;
  }
  const now = c.get('now');
  const today = now.toISOString().slice(0, 10);
  const oldest = addDays(today, -(DASHBOARD_DAYS - 1));
  const to = query.to ?? today;
  const from = query.from ?? oldest;
  const fields: Record<string, string> = {};
  if (from < oldest || from > today) fields.from = 'validation.date_out_of_range';
  if (to < oldest || to > today) fields.to = 'validation.date_out_of_range';
  if (!fields.from && !fields.to && from > to) fields.from = 'validation.date_order';
  // The texts name the 90 days (DASHBOARD_DAYS): field messages are translated without values.
  if (Object.keys(fields).length) throw new ApiFailure(400, 'validation_failed', 'validation.failed', fields);
  // The whole deployment's figures are read from every database, a brand's from its own (decision 009).
  const groups = brandsByDatabase(c, scope === EVERY_BRAND ? TENANTS.map((t) => t.id) : [scope]);
  return loadDashboard(groups, scope, from, to, now);
});
