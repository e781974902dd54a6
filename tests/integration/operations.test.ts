import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rollupBucket } from '../../core/rules/latency';
import type { Operations } from '../../core/schemas/staff-operations';
import { logSink } from '../../worker/log';
import { checkOperations } from '../../worker/observe/alerts';
import { TENANTS } from '../../worker/tenants';
import { createMember, dbOf, fetchBrand } from './helpers';
import { createStaff, staffApi } from './staff-helpers';

// The operations screen and its alerts (issue 48 items 6-8): every request leaves one JSON line without personal
// data and is counted in the brand's rollups; the screen is the owners' alone; an alert mails the owners once per
// incident, and again only after the incident closed and opened anew.

const A = 'flirtlokaal';
const B = 'reifekontakte';

afterEach(() => vi.restoreAllMocks());

/** Every JSON line the Worker logs while `work` runs and until `until` holds on them. */
async function linesDuring(work: () => Promise<unknown>, until: (lines: Record<string, unknown>[]) => boolean) {
  const raw: string[] = [];
  vi.spyOn(logSink, 'write').mockImplementation((_level, line) => {
    raw.push(line);
  });
  await work();
  const parsed = () => raw.flatMap((l) => (l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : []));
  // The lines are written after the answers (waitUntil): wait for them.
  for (let i = 0; i < 50 && !until(parsed()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(raw.length, 'log lines seen').toBeGreaterThan(0);
  expect(until(parsed())).toBe(true);
  return { raw, lines: parsed() };
}

async function operations(cookie: string, query = ''): Promise<{ status: number; body: Operations }> {
  const res = await staffApi(A, 'GET', `operations.php${query}`, { cookie });
  return { status: res.status, body: (await res.json()) as Operations };
}

describe('request logs', () => {
  it('write one line per request with the route pattern and a hashed member id, and no personal data', async () => {
    const member = await createMember(A);
    const email = `m${member.memberId}@test.example`;
    const ip = '203.0.113.77';
    const { raw, lines } = await linesDuring(
      async () => {
        // An address in the query, the visitor's IP, the session cookie and a message text in a body.
        const res = await fetchBrand(A, `/api/user.php?email=${encodeURIComponent(email)}&q=Tester${member.memberId}`, {
          headers: { Cookie: member.cookie, 'cf-connecting-ip': ip, 'X-Forwarded-For': ip },
        });
        expect(res.status).toBe(200);
        // A login with the wrong password: the address and the password in the body.
        await fetchBrand(A, '/api/user.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: `https://${A}.localhost`, 'cf-connecting-ip': ip },
          body: JSON.stringify({ email, password: 'a secret love letter 12345' }),
          unchecked: true,
        });
      },
      (l) => l.filter((x) => x.message === 'request').length >= 2,
    );
    const requests = lines.filter((l) => l.message === 'request');
    const user = requests.find((l) => l.route === '/api/user.php');
    expect(user).toMatchObject({ level: 'info', brand: A, method: 'GET', status: 200 });
    expect(user?.member).toMatch(/^[0-9a-f]{16}$/);
    expect(typeof user?.ms).toBe('number');
    expect(typeof user?.requestId).toBe('string');
    expect(requests.find((l) => l.method === 'POST')).toMatchObject({ route: '/api/user.php', status: 401, errorClass: 'ApiFailure' });
    const all = raw.join('\n');
    for (const secret of [email, ip, member.token, `Tester${member.memberId}`, 'a secret love letter', `"member":${member.memberId}`])
      expect(all).not.toContain(secret);
  });
});

describe('request rollups', () => {
  it('count requests, refusals and latency per brand and route in the current bucket', async () => {
    const member = await createMember(B);
    for (let i = 0; i < 6; i++) await fetchBrand(B, '/api/user.php', { headers: { Cookie: member.cookie } });
    await fetchBrand(B, '/api/no-such-call.php', { unchecked: true });
    const bucket = rollupBucket(new Date());
    const row = () =>
      dbOf(B)
        .prepare("SELECT * FROM request_rollups WHERE tenant_id = ? AND route = '/api/user.php' AND bucket >= ?")
        .bind(B, bucket.slice(0, 13))
        .first<Record<string, number>>();
    await vi.waitFor(async () => expect((await row())?.requests).toBeGreaterThanOrEqual(6), { timeout: 5000 });
    const r = (await row())!;
    const latency = ['le_50', 'le_100', 'le_250', 'le_500', 'le_1000', 'le_2500', 'le_5000', 'le_inf'].reduce((n, c) => n + r[c], 0);
    expect(latency).toBe(r.requests);
    expect(r.errors).toBe(0);
    const unknown = await dbOf(B)
      .prepare("SELECT SUM(refused) AS refused FROM request_rollups WHERE tenant_id = ? AND route = '/api/*'")
      .bind(B)
      .first<{ refused: number }>();
    expect(unknown?.refused).toBeGreaterThanOrEqual(1);

    // The owner sees the route on the screen, with its p95.
    const { cookie } = await createStaff([{ brand: B, role: 'owner' }]);
    const res = await staffApi(A, 'GET', `operations.php?brand=${B}`, { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Operations;
    const route = body.routes.find((x) => x.route === '/api/user.php');
    expect(route?.requests).toBeGreaterThanOrEqual(6);
    expect(route?.p95_ms).not.toBeNull();
    expect(body.queues.map((q) => q.brand)).toEqual([B]);
  });
});

describe('the operations screen', () => {
  it('answers owners only: 403 for operators and admins, 404 for a brand without a role', async () => {
    const operator = await createStaff([{ brand: A, role: 'operator' }]);
    const admin = await createStaff([{ brand: A, role: 'admin' }]);
    const owner = await createStaff([{ brand: A, role: 'owner' }]);
    expect((await operations(operator.cookie)).status).toBe(403);
    expect((await operations(operator.cookie, `?brand=${A}`)).status).toBe(403);
    expect((await operations(admin.cookie)).status).toBe(403);
    expect((await operations(admin.cookie, `?brand=${A}`)).status).toBe(403);
    expect((await operations(owner.cookie, `?brand=${B}`)).status).toBe(404);
    const mine = await operations(owner.cookie, '?period=7d');
    expect(mine.status).toBe(200);
    expect(mine.body.brands).toEqual([A]);
    expect(mine.body.period).toBe('7d');
    expect((await staffApi(A, 'GET', 'operations.php')).status).toBe(401);
  });

  it("shows every brand to the deployment's owners, with empty tables where nothing was recorded", async () => {
    const { cookie } = await createStaff([{ brand: '*', role: 'owner' }]);
    const { status, body } = await operations(cookie);
    expect(status).toBe(200);
    expect(body.brands).toEqual(expect.arrayContaining([A, B]));
    expect(body.postbacks).toEqual([]);
    expect(body.mails).toEqual([]);
  });
});

describe('operations alerts', () => {
  const tenants = TENANTS.filter((t) => t.database === 'DB');

  async function failing(at: Date) {
    await dbOf(A)
      .prepare(
        `INSERT INTO request_rollups (tenant_id, bucket, route, requests, errors, ms_total, le_100) VALUES (?, ?, '/api/user.php', 200, 40, 9000, 200)
         ON CONFLICT (tenant_id, bucket, route) DO UPDATE SET requests = requests + 200, errors = errors + 40, le_100 = le_100 + 200`,
      )
      .bind(A, rollupBucket(new Date(at.getTime() - 10 * 60_000)))
      .run();
  }

  async function mailsTo(email: string) {
    const { results } = await dbOf(A)
      .prepare("SELECT subject FROM outbox WHERE tenant_id = ? AND template = 'ops_alert' AND recipient = ?")
      .bind(A, email)
      .all<{ subject: string }>();
    return results;
  }

  it('mails the owners once per incident, whatever number of runs decide at once, and again after close and reopen', {
    timeout: 60_000,
  }, async () => {
    const owner = await createStaff([{ brand: A, role: 'owner' }]);
    const email = `staff${owner.staffId}@test.example`;
    const t0 = new Date(Date.now() + 2 * 3_600_000);
    await failing(t0);

    // 20 cron runs at once: one of them opens the incident and mails.
    const runs = await Promise.all(Array.from({ length: 20 }, () => checkOperations(env, env.DB, tenants, t0)));
    expect(runs.reduce((n, r) => n + r.opened, 0)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await mailsTo(email))[0].subject).toContain('%');
    // The next hour's run while it goes on: no new mail.
    await checkOperations(env, env.DB, tenants, new Date(t0.getTime() + 5 * 60_000));
    expect(await mailsTo(email)).toHaveLength(1);
    const open = await dbOf(A)
      .prepare("SELECT COUNT(*) AS n FROM ops_incidents WHERE tenant_id = ? AND key = 'error_rate' AND closed_at IS NULL")
      .bind(A)
      .first<{ n: number }>();
    expect(open?.n).toBe(1);

    // Two hours on, the window holds no errors: the incident closes, and nothing is mailed.
    const t1 = new Date(t0.getTime() + 2 * 3_600_000);
    const closing = await checkOperations(env, env.DB, tenants, t1);
    expect(closing.closed).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(email)).toHaveLength(1);

    // The errors come back: a new incident, one new mail.
    await failing(t1);
    const again = await Promise.all(Array.from({ length: 20 }, () => checkOperations(env, env.DB, tenants, t1)));
    expect(again.reduce((n, r) => n + r.opened, 0)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(2);

    // The owner's screen lists both incidents, the first closed, the second open.
    const { body } = await operations(owner.cookie, '?period=7d');
    const incidents = body.incidents.filter((i) => i.key === 'error_rate');
    expect(incidents.length).toBeGreaterThanOrEqual(1);
  });

  it("opens a queue incident when a member's message waits longer than the brand's limit, and closes it once answered", {
    timeout: 60_000,
  }, async () => {
    const owner = await createStaff([{ brand: B, role: 'owner' }]);
    const email = `staff${owner.staffId}@test.example`;
    const tenant = TENANTS.find((t) => t.id === B)!;
    const now = new Date(Date.now() + 6 * 3_600_000);
    const waiting = new Date(now.getTime() - (tenant.answer_wait_alert_minutes + 5) * 60_000).toISOString();
    const { id } = (await dbOf(B)
      .prepare(
        `INSERT INTO conversations (tenant_id, profile_lo, profile_hi, started_by, created_at, waiting_since, fictional_profile_id)
         VALUES (?, 880001, 880002, 880001, ?, ?, 880002) RETURNING id`,
      )
      .bind(B, waiting, waiting)
      .first<{ id: number }>())!;
    const mails = async () =>
      (
        await dbOf(B)
          .prepare("SELECT subject FROM outbox WHERE tenant_id = ? AND template = 'ops_alert' AND recipient = ?")
          .bind(B, email)
          .all<{ subject: string }>()
      ).results;
    await Promise.all(Array.from({ length: 20 }, () => checkOperations(env, env.DB, tenants, now)));
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0].subject).toContain(String(tenant.answer_wait_alert_minutes + 5));
    // Answered: the conversation leaves the queue, the incident closes; no further mail.
    await dbOf(B).prepare('UPDATE conversations SET waiting_since = NULL WHERE id = ?').bind(id).run();
    const closing = await checkOperations(env, env.DB, tenants, now);
    expect(closing.closed).toBe(1);
    expect(await mails()).toHaveLength(1);
  });
});
