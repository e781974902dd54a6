import ASSETS from 'virtual:client-assets';

/**
 * The edge cache of visitor pages (issue 20, docs/edge-cache.md): what makes an entry's key, how an entry is stored
 * and how a stored page is given a fresh CSP nonce. The decision whether a request may use the cache is the
 * middleware's (worker/middleware/page-cache.ts).
 */

/** Fresh for a minute; after that served stale while one revalidation runs, for up to four more. */
export const PAGE_CACHE_TTL_S = 60;
export const PAGE_CACHE_SWR_S = 240;

/** Raise when the stored form changes, so old entries are never read back. */
const FORMAT = 1;

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The build: a page names its hashed bundle files, so a deploy must never serve a page of the previous one. */
export const BUILD_VERSION = fnv1a(
  JSON.stringify([FORMAT, ASSETS.dev, ASSETS.app.script, ASSETS.app.css, ASSETS.lander.script, ASSETS.lander.css]),
);

/** Every input that changes a visitor page's HTML (render.tsx buildState, lander.tsx). */
export interface PageKeyInput {
  /** The request URL: its origin (the host names the brand) and path; the query is taken as given. */
  url: URL;
  tenant: string;
  language: string;
  country: string | null;
  installedApp: boolean;
  entryWarningSkipped: boolean;
  hasTrafficSource: boolean;
}

/**
 * The cache key as a URL under the request's own origin (the Cache API keys by URL). The query is part of it as
 * sent: a page's state carries its own query (route.search) and a lander's entry-warning form carries it back, so
 * two queries are two pages. An empty `?` is no query.
 */
export function pageCacheKey(input: PageKeyInput): Request {
  const flags = `${input.installedApp ? 'a' : '-'}${input.entryWarningSkipped ? 'e' : '-'}${input.hasTrafficSource ? 't' : '-'}`;
  const parts = [BUILD_VERSION, input.tenant, input.language, input.country ?? 'xx', flags].map(encodeURIComponent).join('/');
  const search = input.url.search.length > 1 ? input.url.search : '';
  return new Request(`${input.url.origin}/__page-cache/${parts}${input.url.pathname}${search}`);
}

/** The zone's edge cache. The project's types include the DOM's CacheStorage, which knows no `default`. */
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

const STORED_AT = 'X-Page-Cache-Stored';
const BROWSER_CACHE_CONTROL = 'X-Page-Cache-Browser';

/**
 * The copy that goes into the edge cache: the page's body and headers, when it was made (the request's clock) and
 * the Cache-Control the browser is to get; the cache itself keeps it for the fresh and the stale window.
 */
export function storableCopy(response: Response, now: Date): Response {
  const headers = new Headers(response.headers);
  headers.set(BROWSER_CACHE_CONTROL, headers.get('Cache-Control') ?? 'private, no-store');
  headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_TTL_S + PAGE_CACHE_SWR_S}`);
  headers.set(STORED_AT, String(now.getTime()));
  // The edge cache must not split or refuse the entry on Vary: the key holds the inputs.
  headers.delete('Vary');
  return new Response(response.body, { status: 200, headers });
}

export type Freshness = 'fresh' | 'stale' | 'expired';

/** Seconds since the entry was made (never negative) and whether it may still be served. */
export function freshness(stored: Response, now: Date): { age: number; state: Freshness } {
  const at = Number(stored.headers.get(STORED_AT));
  const age = Number.isFinite(at) ? Math.max(0, Math.floor((now.getTime() - at) / 1000)) : Number.POSITIVE_INFINITY;
  return { age, state: age <= PAGE_CACHE_TTL_S ? 'fresh' : age <= PAGE_CACHE_TTL_S + PAGE_CACHE_SWR_S ? 'stale' : 'expired' };
}

/**
 * The stored page as this response: the browser's own Cache-Control back, and every nonce attribute (React's and
 * the shell's scripts) set to this response's nonce, the one its CSP header names. A nonce baked into cached HTML
 * would be the same for everyone, so no nonce at all.
 */
export function servedFromCache(stored: Response, nonce: string, age: number): Response {
  const headers = new Headers(stored.headers);
  headers.set('Cache-Control', stored.headers.get(BROWSER_CACHE_CONTROL) ?? 'private, no-store');
  headers.delete(BROWSER_CACHE_CONTROL);
  headers.delete(STORED_AT);
  headers.set('Vary', 'Cookie');
  headers.set('Age', String(age));
  const rewritten = new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        element.setAttribute('nonce', nonce);
      },
    })
    .transform(stored);
  return new Response(rewritten.body, { status: 200, headers });
}
