import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { pageText } from './page-calls';
import { operation } from '../http/operation';

/** pages.php: the long texts of the information, premium and pricing pages (core/schemas/pages.ts). */
export const pagesRoutes = new Hono<AppEnv>();

operation(pagesRoutes, 'get', '/api/pages.php', async (c, { query }) => {
  const text = pageText(c, query.page, query.lang ?? c.get('language'));
  // The price of a message follows the visitor's country, so only the browser may keep the answer.
  c.header('Cache-Control', 'private, max-age=600');
  c.header('Vary', 'Cookie');
  return text;
});
