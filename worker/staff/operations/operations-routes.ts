import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { brandsByDatabase } from '../../db/request-db';
import { staffOperation } from '../operation';
import { loadOperations } from './operations';

/**
 * GET operations.php (issue 48 item 7; README "Reading the operations screen"): the running site's figures for
 * owners only: a brand's for its owners (404 for a brand without a role, 403 below owner), every brand they own
 * without one (403 for staff who own none).
 */
export const operationsRoutes = new Hono<AppEnv>();

staffOperation(operationsRoutes, 'get', '/api/staff/operations.php', async (c, { query, brands }) =>
  loadOperations(brandsByDatabase(c, brands), query.period, c.get('now')),
);
