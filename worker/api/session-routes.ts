import { Hono } from 'hono';
import { LanguageSchema, LoginSchema } from '../../core/schemas/account';
import { requestHost, type AppContext, type AppEnv } from '../context';
import { ApiFailure, apiError, parseOrFail } from '../errors';
import { setMemberLanguage } from '../services/accounts';
import { logIn } from '../services/login';
import { revokeSession } from '../services/sessions';
import { userOf } from '../services/users';
import { clearSessionCookie } from '../session-cookie';
import { jsonBody, requireMember } from './helpers';

/** user.php (who am I, log in, save language) and logout.php. */
export const sessionRoutes = new Hono<AppEnv>();

sessionRoutes.get('/user.php', async (c) => {
  const member = c.get('member');
  return c.json({ user: member ? userOf(c.get('tenant'), member) : null });
});

sessionRoutes.post('/user.php', async (c) => {
  const input = parseOrFail(LoginSchema, await jsonBody(c));
  return c.json({ user: await logIn(c, input) });
});

sessionRoutes.put('/user.php', async (c) => {
  const member = requireMember(c);
  const { language } = parseOrFail(LanguageSchema, await jsonBody(c));
  await setMemberLanguage(c.env.DB, c.get('tenant').id, member.id, language);
  return c.json({ user: userOf(c.get('tenant'), { ...member, language }) });
});

// Logout (SPEC.md §8: GET /api/logout.php) must not be something another site can do to a member: a link or an
// image there would otherwise log them out. GET works for the site's own navigations (the menu's link) and fetches,
// and for a typed address; anything else is refused and the session stays. POST does the same for API clients,
// same-origin by the CSRF middleware. (The menu keeps its GET link: a brand whose API is proxied to its own backend
// gets the spec's GET there.)
sessionRoutes.get('/logout.php', async (c) => {
  if (!fromThisSite(c)) return apiError(c, new ApiFailure(403, 'csrf', 'errors.csrf'));
  return logout(c);
});
sessionRoutes.post('/logout.php', (c) => logout(c));

/**
 * Whether a GET comes from this site's own pages: the browser says same-origin (or 'none': typed, a bookmark), it
 * is a page load or a fetch (not an image, script or frame), and no Origin or Referer names another host. Older
 * browsers without Sec-Fetch-* headers are judged by Origin and Referer alone.
 */
function fromThisSite(c: AppContext): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const dest = c.req.header('sec-fetch-dest');
  if (dest && dest !== 'document' && dest !== 'empty') return false;
  const host = requestHost(c);
  for (const header of ['origin', 'referer']) {
    const value = c.req.header(header);
    if (!value) continue;
    try {
      if (new URL(value).host !== host) return false;
    } catch {
      return false;
    }
  }
  return true;
}

async function logout(c: AppContext) {
  const member = c.get('member');
  if (member) {
    await revokeSession(c.env.DB, c.get('tenant').id, member.tokenHash, c.get('now'));
  }
  clearSessionCookie(c);
  // A browser following the menu's form or a link lands on the root (SPEC.md §2); the client's fetch gets JSON.
  if (c.req.header('accept')?.includes('text/html')) return c.redirect('/', 303);
  return c.json({ ok: true });
}
