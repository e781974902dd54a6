import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../core/contract/operations';
import { STAFF_OPERATIONS } from '../../core/contract/staff-ops';
import { api } from '../../worker/api/routes';
import { fetchBrand } from './helpers';

// Hono lists a sub-app's routes with their full path; middleware (`use`) shows up with the method ALL.
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
const registeredUnder = (folder: RegExp) =>
  new Set(api.routes.filter((r) => METHODS.has(r.method) && folder.test(r.path)).map((r) => `${r.method} /api${r.path}`));
const registered = () => registeredUnder(/^\/[a-z0-9-]+\.php$/);
const documented = () => new Set(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`));
const staffRegistered = () => registeredUnder(/^\/staff\/[a-z0-9-]+\.php$/);
const staffDocumented = () => new Set(STAFF_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`));

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

  it('describes every /api/staff/*.php route of the Worker too, and no staff route it does not have', () => {
    const routes = staffRegistered();
    expect(routes.size).toBeGreaterThan(40);
    expect(
      [...routes].filter((r) => !staffDocumented().has(r)),
      'staff routes without a contract',
    ).toEqual([]);
    expect(
      [...staffDocumented()].filter((r) => !routes.has(r)),
      'staff contract calls without a route',
    ).toEqual([]);
    // Every staff call has an answer schema for its success (the live socket's 101 and a file download, the order's
    // evidence pack, aside) and no contract-suite run.
    for (const op of STAFF_OPERATIONS) {
      const answers = Object.entries(op.responses);
      expect(
        answers.some(([status, a]) => status === '101' || 'schema' in a || 'media' in a),
        `${op.method} ${op.path} output schema`,
      ).toBe(true);
      expect('contract' in op, `${op.method} ${op.path} has no x-contract`).toBe(false);
    }
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
    expect(new Set(listed)).toEqual(new Set([...documented(), ...staffDocumented()]));
    // A member call without a session: 403 authentication_required, in the one error shape.
    const refused = doc.paths['/api/chats.php'].get.responses['403'].content!['application/json'].schema as {
      properties: { error: { properties: { code: { enum: string[] }; message: unknown } } };
    };
    expect(refused.properties.error.properties.code.enum).toContain('authentication_required');
    expect(refused.properties.error.properties.message).toEqual({ type: 'string' });
    // A staff call: the staff session cookie as its own security scheme, 401 without it; no contract-suite run.
    const doc2 = doc as unknown as {
      components: { securitySchemes: Record<string, { in: string; name: string }> };
      paths: Record<string, Record<string, { security: Record<string, string[]>[]; tags: string[]; responses: Record<string, unknown> }>>;
    };
    expect(doc2.components.securitySchemes.staffSession).toMatchObject({ in: 'cookie', name: 'staff_session' });
    const queue = doc2.paths['/api/staff/queue.php'].get;
    expect(queue.security).toEqual([{ staffSession: [] }]);
    expect(queue.tags).toEqual(['staff']);
    expect(Object.keys(queue.responses)).toContain('401');
    expect('x-contract' in queue).toBe(false);
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
