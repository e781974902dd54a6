import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { brandEnvFor, staffDb } from '../../db/request-db';
import { decideAppeal } from '../../reports/appeal-decision';
import { decideReport } from '../../reports/decide';
import { appealQueue, reportQueue } from '../../reports/queue';
import { tenantById } from '../../tenants';
import { transparencyFigures } from '../dashboard/transparency';
import { staffOperation } from '../operation';

/**
 * Back office: notices and appeals (issue 45 items 6-8, docs/api/reports.md), for the brand's moderators (and up);
 * the transparency figures for its admins. The brand named in the call, else the host's.
 */
export const noticesRoutes = new Hono<AppEnv>();

const tenantOf = (brand: string) => tenantById(brand)!;

staffOperation(noticesRoutes, 'get', '/api/staff/reports.php', async (c, { brand }) =>
  reportQueue(brandEnvFor(c, brand).DB, tenantOf(brand), c.get('now')),
);

staffOperation(noticesRoutes, 'post', '/api/staff/report-decision.php', async (c, { body, staff, brand }) =>
  decideReport(brandEnvFor(c, brand), staff, tenantOf(brand), body, c.get('now')),
);

staffOperation(noticesRoutes, 'get', '/api/staff/appeals.php', async (c, { brand }) =>
  appealQueue(brandEnvFor(c, brand).DB, staffDb(c.env), tenantOf(brand), c.get('now')),
);

staffOperation(noticesRoutes, 'post', '/api/staff/appeal-decision.php', async (c, { body, staff, brand }) =>
  decideAppeal(brandEnvFor(c, brand), staff, tenantOf(brand), body, c.get('now')),
);

staffOperation(noticesRoutes, 'get', '/api/staff/transparency.php', async (c, { brand }) => ({
  brand,
  months: await transparencyFigures(brandEnvFor(c, brand).DB, brand, c.get('now')),
}));
