import { Hono } from 'hono';
import { PageQuerySchema, type PageText } from '../../core/schemas/pages';
import type { AppEnv } from '../context';
import { parseOrFail } from '../errors';
import { pageText } from '../calls/pages';

/** pages.php: the long texts of the information, premium and pricing pages (core/schemas/pages.ts). */
export const pagesRoutes = new Hono<AppEnv>();

pagesRoutes.get('/pages.php', (c) => {
  const query = parseOrFail(PageQuerySchema, c.req.query());
  // The price of a message follows the visitor's country, so only the browser may keep the answer.
  return c.json<PageText>(pageText(c, query.page, query.lang ?? c.get('language')), 200, {
    'Cache-Control': 'private, max-age=600',
    Vary: 'Cookie',
  });
});
