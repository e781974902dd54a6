import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../context';
import { ApiFailure } from '../errors';
import { logSink } from '../log';
import { TENANTS } from '../tenants';
import { requestLog } from './request-log';

// Issue 48 item 6: the request's line carries no personal data, whatever the request carried.

const EMAIL = 'jane.doe@example.com';
const IP = '198.51.100.23';
const TOKEN = 'sessiontoken0123456789abcdef';
const TEXT = 'my phone number is 0612345678';

function app() {
  const a = new Hono<AppEnv>();
  a.use(async (c, next) => {
    c.set('requestId', 'req-1');
    c.set('now', new Date('2026-06-15T12:00:00Z'));
    await next();
  });
  a.use(requestLog());
  a.use(async (c, next) => {
    c.set('tenant', TENANTS[0]);
    c.set('member', { id: 4242, email: EMAIL, tenantId: TENANTS[0].id } as never);
    c.set('staff', null);
    await next();
  });
  a.post('/members/4242', async (c) => c.json({ ok: (await c.req.json()) !== null }));
  a.get('/api/user.php', () => {
    throw new ApiFailure(403, 'authentication_required', 'errors.authentication_required');
  });
  a.onError((error, c) => c.json({ error: String(error) }, error instanceof ApiFailure ? error.status : 500));
  return a;
}

// A D1 stand-in that takes the rollup's write and keeps nothing.
const DB = { prepare: () => ({ bind: () => ({ run: async () => ({}) }) }) };
const env = { APP_SECRET: 'unit-secret-0123456789-0123456789-0123', DB } as unknown as Env;

describe('the request log line', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names route, status and a hashed member id, and no e-mail, IP, token, id or message text', async () => {
    const lines: string[] = [];
    vi.spyOn(logSink, 'write').mockImplementation((_level, line) => {
      lines.push(line);
    });
    const headers = { 'cf-connecting-ip': IP, 'X-Forwarded-For': IP, Cookie: `auth=${TOKEN}`, Authorization: `Bearer ${TOKEN}` };
    await app().request(
      `/members/4242?email=${encodeURIComponent(EMAIL)}`,
      { method: 'POST', headers, body: JSON.stringify({ text: TEXT }) },
      env,
    );
    await app().request(`/api/user.php?token=${TOKEN}`, { headers }, env);
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    const [page, refused] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(page).toMatchObject({ message: 'request', route: '/members/:id', status: 200, method: 'POST', brand: TENANTS[0].id });
    expect(page.member).toMatch(/^[0-9a-f]{16}$/);
    expect(refused).toMatchObject({
      level: 'warn',
      route: '/api/user.php',
      status: 403,
      errorClass: 'ApiFailure',
      errorCode: 'authentication_required',
    });
    const all = lines.join('\n');
    for (const secret of [EMAIL, IP, TOKEN, TEXT, '4242', 'jane']) expect(all).not.toContain(secret);
  });
});
