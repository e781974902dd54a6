import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StaffMe, StaffSessionsResponse } from '../../core/schemas/staff-answers';
import { purgeExpired } from '../../worker/account/purge';
import { createMember, fetchBrand } from './helpers';
import { auditRows, codeAt, createSignableStaff, staffCookieOf, staffLogin, stepTime } from './staff-auth-helpers';
import { createStaff, staffApi } from './staff-helpers';

type Failure = { error: { code: string; message: string } };

describe('staff login: password and TOTP', () => {
  it('signs in with all three factors and answers the staff member; a member account is not a staff account', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const res = await staffLogin(staff);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { staff: StaffMe };
    expect(body.staff.email).toBe(staff.email);
    expect(body.staff.brands.map((b) => b.id)).toEqual(['flirtlokaal']);
    const me = await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: staffCookieOf(res) });
    expect(me.status).toBe(200);
  });

  it('names every brand apart: two brands of one name carry their ids (the proxy demo and its backend)', async () => {
    const owner = await createStaff([{ brand: '*', role: 'owner' }]);
    const me = (await (await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: owner.cookie })).json()) as StaffMe;
    const names = me.brands.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    expect(me.brands.find((b) => b.id === 'flirtlokaal')?.name).toBe('Flirtlokaal');
    expect(me.brands.find((b) => b.id === 'proxydemo-origin')?.name).toBe('Proxy Demo (proxydemo-origin)');
  });

  it('names a brand by its name alone where the staff member works on no other brand of that name (issue 46, item 7)', async () => {
    // The demo operators work on the proxy demo's backend, not on the proxy demo itself: no id to tell apart.
    const operator = await createStaff([
      { brand: 'flirtlokaal', role: 'operator' },
      { brand: 'proxydemo-origin', role: 'operator' },
    ]);
    const me = (await (await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: operator.cookie })).json()) as StaffMe;
    expect(me.brands.map((b) => b.name)).toEqual(['Flirtlokaal', 'Proxy Demo']);
    const page = await (await fetchBrand('flirtlokaal', '/staff', { headers: { Cookie: operator.cookie } })).text();
    expect(page).toContain('"name":"Proxy Demo"');
    expect(page).not.toContain('proxydemo-origin)');
  });

  it('refuses a wrong password, a wrong code, an unknown address and a missing code with one answer', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const wrongCode = String((Number(codeAt(staff.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const answers = [
      await staffLogin(staff, {}, { password: 'Not-the-password-1' }),
      await staffLogin(staff, {}, { otp: wrongCode }),
      await staffLogin(staff, {}, { email: 'nobody-here@test.example' }),
    ];
    const messages = new Set<string>();
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie()).toEqual([]);
      const body = (await res.json()) as Failure;
      expect(body.error.code).toBe('staff_login_failed');
      messages.add(body.error.message);
    }
    expect(messages.size).toBe(1);
    // Without a code the schema refuses it before anything is checked.
    const noCode = await staffLogin(staff, {}, { otp: '' });
    expect(noCode.status).toBe(400);
    // The audit log says what it was (owners read it); the refusal for an unknown address has no staff id.
    const reasons = (await auditRows(staff.id, 'login_failed')).map((r) => JSON.parse(r.detail!).reason);
    expect(reasons).toEqual(['password', 'otp']);
    const unknown = (await auditRows(null, 'login_failed')).map((r) => JSON.parse(r.detail!));
    expect(unknown).toContainEqual(expect.objectContaining({ reason: 'unknown', email: 'nobody-here@test.example' }));
  });

  it('accepts a code once: the same code again (within its window) is refused, the next step works', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const at = stepTime(0);
    expect((await staffLogin(staff, { at })).status).toBe(200);
    const replay = await staffLogin(staff, { at: new Date(at.getTime() + 5_000) });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as Failure).error.code).toBe('staff_login_failed');
    // The previous step's code is still inside the tolerance, but older than the one used: refused too.
    const older = await staffLogin(staff, { at: new Date(at.getTime() + 30_000) }, { otp: codeAt(staff.secret, at) });
    expect(older.status).toBe(401);
    expect((await staffLogin(staff, { at: new Date(at.getTime() + 30_000) })).status).toBe(200);
    expect((await auditRows(staff.id, 'login_failed')).map((r) => JSON.parse(r.detail!).reason)).toEqual(['otp_replayed', 'otp_replayed']);
  });

  it('two parallel logins with one code: one session at most', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const at = stepTime(0);
    const results = await Promise.all([1, 2, 3].map(() => staffLogin(staff, { at })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('a disabled staff member or one who never finished the setup cannot sign in', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    await env.DB.prepare("UPDATE staff SET status = 'disabled' WHERE id = ?").bind(staff.id).run();
    expect((await staffLogin(staff)).status).toBe(401);
    const fresh = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    await env.DB.prepare('UPDATE staff SET password_hash = NULL WHERE id = ?').bind(fresh.id).run();
    expect((await staffLogin(fresh)).status).toBe(401);
  });
});

