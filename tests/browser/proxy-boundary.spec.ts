import { api, brandUrl, expect, logInAs, test } from './fixtures';
import { signInAt } from './staff-login';

// Issue 42: the boundary of proxy mode, seen from the real demo backend. A staff member and a member use proxydemo
// in one browser (the staff workspace on proxydemo's host sets the engine's staff_session and known_device there);
// the demo backend's record of what it received (/dev/upstream.json, docs/api/proxy-mode.md) holds none of the
// engine's cookies, and the staff session still opens the workspace afterwards.

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** Cookie names the backend may receive: its own session and the contract's (tenants/proxydemo.ts). */
const MAY_CROSS = new Set(['auth', 'i18n_redirected', 'ts']);

test('the demo backend never receives a staff session or another cookie of the engine', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInAt(page, 'proxydemo', 'admin@demo.test');
  await logInAs(page, 'proxydemo', 'free@demo.test');
  const cookies = (await page.context().cookies(brandUrl('proxydemo'))).map((c) => c.name);
  expect(cookies).toEqual(expect.arrayContaining(['staff_session', 'known_device', 'auth']));

  // The member's calls go through the proxy with every cookie of the browser.
  const { user } = await api<{ user: { email: string } }>(page, '/api/user.php');
  expect(user.email).toBe('free@demo.test');
  const { requests } = await api<{ requests: Recorded[] }>(page, '/dev/upstream.json');
  const memberCalls = requests.filter((r) => r.path === '/api/user.php' && r.headers.cookie?.includes('auth='));
  expect(memberCalls.length).toBeGreaterThan(0);
  for (const request of requests) {
    const names = (request.headers.cookie ?? '').split('; ').filter(Boolean);
    for (const pair of names) {
      const [name, value] = pair.split('=');
      expect(MAY_CROSS.has(name), `${request.method} ${request.path} sent ${name}`).toBe(true);
      expect(value).toBe('•••');
    }
  }

  // The engine's session is the engine's: still valid, still the engine's value.
  const me = await page.evaluate(async () => (await fetch('/api/staff/me.php')).status);
  expect(me).toBe(200);
});
