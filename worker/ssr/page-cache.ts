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
const STORED_NONCE = 'X-Page-Cache-Nonce';
const BROWSER_CACHE_CONTROL = 'X-Page-Cache-Browser';

/**
 * A visitor page as kept: its HTML as rendered, with the nonce it was rendered with (the one thing each answer
 * changes), the headers the browser gets and when it was made (the request's clock).
 */
export interface StoredPage {
  html: string;
  nonce: string;
  headers: Headers;
  storedAt: number;
}

/** The page a render answered, read whole, as kept. */
export function pageToStore(html: string, response: Response, nonce: string, now: Date): StoredPage {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', headers.get('Cache-Control') ?? 'private, no-store');
  // The edge cache must not split or refuse the entry on Vary: the key holds the inputs.
  headers.delete('Vary');
  return { html, nonce, headers, storedAt: now.getTime() };
}

/** The Cache API's copy: kept for the fresh and the stale window, with what the page needs in its own headers. */
export function cacheCopy(page: StoredPage): Response {
  const headers = new Headers(page.headers);
  headers.set(BROWSER_CACHE_CONTROL, page.headers.get('Cache-Control')!);
  headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_TTL_S + PAGE_CACHE_SWR_S}`);
  headers.set(STORED_AT, String(page.storedAt));
  headers.set(STORED_NONCE, page.nonce);
  return new Response(page.html, { status: 200, headers });
}

/** A Cache API copy read back; null for one of another form (the build version in the key makes that rare). */
export async function pageFromCache(stored: Response): Promise<StoredPage | null> {
  const storedAt = Number(stored.headers.get(STORED_AT));
  const nonce = stored.headers.get(STORED_NONCE);
  const html = await stored.text();
  if (!nonce || !Number.isFinite(storedAt)) return null;
  const headers = new Headers(stored.headers);
  headers.set('Cache-Control', stored.headers.get(BROWSER_CACHE_CONTROL) ?? 'private, no-store');
  for (const name of [BROWSER_CACHE_CONTROL, STORED_AT, STORED_NONCE, 'Age', 'CF-Cache-Status', 'Content-Length']) headers.delete(name);
  return { html, nonce, headers, storedAt };
}

export type Freshness = 'fresh' | 'stale' | 'expired';

/** Seconds since the page was made (never negative) and whether it may still be served. */
export function freshness(page: StoredPage, now: Date): { age: number; state: Freshness } {
  const age = Math.max(0, Math.floor((now.getTime() - page.storedAt) / 1000));
  return { age, state: age <= PAGE_CACHE_TTL_S ? 'fresh' : age <= PAGE_CACHE_TTL_S + PAGE_CACHE_SWR_S ? 'stale' : 'expired' };
}

/**
 * The stored page as this response: every nonce attribute (React's and the shell's scripts) set to this
 * response's nonce, the one its CSP header names. A nonce baked into cached HTML would be the same for everyone, so
 * no nonce at all. The stored nonce was random and made for that render alone, so only those attributes carry it.
 * One string, not a stream: the page goes out in one piece with its length.
 */
export function servedFromCache(page: StoredPage, nonce: string, age: number): Response {
  const headers = new Headers(page.headers);
  headers.set('Vary', 'Cookie');
  headers.set('Age', String(age));
  return new Response(page.html.replaceAll(`nonce="${page.nonce}"`, `nonce="${nonce}"`), { status: 200, headers });
}

/**
 * The pages this isolate served last, in front of the Cache API: a hit costs no subrequest and no read of the
 * body. An isolate serves many requests, so the pages of a busy brand stay here; every other isolate and location
 * still shares the Cache API's copy. Bounded by size, the least recently used leave first; the same freshness rules
 * apply, so nothing here is older than the Cache API would serve.
 */
const RECENT_LIMIT_CHARS = 4 * 1024 * 1024;
const recent = new Map<string, StoredPage>();
let recentChars = 0;

export function recentPage(key: string): StoredPage | undefined {
  const page = recent.get(key);
  if (page) {
    // Most recently used last: Map keeps insertion order.
    recent.delete(key);
    recent.set(key, page);
  }
  return page;
}

export function rememberPage(key: string, page: StoredPage): void {
  forgetPage(key);
  if (page.html.length > RECENT_LIMIT_CHARS / 8) return;
  recent.set(key, page);
  recentChars += page.html.length;
  for (const [oldest, old] of recent) {
    if (recentChars <= RECENT_LIMIT_CHARS) break;
    recent.delete(oldest);
    recentChars -= old.html.length;
  }
}

export function forgetPage(key: string): void {
  const page = recent.get(key);
  if (!page) return;
  recent.delete(key);
  recentChars -= page.html.length;
}
