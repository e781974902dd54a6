import { Hono } from 'hono';
import { LoginSchema } from '../../core/schemas/account';
import { pushSubscribeSchema } from '../../core/schemas/push';
import { requestHost, type AppContext, type AppEnv } from '../context';
import { ApiFailure, apiError } from '../errors';
import { testPushHosts } from '../push/allowed-hosts';
import { saveSubscription } from '../push/subscriptions';
import { setMemberLanguage } from './accounts';
import { consentStatement } from '../auth/consents';
import { logIn } from './login';
import { revokeSession } from '../auth/sessions';
import { userOf } from '../auth/users';
import { clearSessionCookie } from '../auth/session-cookie';
import { requireMember } from '../http/helpers';
import { operation, withStatus } from '../http/operation';

/** user.php (who am I, log in or store a push subscription, save language) and logout.php. */
export const sessionRoutes = new Hono<AppEnv>();

operation(sessionRoutes, 'get', '/api/user.php', async (c, { member }) => ({ user: member ? userOf(c.get('tenant'), member) : null }));

// One call, two uses (SPEC.md §7): with ?push the browser's push subscription, a member's only (a visitor is
// refused before the body is read); without, a login.
const pushing = (c: AppContext) => c.req.query('push') !== undefined;

operation(
  sessionRoutes,
  'post',
  '/api/user.php',
  async (c, { body }) => {
    // The body's schema followed the query: it holds a subscription exactly with ?push.
    if (!('subscription' in body)) return { user: await logIn(c, body) };
    const member = requireMember(c);
    await saveSubscription(c.env.DB, member.tenantId, member.id, body.subscription, c.get('now'), [
      consentStatement(c, member.id, 'push', true, 'push'),
    ]);
    return withStatus(201, { ok: true as const });
  },
  {
    before: (c) => {
      if (pushing(c)) requireMember(c);
    },
    body: (c) => (pushing(c) ? pushSubscribeSchema(testPushHosts(c.env)) : LoginSchema),
  },
);

operation(sessionRoutes, 'put', '/api/user.php', async (c, { member, body: { language } }) => {
  await setMemberLanguage(c.env.DB, c.get('tenant').id, member.id, language);
  return { user: userOf(c.get('tenant'), { ...member, language }) };
});

// Logout (SPEC.md §8: GET /api/logout.php) must not be something another site can do to a member: a link or an
// image there would otherwise log them out. GET works for the site's own navigations (the menu's link) and fetches,
// and for a typed address; anything else is refused and the session stays. POST does the same for API clients,
// same-origin by the CSRF middleware. (The menu keeps its GET link: a brand whose API is proxied to its own backend
// gets the spec's GET there.)
operation(sessionRoutes, 'get', '/api/logout.php', async (c) => {
  if (!fromThisSite(c)) return apiError(c, new ApiFailure(403, 'csrf', 'errors.csrf'));
  return logout(c);
});
operation(sessionRoutes, 'post', '/api/logout.php', (c) => logout(c));

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
  return { ok: true as const };
}
