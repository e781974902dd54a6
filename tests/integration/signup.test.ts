import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { birthdate, call, mailCount, mailedLink, pathOf, sessionCookie, signUp, signupBody } from './account-helpers';
import type { User } from '../../core/schemas/user';
import { ABOUT_MAX_LENGTH } from '../../core/constants';
import { expectContractAnswer } from './expect-answer';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('POST /api/signup.php', () => {
  it('creates an unconfirmed member with a disabled profile, logs in with a safe cookie and mails the activation link', async () => {
    const body = signupBody();
    const res = await call('flirtlokaal', 'POST', '/api/signup.php', body);
    expect(res.status).toBe(201);
    const { user } = await expectContractAnswer<{ user: User }>(res, 'POST', '/api/signup.php');
    expect(user.status).toBe('not_confirmed');
    expect(user.profile.status).toBe('disabled');
    expect(user.profile.main_image).toBeNull();
    expect(user.signup_step).toBe('photo');
    expect(user.paid_user).toBe(false);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = sessionCookie(res).slice('auth='.length);
    const raw = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?').bind(token).first<{ n: number }>();
    expect(raw!.n).toBe(0); // only the hash is stored

    const hash = await env.DB.prepare('SELECT password_hash FROM members WHERE email = ?')
      .bind(body.email)
      .first<{ password_hash: string }>();
    expect(hash!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await mailCount('flirtlokaal', body.email, 'activation')).toBe(1);

    const searchable = await env.DB.prepare('SELECT searchable FROM profiles WHERE id = ?')
      .bind(user.profile.id)
      .first<{ searchable: number }>();
    expect(searchable!.searchable).toBe(0);
  });

  it.each([
    [{ email: 'geen-email' }, 'email', 'Ongeldige e-mail'],
    [{ name: '@sanne' }, 'name', 'Je profielnaam mag niet beginnen met een @'],
    [{ email: 'sanne@example.com', name: 'sanne@example.com' }, 'name', 'Je profielnaam moet anders zijn dan je e-mailadres'],
    [{ date_of_birth: '' }, 'date_of_birth', 'Vul uw geboortedatum in'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
    [{ date_of_birth: birthdate(17) }, 'date_of_birth', 'Vul uw geboortedatum in'],
  ])('refuses %o with the Dutch text and creates nothing', async (override, field, text) => {
    const body = signupBody(override);
    const res = await call('flirtlokaal', 'POST', '/api/signup.php', body);
    expect(res.status).toBe(400);
    const error = (await res.json<ErrorBody>()).error;
    expect(error.fields?.[field]).toBe(text);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM members WHERE email = ?')
      .bind(String(body.email).toLowerCase())
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it('invites an existing member to log in instead of signing up twice', async () => {
    const first = await signUp();
    const res = await call('flirtlokaal', 'POST', '/api/signup.php', signupBody({ email: first.email.toUpperCase() }));
    expect(res.status).toBe(409);
    const error = (await res.json<ErrorBody>()).error;
    expect(error.code).toBe('email_taken');
    expect(error.message).toBe('Dit e-mailadres heeft al een account op deze site.');
  });

  it('lets the same address sign up on another brand (tenant isolation)', async () => {
    const first = await signUp('flirtlokaal');
    const res = await call('velvetnights', 'POST', '/api/signup.php', signupBody({ email: first.email }));
    expect(res.status).toBe(201);
  });

  it('refuses an invite-only brand without a valid code, and accepts a code once', async () => {
    const without = await call('inviteonly', 'POST', '/api/signup.php', signupBody());
    expect(without.status).toBe(403);
    expect((await without.json<ErrorBody>()).error.code).toBe('signup_closed');
    await env.DB.prepare("INSERT INTO invite_codes (code, tenant_id, uses_left) VALUES ('WELKOM1', 'inviteonly', 1)").run();
    expect((await call('inviteonly', 'POST', '/api/signup.php', signupBody({ invite_code: 'WELKOM1' }))).status).toBe(201);
    expect((await call('inviteonly', 'POST', '/api/signup.php', signupBody({ invite_code: 'WELKOM1' }))).status).toBe(403);
  });

  it('continues the later steps and remembers where the member was', async () => {
    const member = await signUp();
    const steps = [
      [{ step: 'photo', skip: true }, 'location'],
      [{ step: 'location', country: 'NL', region: 'UT', city: 'Utrecht' }, 'personal'],
      [{ step: 'personal', hair_colour: 'blond', eye_colour: 'blue', body_type: 'slim', relationship_status: 'single' }, 'about'],
      [{ step: 'about', about: 'Hallo!', interests: [1, 4, 4, 50] }, 'push'],
      [{ step: 'push', subscribed: false }, 'check_email'],
    ] as const;
    for (const [body, next] of steps) {
      const res = await call('flirtlokaal', 'PUT', '/api/signup.php', body, member.cookie);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect((await res.json<{ user: { signup_step: string } }>()).user.signup_step).toBe(next);
    }
    const profile = await env.DB.prepare('SELECT region, city, hair_colour, about FROM profiles WHERE id = ?').bind(member.user.id).first();
    expect(profile).toEqual({ region: 'UT', city: 'Utrecht', hair_colour: 'blond', about: 'Hallo!' });
    const interests = await env.DB.prepare('SELECT COUNT(*) AS n FROM profile_interests WHERE profile_id = ?')
      .bind(member.user.id)
      .first<{ n: number }>();
    expect(interests!.n).toBe(3);
    const again = await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie);
    expect((await again.json<{ user: { signup_step: string } }>()).user.signup_step).toBe('check_email');
  });

  it('takes an about-me text as long as the profile page does, and refuses one longer', async () => {
    const member = await signUp();
    const about = (length: number) =>
      call('flirtlokaal', 'PUT', '/api/signup.php', { step: 'about', about: 'x'.repeat(length) }, member.cookie);
    const tooLong = await about(ABOUT_MAX_LENGTH + 1);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<ErrorBody>()).error.fields?.about).toBeTruthy();
    expect((await about(ABOUT_MAX_LENGTH)).status).toBe(200);
    const stored = await env.DB.prepare('SELECT length(about) AS n FROM profiles WHERE id = ?').bind(member.user.id).first<{ n: number }>();
    expect(stored!.n).toBe(ABOUT_MAX_LENGTH);
  });

  it('refuses a region that is not in the country, and steps without a session', async () => {
    const member = await signUp();
    const bad = await call(
      'flirtlokaal',
      'PUT',
      '/api/signup.php',
      { step: 'location', country: 'NL', region: 'BY', city: 'x' },
      member.cookie,
    );
    expect(bad.status).toBe(400);
    const anonymous = await call('flirtlokaal', 'PUT', '/api/signup.php', { step: 'photo', skip: true });
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json<ErrorBody>()).error.code).toBe('authentication_required');
  });
});

