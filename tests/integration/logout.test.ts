import { describe, expect, it } from 'vitest';
import { PASSWORD, call, freshIp, login, sessionCookie, signUp } from './account-helpers';

// Pen test item 7: logout needs a same-origin request; a link or image on another site does not log out.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('logout', () => {
  const stillLoggedIn = async (cookie: string) =>
    ((await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, cookie)).json()) as { user: unknown }).user !== null;

  it('refuses a GET from another site (a link or an image) without logging out', async () => {
    const member = await signUp();
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Accept: 'text/html' },
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
      { Origin: 'https://evil.example' },
      { Referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const res = await call('flirtlokaal', 'GET', '/api/logout.php', undefined, member.cookie, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json<ErrorBody>()).error.code).toBe('csrf');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('auth='))).toBe(false);
      expect(await stillLoggedIn(member.cookie)).toBe(true);
    }
  });

  it("logs out on the site's own navigation (GET) and with a same-origin POST", async () => {
    const member = await signUp();
    const nav = await call('flirtlokaal', 'GET', '/api/logout.php', undefined, member.cookie, {
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
      Accept: 'text/html',
      Referer: 'https://flirtlokaal.localhost/members',
    });
    expect(nav.status).toBe(303);
    expect(nav.headers.get('location')).toBe('/');
    expect(await stillLoggedIn(member.cookie)).toBe(false);

    const again = sessionCookie(await login(member.email, PASSWORD, freshIp()));
    const crossPost = await call('flirtlokaal', 'POST', '/api/logout.php', undefined, again, {
      'Sec-Fetch-Site': 'cross-site',
      Origin: 'https://evil.example',
    });
    expect(crossPost.status).toBe(403);
    expect(await stillLoggedIn(again)).toBe(true);
    const post = await call('flirtlokaal', 'POST', '/api/logout.php', undefined, again, {
      'Sec-Fetch-Site': 'same-origin',
      Origin: 'https://flirtlokaal.localhost',
    });
    expect(post.status).toBe(200);
    expect(await stillLoggedIn(again)).toBe(false);
  });
});
