import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { setCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import { LoginSchema } from '../../core/schemas/account';
import { safeReturnPath, sameSitePath } from '../../core/rules/return-path';
import { AGE_DECLARATION_VERSION } from '../../core/rules/age-assurance';
import { logIn } from '../account/login';
import { logDeclaration } from '../age/declarations';
import { requestHost, type AppContext, type AppEnv } from '../context';
import { ApiFailure, parseOrFail } from '../errors';
import { upstreamCookies } from '../upstream/boundary';
import { upstreamFetch, upstreamHeaders, UpstreamUnavailable } from '../upstream/client';

/**
 * The plain-HTML answers of forms that work before the page's JavaScript has arrived (issue 18 item 11): a tap on
 * a slow phone posts the form natively, the Worker acts on it and answers 303 to the page to show next. Once the
 * script runs, the same forms are handled in the page (their onSubmit) and never post here.
 */
export const pageForms = new Hono<AppEnv>();

/**
 * These forms come before any session, so a missing session cookie is no protection: beyond the CSRF middleware
 * (which refuses a cross-site Origin or Sec-Fetch-Site), the browser must say the post came from this site's own
 * page. A form on another site could otherwise log a visitor into an account of the attacker's choosing.
 */
function fromOwnPage(c: AppContext): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = c.req.header('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === requestHost(c);
  } catch {
    return false;
  }
}

const refused = (c: AppContext) => c.text(c.get('t')('errors.csrf'), 403);

async function formFields(c: AppContext): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

// The login form (client/screens/account/login.tsx) posts to its own address, /login?next=…: success goes where
// the member was sent from (or the members area), a failure back to the form with the reason.
pageForms.post('/login', async (c) => {
  if (!fromOwnPage(c)) return refused(c);
  const next = safeReturnPath(c.req.query('next'));
  try {
    const fields = await formFields(c);
    const input = parseOrFail(LoginSchema, { email: fields.email ?? '', password: fields.password ?? '' });
    const upstream = c.get('tenant').upstream_api;
    // Proxy mode: the brand's own backend keeps the sessions, so the login is its POST /api/user.php.
    if (upstream) await logInUpstream(c, upstream, input);
    else await logIn(c, input);
    return c.redirect(next ?? '/members', 303);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    const query = new URLSearchParams();
    if (next) query.set('next', next);
    query.set('error', Object.values(error.fields ?? {})[0] ?? error.messageKey);
    const minutes = error.values?.minutes;
    if (typeof minutes === 'number') query.set('minutes', String(minutes));
    return c.redirect(`/login?${query}`, 303);
  }
});

/** The login at a proxied brand's backend: its session cookie reaches the browser host-only, its refusal the form. */
async function logInUpstream(c: AppContext, upstream: string, input: { email: string; password: string }): Promise<void> {
  const headers = upstreamHeaders(c);
  headers.set('Content-Type', 'application/json');
  headers.delete('content-length');
  let response: Response;
  try {
    response = await upstreamFetch(c, upstream, '/api/user.php', { method: 'POST', headers, body: JSON.stringify(input) });
  } catch (error) {
    if (error instanceof UpstreamUnavailable) throw new ApiFailure(error.status, 'server_error', 'errors.generic');
    throw error;
  }
  for (const cookie of upstreamCookies(c.get('tenant'), response)) c.header('Set-Cookie', cookie, { append: true });
  if (response.ok) return void (await response.body?.cancel());
  const answer = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  // The backend's error codes are the contract's (docs/api): each has its text under errors.<code> here.
  throw new ApiFailure(
    response.status as ContentfulStatusCode,
    answer?.error?.code ?? 'login_failed',
    `errors.${answer?.error?.code ?? 'login_failed'}`,
  );
}

// The site-entry warning's "Ik ben 18+" (client/components/entry-warning.tsx): the same cookie the page's script
// sets, then back to the page it was shown on.
pageForms.post('/entry-warning', async (c) => {
  if (!fromOwnPage(c)) return refused(c);
  const fields = await formFields(c);
  // Issue 45 item 3: the self-declaration is logged (the page's script logs it through /api/age-declaration.php).
  await logDeclaration(c, c.get('member')?.id ?? null, { version: AGE_DECLARATION_VERSION, visitor: crypto.randomUUID() });
  setCookie(c, COOKIE.entryWarningSkipped, '1', { path: '/', maxAge: 365 * 86_400, sameSite: 'Lax' });
  return c.redirect(sameSitePath(fields.back) ?? '/', 303);
});
