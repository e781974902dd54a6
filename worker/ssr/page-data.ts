import { z } from 'zod';
import { COOKIE } from '../../core/constants';
import { SettingsSchema, type Settings } from '../../core/schemas/settings';
import { UserSchema, type User } from '../../core/schemas/user';
import { settingsFor } from '../brand-settings';
import type { AppContext } from '../context';
import { ApiFailure } from '../errors';
import { log } from '../log';
import { setLanguage } from '../middleware/locale';
import { userOf } from '../auth/users';
import { upstreamCookies } from '../upstream/boundary';
import { upstreamFetch, upstreamHeaders, UpstreamUnavailable } from '../upstream/client';

/**
 * Everything a server-rendered page needs, through one interface shaped like the API contract (issue 16, item 1):
 * the same calls and the same zod types as /api/*.php. A built-in brand answers in-process (the session the
 * middleware read, the settings object, the endpoint's own function: no network hop, no extra query); a brand in
 * proxy mode asks its upstream's /api/*.php with what the visitor's browser would send it (worker/upstream/boundary.ts). So a page can
 * need nothing a backend cannot give it.
 */
export interface PageData {
  /** GET /api/user.php's user (null for a visitor); asked once per request however many loaders need it. */
  user(): Promise<User | null>;
  /** GET /api/settings.php. */
  settings(): Promise<Settings>;
  /** A GET of an API URL; `builtIn` is that endpoint's own function, used in-process for a built-in brand. */
  get<T>(url: string, builtIn: () => T | Promise<T>): Promise<T>;
  /** What the error page may show without asking anything more (it must not fail for the page's reason). */
  settled(): { user: User | null; settings: Settings };
  /** The upstream's own cookies collected on the way, host-only: the page's answer passes them to the browser. */
  readonly cookies: string[];
}

const perRequest = new WeakMap<Request, PageData>();

/** The request's page data (one per request, so the upstream's user.php is asked once). */
export function pageData(c: AppContext): PageData {
  let data = perRequest.get(c.req.raw);
  if (!data)
    perRequest.set(c.req.raw, (data = c.get('tenant').upstream_api ? upstreamData(c, c.get('tenant').upstream_api!) : builtInData(c)));
  return data;
}

function builtInData(c: AppContext): PageData {
  const tenant = c.get('tenant');
  // Made once per request however many loaders ask: the session is read by then and does not change in a page.
  let userValue: User | null | undefined;
  const user = () => {
    if (userValue === undefined) {
      const member = c.get('member');
      userValue = member ? userOf(tenant, member) : null;
    }
    return userValue;
  };
  const settings = () => settingsFor(tenant, c.get('country'), c.get('language'));
  return {
    user: async () => user(),
    settings: async () => settings(),
    get: async (_url, builtIn) => builtIn(),
    settled: () => ({ user: user(), settings: settings() }),
    cookies: [],
  };
}

// A backend of the PHP contract sends no `brand` (that part is the tenant file's), and may send more than we read.
const UpstreamSettingsSchema = SettingsSchema.omit({ brand: true }).loose();
const UserAnswerSchema = z.object({ user: UserSchema.nullable() });

/** settings.php per brand, country and language, for a short while: it is the same for every visitor of those. */
const SETTINGS_TTL_MS = 60_000;
const settingsCache = new Map<string, { expires: number; value: Promise<Settings> }>();

function upstreamData(c: AppContext, upstream: string): PageData {
  const tenant = c.get('tenant');
  const cookies: string[] = [];
  let userPromise: Promise<User | null> | undefined;
  let userValue: User | null = null;
  let settingsValue: Settings | undefined;

  async function call(url: string, visitorCookies: boolean): Promise<Response> {
    const headers = upstreamHeaders(c);
    headers.set('Accept', 'application/json');
    if (!visitorCookies) headers.set('Cookie', `${COOKIE.locale}=${c.get('language')}`);
    const response = await upstreamFetch(c, upstream, url, { method: 'GET', headers });
    if (visitorCookies) cookies.push(...upstreamCookies(tenant, response));
    return response;
  }

  /** A 2xx answer's JSON; a 4xx becomes the API failure it is (404 -> the 404 page, 401 -> login); else 502. */
  async function json(url: string): Promise<unknown> {
    const response = await call(url, true);
    if (response.status >= 400 && response.status < 500) {
      const body = await response.json<{ error?: { code?: string } }>().catch(() => null);
      throw new ApiFailure(response.status as 400, body?.error?.code ?? 'upstream', 'errors.generic');
    }
    if (!response.ok) throw new UpstreamUnavailable(502, `status ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new UpstreamUnavailable(502, `no JSON from ${url}`);
    }
  }

  function parsed<S extends z.ZodType>(schema: S, value: unknown, url: string): z.infer<S> {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    log(c, 'error', 'upstream answer outside the contract', { url, issues: result.error.issues.slice(0, 5) });
    throw new UpstreamUnavailable(502, `contract: ${url}`);
  }

  async function loadUser(): Promise<User | null> {
    try {
      const { user } = parsed(UserAnswerSchema, await json('/api/user.php'), '/api/user.php');
      userValue = user;
    } catch (error) {
      // "Who am I" answered 401: a visitor, not a failure.
      if (!(error instanceof ApiFailure && error.status === 401)) throw error;
    }
    // The member's saved language comes first, as with a built-in session (middleware/session.ts).
    if (userValue?.language) setLanguage(c, userValue.language);
    return userValue;
  }

  async function loadSettings(): Promise<Settings> {
    const local = settingsFor(tenant, c.get('country'), c.get('language'));
    const key = `${tenant.id}|${c.get('country') ?? ''}|${c.get('language')}`;
    const now = Date.now();
    let cached = settingsCache.get(key);
    if (!cached || cached.expires <= now) {
      const value = call('/api/settings.php', false).then(async (response) => {
        if (!response.ok) throw new UpstreamUnavailable(502, `settings.php: ${response.status}`);
        const upstreamSettings = parsed(UpstreamSettingsSchema, await response.json().catch(() => null), '/api/settings.php');
        // The tenant file owns how the brand looks, where it lives and its languages; the backend owns the rest.
        return { ...upstreamSettings, domain: local.domain, brand: local.brand } as Settings;
      });
      settingsCache.set(key, (cached = { expires: now + SETTINGS_TTL_MS, value }));
      // A failure is not cached: the next page asks again (the circuit breaker keeps that cheap).
      value.catch(() => settingsCache.get(key) === cached && settingsCache.delete(key));
    }
    settingsValue = await cached.value;
    return settingsValue;
  }

  return {
    user: () => (userPromise ??= loadUser()),
    settings: loadSettings,
    get: async <T>(url: string) => (await json(url)) as T,
    settled: () => ({ user: userValue, settings: settingsValue ?? settingsFor(tenant, c.get('country'), c.get('language')) }),
    cookies,
  };
}
