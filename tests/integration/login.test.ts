import { describe, expect, it } from 'vitest';
import { PASSWORD, call, deviceCookie, mailedLink, sessionCookie, signUp, tokenOf } from './account-helpers';
import { ApiErrorSchema } from '../../core/schemas/errors';
import type { User } from '../../core/schemas/user';
import { expectAnswer, expectContractAnswer } from './expect-answer';

type ErrorBody = { error: { code: string; message: string } };
const at = (minutesFromNow: number) => ({ 'X-Debug-Now': new Date(Date.now() + minutesFromNow * 60_000).toISOString() });

describe('POST /api/user.php (login)', () => {
  it('logs in with a new session token and answers the user', async () => {
    const member = await signUp();
    const res = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).not.toBe(member.cookie);
    const { user } = await expectContractAnswer<{ user: User }>(res, 'POST', '/api/user.php');
    for (const field of ['status', 'credits', 'paid_user', 'signup_date', 'notifications_disabled', 'fictional_icon', 'profile'])
      expect(user).toHaveProperty(field);
    expect(user.profile).toEqual(expect.objectContaining({ name: 'Sanne', country: 'NL', status: 'disabled', main_image: null }));
  });

  it("answers a wrong password with 'Login mislukt, probeer opnieuw'", async () => {
    const member = await signUp();
    const res = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect((await expectAnswer(res, ApiErrorSchema)).error.message).toBe('Login mislukt, probeer opnieuw');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('auth='))).toBe(false);
  });

  it('blocks the account for 15 minutes after 5 failures, even for the right password, then lets it in', async () => {
    const member = await signUp();
    for (let i = 0; i < 4; i++)
      expect((await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'nope' })).status).toBe(401);
    const fifth = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'nope' });
    expect(fifth.status).toBe(429);
    expect((await fifth.json<ErrorBody>()).error.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
    const right = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }, undefined, at(5));
    expect(right.status).toBe(429);
    expect((await right.json<ErrorBody>()).error.message).toBe('Te veel foute pogingen, account voor 10 min geblokkeerd.');
    const later = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }, undefined, at(16));
    expect(later.status).toBe(200);
  });

  it("keeps a browser that logged in before out of a stranger's lockout, and gives it five guesses of its own", async () => {
    const member = await signUp();
    const other = await signUp();
    const ip = { 'CF-Connecting-IP': '198.51.100.76' }; // its 15 failures count on an address of their own
    const first = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }, undefined, ip);
    expect(first.status).toBe(200);
    const known = first.headers.getSetCookie().find((c) => c.startsWith('known_device='))!;
    expect(known).toMatch(/HttpOnly/);
    expect(known).toMatch(/Secure/);
    expect(known).toMatch(/SameSite=Lax/);
    expect(known).not.toMatch(/Domain=/);
    const device = known.split(';')[0];
    const login = (password: string, cookie?: string, email = member.email) =>
      call('flirtlokaal', 'POST', '/api/user.php', { email, password }, cookie, ip);
    const expectLocked = async (res: Response) => {
      expect(res.status).toBe(429);
      expect((await res.json<ErrorBody>()).error.code).toBe('login_blocked');
    };

    // A stranger locks the account for every browser but the member's own.
    for (let i = 0; i < 5; i++) await login('nope');
    await expectLocked(await login(PASSWORD));
    const [name, value] = device.split('=');
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectLocked(await login(PASSWORD, forged));
    expect((await login(PASSWORD, device)).status).toBe(200);
    // The proof is for this account only.
    for (let i = 0; i < 5; i++) await login('nope', undefined, other.email);
    await expectLocked(await login(PASSWORD, device, other.email));

    // The known browser's own failures lock it too: a stolen cookie gets five guesses.
    const again = deviceCookie(await login(PASSWORD, device));
    for (let i = 0; i < 4; i++) expect((await login('nope', again)).status).toBe(401);
    await expectLocked(await login('nope', again));
    await expectLocked(await login(PASSWORD, again));
  });

  it('knows the browser that signed up', async () => {
    const member = await signUp();
    const ip = { 'CF-Connecting-IP': '198.51.100.77' }; // an address of its own: the other tests' failures count on theirs
    const login = (cookie?: string) =>
      call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }, cookie, ip);
    for (let i = 0; i < 5; i++)
      await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'nope' }, undefined, ip);
    expect((await login()).status).toBe(429);
    expect((await login(member.device)).status).toBe(200);
  });

  it("ends a browser's proof with a new password, and when the address passes to another account", async () => {
    const ip = { 'CF-Connecting-IP': '198.51.100.78' };
    const login = (email: string, password: string, cookie?: string) =>
      call('flirtlokaal', 'POST', '/api/user.php', { email, password }, cookie, ip);
    const lockOut = async (email: string) => {
      for (let i = 0; i < 5; i++) await login(email, 'nope');
    };

    // A new password: the browser that set it is known again, every other proof has ended.
    const member = await signUp();
    const NEW = 'Nieuw-wachtwoord-7';
    const change = await call(
      'flirtlokaal',
      'PUT',
      '/api/password.php',
      { old_password: PASSWORD, password: NEW, password_confirm: NEW },
      member.cookie,
    );
    expect(change.status).toBe(200);
    const changedHere = deviceCookie(change);
    await lockOut(member.email);
    expect((await login(member.email, NEW, member.device)).status).toBe(429);
    expect((await login(member.email, NEW, changedHere)).status).toBe(200);

    // The address moves to another account: the first owner's proofs do not carry over to the new one.
    const first = await signUp();
    const moved = `moved-${first.email}`;
    await call('flirtlokaal', 'POST', '/api/mail-change.php', { new_email: moved, password: PASSWORD }, first.cookie);
    const token = tokenOf(await mailedLink('flirtlokaal', moved, '/mail-change/do'));
    expect((await call('flirtlokaal', 'PUT', '/api/mail-change.php', { token }, first.cookie)).status).toBe(200);
    const second = await signUp('flirtlokaal', { email: first.email });
    await lockOut(second.email);
    expect((await login(second.email, PASSWORD, first.device)).status).toBe(429);
    expect((await login(second.email, PASSWORD, second.device)).status).toBe(200);
  });

  it('throttles one address that fails on many accounts', async () => {
    const ip = { 'CF-Connecting-IP': '198.51.100.23' };
    let last: Response | undefined;
    for (let i = 0; i < 21; i++)
      last = await call('flirtlokaal', 'POST', '/api/user.php', { email: `victim${i}@example.com`, password: 'x' }, undefined, ip);
    expect(last!.status).toBe(429);
    expect((await last!.json<ErrorBody>()).error.code).toBe('rate_limited');
    const other = await call('flirtlokaal', 'POST', '/api/user.php', { email: 'victim1@example.com', password: 'x' }, undefined, {
      'CF-Connecting-IP': '198.51.100.99',
    });
    expect(other.status).toBe(401);
  }, 30_000); // 21 argon2 checks: slow on a busy machine

  it('does not log in to a member of another brand', async () => {
    const member = await signUp('flirtlokaal');
    const res = await call('velvetnights', 'POST', '/api/user.php', { email: member.email, password: PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('sessions', () => {
  it('logout revokes the session: the old cookie no longer works', async () => {
    const member = await signUp();
    const out = await call('flirtlokaal', 'GET', '/api/logout.php', undefined, member.cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('auth='))).toMatch(/Max-Age=0/);
    const user = await expectContractAnswer(
      await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie),
      'GET',
      '/api/user.php',
    );
    expect(user).toEqual({ user: null });
  });

  it('saves the language with PUT and validates it', async () => {
    const member = await signUp();
    const ok = await call('flirtlokaal', 'PUT', '/api/user.php', { language: 'de' }, member.cookie);
    expect((await expectContractAnswer<{ user: User }>(ok, 'PUT', '/api/user.php')).user.language).toBe('de');
    const bad = await call('flirtlokaal', 'PUT', '/api/user.php', { language: 'xx' }, member.cookie);
    expect(bad.status).toBe(400);
    // The saved language now renders the pages (it comes before the cookie).
    const page = await call('flirtlokaal', 'GET', '/members', undefined, `${member.cookie}; i18n_redirected=fr`);
    expect(await page.text()).toContain('lang="de"');
  });
});
