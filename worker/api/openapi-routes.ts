import { Hono } from 'hono';
import { buildOpenApiDocument } from '../../core/contract/openapi';
import { isLocal, type AppEnv } from '../context';
import { referencePage } from './openapi-page';

/**
 * GET /api/openapi.json: the /api/*.php contract as OpenAPI 3.1 (core/contract), what a brand's upstream must
 * implement. GET /api/docs: a readable reference page of it, in local mode only. Neither path ends in .php, so
 * proxy mode never forwards them.
 */
export const openApiRoutes = new Hono<AppEnv>();

// Generated on the first request of an isolate, then kept: the schemas do not change while it lives.
let cached: { json: string; document: ReturnType<typeof buildOpenApiDocument> } | null = null;
function contract() {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}

openApiRoutes.get('/openapi.json', (c) =>
  c.body(contract().json, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
);

openApiRoutes.get('/docs', (c) => {
  if (!isLocal(c.env)) return c.notFound();
  return c.html(referencePage(contract().document), 200, { 'Cache-Control': 'no-store' });
});