describe('staff lockout', () => {
  it('20 parallel wrong attempts on one account: at most 5 are checked, the rest are refused with 429, then the account is locked', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => staffLogin(staff, { ip: `10.20.0.${i + 1}` }, { password: `Wrong-password-${i}` })),
    );
    const statuses = attempts.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const checked = await auditRows(staff.id, 'login_failed');
    expect(checked).toHaveLength(5);
    // Even the right factors wait for the lock to end.
    const right = await staffLogin(staff, { ip: '10.20.1.1' });
    expect(right.status).toBe(429);
    expect(((await right.json()) as Failure).error.code).toBe('login_blocked');
  });

  it('one address gets 20 checked attempts in 15 minutes, over any accounts', async () => {
    const ip = '10.30.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await staffLogin({ email: `ghost${i}@test.example`, password: 'Whatever-pass-1', secret: 'JBSWY3DPEHPK3PXP' }, { ip });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('staff session cookie', () => {
  it('is host-only, HttpOnly, Secure, SameSite=Strict, 12 hours, and new at every login', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'admin' }]);
    const first = await staffLogin(staff, { at: stepTime(0) });
    const header = first.headers.getSetCookie().find((h) => h.startsWith('staff_session='))!;
    const attributes = header
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'max-age=43200', 'path=/']));
    expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
    const second = await staffLogin(staff, { at: stepTime(1) });
    expect(second.status).toBe(200);
    expect(staffCookieOf(second)).not.toBe(staffCookieOf(first));
    // Both are live sessions of their own, until one is ended.
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: staffCookieOf(first) })).status).toBe(200);
  });

  it('a session ends 12 hours after login', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const at = stepTime(0);
    const cookie = staffCookieOf(await staffLogin(staff, { at }));
    const later = (ms: number) =>
      staffApi('flirtlokaal', 'GET', 'me.php', { cookie, headers: { 'X-Debug-Now': new Date(at.getTime() + ms).toISOString() } });
    expect((await later(12 * 3_600_000 - 60_000)).status).toBe(200);
    expect((await later(12 * 3_600_000 + 1)).status).toBe(401);
  });

  it('the daily purge removes expired staff sessions and keeps live ones', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const cookie = staffCookieOf(await staffLogin(staff));
    const count = () => env.DB.prepare('SELECT COUNT(*) AS n FROM staff_sessions WHERE staff_id = ?').bind(staff.id).first<{ n: number }>();
    await purgeExpired(env, new Date(Date.now() + 3_600_000));
    expect((await count())!.n).toBe(1);
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie })).status).toBe(200);
    await purgeExpired(env, new Date(Date.now() + 13 * 3_600_000));
    expect((await count())!.n).toBe(0);
  });

  it('logout ends the session, clears the cookie and is audited', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const cookie = staffCookieOf(await staffLogin(staff));
    const out = await staffApi('flirtlokaal', 'POST', 'logout.php', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((h) => h.startsWith('staff_session='))).toMatch(/Max-Age=0/);
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie })).status).toBe(401);
    expect((await auditRows(staff.id)).map((r) => r.action)).toEqual(['login', 'logout']);
    // Logout from another site is refused by the CSRF check.
    const cookie2 = staffCookieOf(await staffLogin(staff, { at: stepTime(1) }));
    const foreign = await staffApi('flirtlokaal', 'POST', 'logout.php', { cookie: cookie2, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: cookie2 })).status).toBe(200);
  });
});

