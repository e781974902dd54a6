import { Hono } from 'hono';
import { DASHBOARD_DAYS } from '../../../core/schemas/staff-dashboard';
import type { AppEnv } from '../../context';
import { ApiFailure } from '../../errors';
import { addDays } from './compute';
import { loadDashboard } from './read';
import { staffOperation } from '../operation';
import { figuresScope } from './figures-scope';

/**
 * GET dashboard.php (issue 15, item 5; docs/api/staff.md "Back office: figures"): a brand's figures for its admins
 * (404 for a brand without a role, 403 below admin), the whole deployment's (no brand) for owners only.
 */
export const dashboardRoutes = new Hono<AppEnv>();

staffOperation(dashboardRoutes, 'get', '/api/staff/dashboard.php', async (c, { query }) => {
  const { scope, groups } = figuresScope(c, query.brand);
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
  return loadDashboard(groups, scope, from, to, now);
});
