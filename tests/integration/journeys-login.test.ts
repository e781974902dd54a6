import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PASSWORD, call, signUp } from './account-helpers';
import { fetchBrand } from './helpers';

type ErrorBody = { error: { code: string; message: string } };

/** A native form post from the brand's own page, as a browser sends it before the script has arrived. */
function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { Origin: 'https://flirtlokaal.localhost', 'Sec-Fetch-Site': 'same-origin' },
) {
  return fetchBrand('flirtlokaal', path, {
    method: 'POST',
    redirect: 'manual',
    country: 'NL',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith('auth=') && !c.startsWith('auth=;'));

async function deleteAccount(email: string, daysAgo: number) {
  const when = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await env.DB.prepare("UPDATE members SET status = 'deleted', deleted_at = ? WHERE tenant_id = 'flirtlokaal' AND email = ?")
    .bind(when, email)
    .run();
}

const recoveryMails = async (email: string) =>
  (await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM outbox WHERE tenant_id = 'flirtlokaal' AND recipient = ? AND text_body LIKE '%/api/recover-account.php%'",
  )
    .bind(email)
    .first<{ n: number }>())!.n;

describe('login returns to the page that sent the visitor there (issue 18 item 5)', () => {
  it('sends a visitor of a members-only page to /login with that page as next', async () => {
    const res = await call('flirtlokaal', 'GET', '/chats/1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fchats%2F1');
    const search = await call('reifekontakte', 'GET', '/likes/given?x=1');
    expect(search.headers.get('location')).toBe('/login?next=%2Flikes%2Fgiven%3Fx%3D1');
  });

  it('the login form post logs in and answers 303 to that page', async () => {
    const member = await signUp();
    const res = await postForm('/login?next=%2Fchats%2F1', { email: member.email, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/chats/1');
    expect(hasSession(res)).toBe(true);
  });

  it.each([
    '//evil.example/chats',
    '/\\evil.example',
    'https://evil.example/',
    '/..//evil.example',
    '/.//evil.example/x',
    '/api/logout.php',
    '/login',
  ])('never returns to %s: the members area instead', async (next) => {
    const member = await signUp();
    const res = await postForm(`/login?next=${encodeURIComponent(next)}`, { email: member.email, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/members');
  });

  it('a logged-in member opening /login?next= goes straight there', async () => {
    const member = await signUp();
    const res = await call('flirtlokaal', 'GET', '/login?next=%2Fchats%2F1', undefined, member.cookie);
    expect(res.headers.get('location')).toBe('/chats/1');
    const evil = await call('flirtlokaal', 'GET', '/login?next=%2F%2Fevil.example', undefined, member.cookie);
    expect(evil.headers.get('location')).toBe('/members');
  });

  it('a wrong password comes back to the form with the reason, keeping next, and no session', async () => {
    const member = await signUp();
    const res = await postForm('/login?next=%2Fchats%2F1', { email: member.email, password: 'wrong-password' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, 'https://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('next')).toBe('/chats/1');
    expect(location.searchParams.get('error')).toBe('errors.login_failed');
    expect(hasSession(res)).toBe(false);
  });

  it('refuses a login form posted from another site, or without saying where from', async () => {
    const member = await signUp();
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, {} as Record<string, string>]) {
      const res = await postForm('/login', { email: member.email, password: PASSWORD }, headers);
      expect(res.status).toBe(403);
      expect(hasSession(res)).toBe(false);
    }
  });
});

describe('the entry warning works as a form post (issue 18 item 11)', () => {
  it('sets the skip cookie and returns to the page', async () => {
    const res = await postForm('/entry-warning', { back: '/members?gender=male' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/members?gender=male');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('entry_ok=1'))).toBe(true);
    const page = await fetchBrand('flirtlokaal', '/pages/faq', { country: 'NL', headers: { Cookie: 'entry_ok=1' } });
    expect(await page.text()).not.toContain('data-testid="entry-warning"');
  });

  it('never sends the visitor off the site, and refuses another site', async () => {
    for (const back of ['//evil.example/', '/.//evil.example/', '/a/../..//evil.example']) {
      const res = await postForm('/entry-warning', { back });
      expect(res.headers.get('location')).toBe('/');
    }
    expect((await postForm('/entry-warning', { back: '/' }, { Origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('a member on / sees the members home (issue 18 item 12)', () => {
  it('redirects a member from / to /members; a visitor gets the hero', async () => {
    const member = await signUp();
    const res = await call('flirtlokaal', 'GET', '/', undefined, member.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/members');
    const visitor = await call('flirtlokaal', 'GET', '/');
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain('data-testid="cta-signup"');
  });
});

describe('logging into a deleted account (issue 18 item 7)', () => {
  it('within 14 days: says so and mails the recovery link; no session', async () => {
    const member = await signUp();
    await deleteAccount(member.email, 3);
    const before = await recoveryMails(member.email);
    const res = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD });
    expect(res.status).toBe(409);
    const body = await res.json<ErrorBody>();
    expect(body.error.code).toBe('account_deleted');
    expect(body.error.message).toBe('Dit account is verwijderd. We hebben je een e-mail gestuurd om het te herstellen.');
    expect(hasSession(res)).toBe(false);
    expect(await recoveryMails(member.email)).toBe(before + 1);
  });

  it('mails at most three recovery links an hour however many right-password logins run at once (issue 42)', async () => {
    const member = await signUp();
    await deleteAccount(member.email, 3);
    const before = await recoveryMails(member.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD }, undefined, {
          'CF-Connecting-IP': `198.51.100.${i + 1}`,
        }),
      ),
    );
    // The login's own attempt reservation lets five through at once (the rest wait as a lockout): more than three
    // reach the recovery mail together.
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(3);
    expect(statuses.every((s) => s === 409 || s === 429)).toBe(true);
    expect(await recoveryMails(member.email)).toBe(before + 3);
  });

  it('the recovery link from that mail restores the account and logs in', async () => {
    const member = await signUp();
    await deleteAccount(member.email, 1);
    await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD });
    const { text_body } = (await env.DB.prepare(
      "SELECT text_body FROM outbox WHERE tenant_id = 'flirtlokaal' AND recipient = ? AND text_body LIKE '%/api/recover-account.php%' ORDER BY id DESC",
    )
      .bind(member.email)
      .first<{ text_body: string }>())!;
    const link = new URL(/https?:\/\/\S*\/api\/recover-account\.php\S*/.exec(text_body)![0]);
    const restored = await call('flirtlokaal', 'GET', `${link.pathname}${link.search}`);
    expect(restored.headers.get('location')).toBe('/members');
    expect((await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: PASSWORD })).status).toBe(200);
  });

  it('a wrong password, or an account deleted 15 days ago, is a plain failed login and mails nothing', async () => {
    const member = await signUp();
    await deleteAccount(member.email, 3);
    const wrong = await call('flirtlokaal', 'POST', '/api/user.php', { email: member.email, password: 'wrong-password' });
    expect((await wrong.json<ErrorBody>()).error.code).toBe('login_failed');
    const old = await signUp();
    await deleteAccount(old.email, 15);
    const before = await recoveryMails(old.email);
    const late = await call('flirtlokaal', 'POST', '/api/user.php', { email: old.email, password: PASSWORD });
    expect(late.status).toBe(401);
    expect(await recoveryMails(old.email)).toBe(before);
  });

  it('the form post shows the same reason on the login page', async () => {
    const member = await signUp();
    await deleteAccount(member.email, 2);
    const res = await postForm('/login', { email: member.email, password: PASSWORD });
    expect(new URL(res.headers.get('location')!, 'https://x').searchParams.get('error')).toBe('errors.account_deleted');
    const page = await fetchBrand('flirtlokaal', res.headers.get('location')!, { country: 'NL' });
    expect(await page.text()).toContain('Dit account is verwijderd. We hebben je een e-mail gestuurd om het te herstellen.');
  });
});

describe("the brand's search_fields decide the search filters (issue 18 item 13)", () => {
  it('shows the region filter where the brand lists countryregion, and not where it does not', async () => {
    const filters = async (brand: string, country: string) => {
      const member = await signUp(brand);
      const html = await (await fetchBrand(brand, '/members', { country, headers: { Cookie: member.cookie } })).text();
      const form = /<form[^>]*data-testid="search-filters"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
      return ['gender', 'country', 'region', 'min_age'].filter((name) => form.includes(`<select name="${name}"`));
    };
    expect(await filters('flirtlokaal', 'NL')).toEqual(['gender', 'country', 'region', 'min_age']);
    expect(await filters('reifekontakte', 'DE')).toEqual(['gender', 'country', 'min_age']);
  });
});
