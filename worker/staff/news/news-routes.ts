import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { brandEnvFor } from '../../db/request-db';
import { tenantById } from '../../tenants';
import { staffOperation } from '../operation';
import { latestNews, newsAudience, queueNews } from './news';

/** Back office: a brand's news to the members who chose it (issue 46, item 13; core/contract/news-staff-ops.ts). */
export const newsRoutes = new Hono<AppEnv>();

// The contract's scope checked the caller's admin role on the brand; an unknown brand answered 404 there.
staffOperation(newsRoutes, 'get', '/api/staff/news.php', async (c, { brand }) => {
  const db = brandEnvFor(c, brand).DB;
  const [audience, posts] = await Promise.all([newsAudience(db, brand), latestNews(db, c.env.DB, brand)]);
  return { audience, posts };
});

staffOperation(newsRoutes, 'post', '/api/staff/news.php', async (c, { body, staff, brand }) => {
  const tenant = tenantById(brand)!;
  return queueNews(brandEnvFor(c, brand), tenant, staff.id, body, c.get('now'));
});