describe('activation', () => {
  it('confirms once through the mailed link, then the link is spent', async () => {
    const member = await signUp();
    const link = await mailedLink('flirtlokaal', member.email, '/api/activate.php');
    const res = await call('flirtlokaal', 'GET', pathOf(link));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/activate/done');
    const user = await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, member.cookie)).json<{ user: Record<string, any> }>();
    expect(user.user.status).toBe('confirmed');
    expect(user.user.profile.status).toBe('active');
    const again = await call('flirtlokaal', 'GET', pathOf(link));
    expect(again.headers.get('location')).toBe('/activate/error');
  });

  it("logs its member in on another device, but never over someone else's session", async () => {
    const owner = await signUp();
    const other = await signUp();
    const link = await mailedLink('flirtlokaal', owner.email, '/api/activate.php');
    // Opened where another member is logged in (a link sent on purpose): the address is confirmed, the session stays.
    const res = await call('flirtlokaal', 'GET', pathOf(link), undefined, other.cookie, { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.headers.get('location')).toBe('/activate/done');
    expect(res.headers.get('set-cookie') ?? '').not.toContain('auth=');
    const still = await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, other.cookie)).json<{ user: { email: string } }>();
    expect(still.user.email).toBe(other.email);
    const confirmed = await env.DB.prepare('SELECT status FROM members WHERE email = ?').bind(owner.email).first('status');
    expect(confirmed).toBe('confirmed');
    // Opened in a browser without a session (the member's phone), it logs the member in there.
    const next = await signUp();
    const fresh = await call('flirtlokaal', 'GET', pathOf(await mailedLink('flirtlokaal', next.email, '/api/activate.php')));
    expect(fresh.headers.get('set-cookie') ?? '').toContain('auth=');
  });

  it('refuses a forged, altered, expired or foreign link', async () => {
    const member = await signUp();
    const link = await mailedLink('flirtlokaal', member.email, '/api/activate.php');
    const token = new URL(link).searchParams.get('token')!;
    const [body, sig] = token.split('.');
    const altered = `${body.slice(0, -2)}AA.${sig}`;
    for (const bad of ['nonsense', altered, `${body}.${sig.slice(0, -2)}AA`]) {
      const res = await call('flirtlokaal', 'GET', `/api/activate.php?token=${encodeURIComponent(bad)}`);
      expect(res.headers.get('location'), bad).toBe('/activate/error');
    }
    const foreign = await call('velvetnights', 'GET', pathOf(link));
    expect(foreign.headers.get('location')).toBe('/activate/error');
    const late = await call('flirtlokaal', 'GET', pathOf(link), undefined, undefined, {
      'X-Debug-Now': new Date(Date.now() + 49 * 3_600_000).toISOString(),
    });
    expect(late.headers.get('location')).toBe('/activate/error');
    const status = await env.DB.prepare('SELECT status FROM members WHERE email = ?').bind(member.email).first('status');
    expect(status).toBe('not_confirmed');
  });

  it('resends the activation mail, with a limit', async () => {
    const member = await signUp();
    for (let i = 0; i < 3; i++)
      expect((await call('flirtlokaal', 'POST', '/api/resend-activation.php', undefined, member.cookie)).status).toBe(200);
    const fourth = await call('flirtlokaal', 'POST', '/api/resend-activation.php', undefined, member.cookie);
    expect(fourth.status).toBe(429);
    expect(await mailCount('flirtlokaal', member.email, 'activation')).toBe(4);
  });
});

