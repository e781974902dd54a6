import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { brandEnvFor } from '../../db/request-db';
import { tenantById } from '../../tenants';
import { staffOperation } from '../operation';
import { sendNews } from './news';

/** Back office: a brand's news to the members who chose it (issue 46, item 13; core/contract/news-staff-ops.ts). */
export const newsRoutes = new Hono<AppEnv>();

staffOperation(newsRoutes, 'post', '/api/staff/news.php', async (c, { body, staff, brand }) => {
  // The contract's scope checked the caller's admin role on this brand; an unknown brand answered 404 there.
  const tenant = tenantById(brand)!;
  return sendNews(brandEnvFor(c, brand), tenant, staff.id, body, c.get('now'));
});
