import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../core/contract/operations';
import { api } from '../../worker/api/routes';
import { fetchBrand } from './helpers';

// Hono lists a sub-app's routes with their full path; middleware (`use`) shows up with the method ALL.
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
const registered = () =>
  new Set(api.routes.filter((r) => METHODS.has(r.method) && /^\/[a-z0-9-]+\.php$/.test(r.path)).map((r) => `${r.method} /api${r.path}`));
const documented = () => new Set(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`));

describe('the /api/*.php contract (core/contract)', () => {
  it('describes every /api/*.php route of the Worker, and no route it does not have', () => {
    const routes = registered();
    expect(routes.size).toBeGreaterThan(50);
    expect(
      [...routes].filter((r) => !documented().has(r)),
      'routes without a contract',
    ).toEqual([]);
    expect(
      [...documented()].filter((r) => !routes.has(r)),
      'contract calls without a route',
    ).toEqual([]);
  });

  it('GET /api/openapi.json serves the OpenAPI 3.1 document with every call and the error shape', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(new Set(listed)).toEqual(documented());
    // A member call without a session: 403 authentication_required, in the one error shape.
    const refused = doc.paths['/api/chats.php'].get.responses['403'].content!['application/json'].schema as {
      properties: { error: { properties: { code: { enum: string[] }; message: unknown } } };
    };
    expect(refused.properties.error.properties.code.enum).toContain('authentication_required');
    expect(refused.properties.error.properties.message).toEqual({ type: 'string' });
  });

  it('GET /api/docs shows a reference page of the document in local mode', async () => {
    const res = await fetchBrand('flirtlokaal', '/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/chat.php');
    expect(html).toContain('insufficient_credits');
    expect(html).not.toContain('<script');
    // One section per operation, linked from the index; the schemas are shown as escaped JSON.
    const sections = [...html.matchAll(/<section id="([^"]+)">/g)].map((m) => m[1]);
    expect(sections.length).toBeGreaterThan(30);
    for (const id of sections) expect(html).toContain(`<a href="#${id}">`);
    expect(html).toMatch(/<pre>\{\n {2}&quot;/);
  });
});