describe('signup limits', () => {
  it('allows 10 signups an hour from one address', async () => {
    const ip = { 'CF-Connecting-IP': '192.0.2.77' };
    for (let i = 0; i < 10; i++)
      expect((await call('velvetnights', 'POST', '/api/signup.php', signupBody(), undefined, ip)).status).toBe(201);
    const eleventh = await call('velvetnights', 'POST', '/api/signup.php', signupBody(), undefined, ip);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBeTruthy();
  });
});

describe('member ids', () => {
  it('gives 30 signups at once 30 distinct ids below the seed blocks, each with its own profile and consent log', async () => {
    const bodies = Array.from({ length: 30 }, () => signupBody());
    const responses = await Promise.all(
      bodies.map((body, i) =>
        call('flirtlokaal', 'POST', '/api/signup.php', body, undefined, { 'CF-Connecting-IP': `198.51.100.${i + 1}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const users = await Promise.all(responses.map((r) => expectContractAnswer<{ user: User }>(r, 'POST', '/api/signup.php')));
    const ids = users.map((u) => u.user.id);
    expect(new Set(ids).size).toBe(30);
    for (const { user } of users) {
      expect(user.id).toBeLessThan(10_000_000);
      expect(user.profile.id).toBe(user.id);
    }
    const owners = await env.DB.prepare(`SELECT id, email FROM members WHERE id IN (${ids.map(() => '?').join(',')})`)
      .bind(...ids)
      .all<{ id: number; email: string }>();
    expect(new Map(owners.results.map((r) => [r.id, r.email]))).toEqual(new Map(users.map((u, i) => [u.user.id, bodies[i].email])));
    const consents = await env.DB.prepare(`SELECT COUNT(*) AS n FROM consents WHERE member_id IN (${ids.map(() => '?').join(',')})`)
      .bind(...ids)
      .first<{ n: number }>();
    expect(consents!.n).toBe(60); // terms and marketing, per member
  }, 60_000); // 30 password hashes on a shared machine
});