describe('staff sessions list', () => {
  it('lists own live sessions with a public id and the current flag; ends one, then all others', async () => {
    const staff = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const a = staffCookieOf(await staffLogin(staff, { at: stepTime(0), userAgent: 'Browser A' }));
    const b = staffCookieOf(await staffLogin(staff, { at: stepTime(1), userAgent: 'Browser B' }));
    const c = staffCookieOf(await staffLogin(staff, { at: stepTime(2), userAgent: 'Browser C' }));
    const list = async (cookie: string) =>
      ((await (await staffApi('flirtlokaal', 'GET', 'sessions.php', { cookie })).json()) as StaffSessionsResponse).sessions;
    const sessions = await list(c);
    expect(sessions.map((s) => s.user_agent)).toEqual(['Browser C', 'Browser B', 'Browser A']);
    expect(sessions.map((s) => s.current)).toEqual([true, false, false]);
    // No token or hash in the answer: the id is short and random.
    const text = JSON.stringify(sessions);
    for (const cookie of [a, b, c]) expect(text).not.toContain(cookie.split('=')[1]);
    expect(sessions.every((s) => /^[\w-]{16}$/.test(s.id))).toBe(true);

    const endB = await staffApi('flirtlokaal', 'DELETE', 'sessions.php', { cookie: c, body: { id: sessions[1].id } });
    expect(endB.status).toBe(200);
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: b })).status).toBe(401);
    expect((await list(c)).map((s) => s.user_agent)).toEqual(['Browser C', 'Browser A']);
    // Ended already, or someone else's: not found.
    expect((await staffApi('flirtlokaal', 'DELETE', 'sessions.php', { cookie: c, body: { id: sessions[1].id } })).status).toBe(404);
    const other = await createSignableStaff([{ brand: 'flirtlokaal', role: 'operator' }]);
    const otherCookie = staffCookieOf(await staffLogin(other));
    const ended = await staffApi('flirtlokaal', 'DELETE', 'sessions.php', { cookie: otherCookie, body: { id: sessions[2].id } });
    expect(ended.status).toBe(404);
    expect(((await ended.json()) as Failure).error.code).toBe('staff_session_not_found');
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: a })).status).toBe(200);

    const allOthers = await staffApi('flirtlokaal', 'DELETE', 'sessions.php', { cookie: c, body: { all_others: true } });
    expect(await allOthers.json()).toEqual({ ended: 1 });
    expect((await staffApi('flirtlokaal', 'GET', 'me.php', { cookie: a })).status).toBe(401);
    expect((await list(c)).map((s) => s.current)).toEqual([true]);
    expect((await auditRows(staff.id, 'session_ended')).length).toBe(2);
    // A body that is neither form is refused.
    expect((await staffApi('flirtlokaal', 'DELETE', 'sessions.php', { cookie: c, body: { id: 'x', all_others: true } })).status).toBe(400);
  });
});

describe('member sessions never count on staff calls', () => {
  it('a member cookie is no staff session on any of them', async () => {
    const member = await createMember('flirtlokaal');
    for (const [method, path] of [
      ['GET', 'me.php'],
      ['GET', 'sessions.php'],
      ['GET', 'audit.php'],
      ['DELETE', 'sessions.php'],
    ] as const) {
      const res = await staffApi('flirtlokaal', method, path, {
        cookie: member.cookie,
        ...(method === 'DELETE' ? { body: { all_others: true } } : {}),
      });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as Failure).error.code).toBe('staff_login_required');
    }
    // Logging out of the staff workspace leaves the member's session alone.
    await staffApi('flirtlokaal', 'POST', 'logout.php', { cookie: member.cookie, body: {} });
    const user = (await (await staffApi('flirtlokaal', 'GET', '../user.php', { cookie: member.cookie })).json()) as { user: unknown };
    expect(user.user).not.toBeNull();
  });
});
