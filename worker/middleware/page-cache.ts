import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { matchRoute } from '../../core/router';
import { COOKIE, DEV_COUNTRY_COOKIE } from '../../core/constants';
import { parseTrafficSource } from '../../core/rules/traffic-source';
import { LOCAL_TOOLS } from '../build-target';
import { isLocal, type AppContext, type AppEnv } from '../context';
import { log, describeError } from '../log';
import { setAnswerHeaders } from './answer-headers';
import { readTrafficSource, TRAFFIC_SOURCE_COOKIE } from '../tracking/traffic-source';
import {
  cacheCopy,
  edgeCache,
  forgetPage,
  freshness,
  pageCacheKey,
  pageFromCache,
  pageToStore,
  recentPage,
  rememberPage,
  servedFromCache,
  type StoredPage,
} from './page-cache-key';

/**
 * Visitor pages from the edge cache (issue 20, docs/edge-cache.md). Put in front of the page handlers (the
 * catch-all and the landers): a request that may use the cache is answered from it (HIT) or rendered and stored
 * (MISS); any other is rendered as always (BYPASS). Every answer says which in X-Cache, and in local mode why in
 * X-Cache-Reason.
 */

/** The pages a visitor without a session sees alike: home, search, pricing, cams, information pages, landers. */
const CACHEABLE_ROUTES = /^(index|members|pricing|cams|pages-.+|landers-.+)$/;

/** Cookies a visitor page knows (each is a key input or does not change the HTML); dev_country only locally. */
const VISITOR_COOKIES = new Set<string>([
  COOKIE.locale,
  COOKIE.entryWarningSkipped,
  COOKIE.appMode,
  TRAFFIC_SOURCE_COOKIE,
  // The click cookie does not change a page (worker/tracking/click-middleware.ts).
  COOKIE.clickId,
  DEV_COUNTRY_COOKIE,
]);

/** Keys being revalidated by this isolate: one revalidation per key at a time, however many stale hits. */
const revalidating = new Set<string>();
/** The Worker's own requests that re-render a stale entry: they skip the lookup and always store. */
const revalidations = new WeakSet<Request>();

type Reason = 'method' | 'route' | 'session' | 'cookie' | 'traffic-source' | 'debug' | 'status' | 'set-cookie';

/**
 * The cache's clock: the request's, or locally `X-Debug-Cache-Clock` (an ISO time), which ages stored pages without
 * changing what a page says, so tests can see a page go stale and expire (X-Debug-Now would change the page).
 */
function cacheClock(c: AppContext): Date {
  const moved = LOCAL_TOOLS && isLocal(c.env) ? Date.parse(c.req.header('x-debug-cache-clock') ?? '') : Number.NaN;
  return Number.isNaN(moved) ? c.get('now') : new Date(moved);
}

/** Why this request must not use the cache, or null when it may. */
function bypassReason(c: AppContext, url: URL): Reason | null {
  if (c.req.method !== 'GET') return 'method';
  const route = matchRoute(url.pathname);
  if (!route || !CACHEABLE_ROUTES.test(route.def.name)) return 'route';
  // Any session cookie, even one that is no longer valid: a member never gets a visitor page, nor stores one.
  if (getCookie(c, COOKIE.session) !== undefined || c.get('member')) return 'session';
  // A brand in proxy mode keeps its sessions upstream under names we do not know: any cookie beyond ours is one.
  if (c.get('tenant').upstream_api && Object.keys(getCookie(c)).some((name) => !VISITOR_COOKIES.has(name))) return 'cookie';
  // Such a URL stores the visitor's traffic source in a cookie (a lander): the page must be rendered to set it.
  if (parseTrafficSource(url.searchParams)) return 'traffic-source';
  // A moved clock changes what a page says (countdowns, offers) and is not part of the key: such a page is its own.
  // (The chosen country is part of the key; X-Debug-Cache-Clock moves the cache's clock alone, not the page's.)
  if (LOCAL_TOOLS && isLocal(c.env) && c.req.header('x-debug-now')) return 'debug';
  return null;
}

