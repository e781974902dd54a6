import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { staffOperation } from '../operation';
import { loadSchemeHealth } from './scheme-health';
import { figuresScope } from './figures-scope';

/**
 * GET scheme-health.php (issue 44, item 7; docs/api/payments.md "Scheme health"): a brand's card figures per provider
 * and month for its admins (404 for a brand without a role, 403 below admin), every brand's (no brand) for owners.
 */
export const schemeHealthRoutes = new Hono<AppEnv>();

staffOperation(schemeHealthRoutes, 'get', '/api/staff/scheme-health.php', async (c, { query }) => {
  const { scope, groups } = figuresScope(c, query.brand);
  return loadSchemeHealth(groups, scope, c.get('now'));
});