export function pageCache(): MiddlewareHandler<AppEnv> {
  return async function pageCacheMiddleware(c, next) {
    const mark = (result: 'HIT' | 'MISS' | 'BYPASS', reason?: string) => {
      setAnswerHeaders(c, { 'X-Cache': result, ...(reason && LOCAL_TOOLS && isLocal(c.env) ? { 'X-Cache-Reason': reason } : {}) });
    };
    const url = new URL(c.req.url);
    const reason = bypassReason(c, url);
    if (reason) {
      await next();
      return mark('BYPASS', reason);
    }
    const key = pageCacheKey({
      url,
      tenant: c.get('tenant').id + (c.get('brandVersion') ? `@${c.get('brandVersion')}` : ''),
      language: c.get('language'),
      country: c.get('country'),
      installedApp: getCookie(c, COOKIE.appMode) === '1',
      entryWarningSkipped: getCookie(c, COOKIE.entryWarningSkipped) === '1',
      hasTrafficSource: readTrafficSource(c) !== null,
    });
    const cache = edgeCache();
    const revalidation = revalidations.has(c.req.raw);
    if (!revalidation) {
      // Locally, `X-Debug-Page-Cache: shared` looks in the Cache API alone, as another isolate would.
      const sharedOnly = LOCAL_TOOLS && isLocal(c.env) && c.req.header('x-debug-page-cache') === 'shared';
      const page = (sharedOnly ? undefined : recentPage(key)) ?? (await fromEdgeCache(c, cache, key));
      const { age, state } = page ? freshness(page, cacheClock(c)) : { age: 0, state: 'expired' as const };
      if (page && state !== 'expired') {
        if (state === 'stale') revalidate(c, key);
        else if (!page.shared) c.executionCtx.waitUntil(share(c, cache, key, page));
        const response = servedFromCache(page, c.get('nonce'), age);
        response.headers.set('X-Cache', 'HIT');
        if (LOCAL_TOOLS && isLocal(c.env)) response.headers.set('X-Cache-Reason', state);
        return response;
      }
      forgetPage(key);
    }
    await next();
    const response = c.res;
    if (response.status !== 200) return mark('BYPASS', 'status');
    if (response.headers.has('Set-Cookie')) return mark('BYPASS', 'set-cookie');
    // Stored once the whole page is known: a page that failed after its head went out is a 200 with the error
    // screen in place (worker/ssr/render.tsx), and is never kept. An app page hands over the HTML it sent; any
    // other (a lander) is read back from a copy of the answer.
    const nonce = c.get('nonce');
    const headers = new Headers(response.headers);
    const html = c.get('renderedPage') ?? response.clone().text();
    const put = html
      .then((page) => {
        if (page === null) return;
        const stored = pageToStore(page, headers, nonce, cacheClock(c));
        // A page asked for once stays in this isolate, and reaches the Cache API when it is asked for again (the
        // HIT above): a URL that comes once, such as a paid click's with its own click id, costs no cache write.
        // A revalidated page was asked for again already; one too large for the isolate goes there at once.
        if (!rememberPage(key, stored) || revalidation) return share(c, cache, key, stored);
      })
      .catch((error: unknown) => log(c, 'warn', 'page cache write failed', describeError(error)));
    // A revalidation is a background request already: it finishes when the entry is in.
    if (revalidation) await put;
    else c.executionCtx.waitUntil(put);
    mark('MISS');
  };
}

/** The Cache API's copy of the page (another isolate's render, or this one's before it was evicted), kept here too. */
async function fromEdgeCache(c: AppContext, cache: Cache, key: string): Promise<StoredPage | null> {
  try {
    const stored = await cache.match(key);
    const page = stored ? await pageFromCache(stored) : null;
    if (page) rememberPage(key, page);
    return page;
  } catch (error) {
    log(c, 'warn', 'page cache read failed', describeError(error));
    return null;
  }
}

/** Writes the page to the Cache API, for every isolate and location; once per page (a failed write may be retried). */
async function share(c: AppContext, cache: Cache, key: string, page: StoredPage): Promise<void> {
  page.shared = true;
  try {
    await cache.put(key, cacheCopy(page));
  } catch (error) {
    page.shared = false;
    log(c, 'warn', 'page cache write failed', describeError(error));
  }
}

/** Re-renders a stale entry after the answer (waitUntil), through the Worker's own pipeline, once per key. */
function revalidate(c: AppContext, key: string): void {
  if (revalidating.has(key)) return;
  revalidating.add(key);
  const request = new Request(c.req.raw.url, { method: 'GET', headers: c.req.raw.headers, cf: c.req.raw.cf });
  revalidations.add(request);
  const done = Promise.resolve()
    .then(() => c.get('handle')(request, c.env, c.executionCtx))
    .then((response) => response.body?.cancel())
    .catch((error) => log(c, 'warn', 'page cache revalidation failed', describeError(error)))
    .finally(() => revalidating.delete(key));
  c.executionCtx.waitUntil(done);
}
