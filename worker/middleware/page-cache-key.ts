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

/**
 * The build: a page names its hashed bundle files and is rendered by the Worker's code, texts and brand files
 * (ASSETS.sources), so a deploy must never serve a page of the previous one.
 */
export const BUILD_VERSION = fnv1a(
  JSON.stringify([FORMAT, ASSETS.dev, ASSETS.sources, ASSETS.app.script, ASSETS.app.css, ASSETS.lander.script, ASSETS.lander.css]),
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
 * The cache key as a URL under the request's own origin (the Cache API keys by URL, and takes it as a string: a
 * HIT from this isolate makes no Request object). The query is part of it as
 * sent: a page's state carries its own query (route.search) and a lander's entry-warning form carries it back, so
 * two queries are two pages. An empty `?` is no query.
 */
export function pageCacheKey(input: PageKeyInput): string {
  const flags = `${input.installedApp ? 'a' : '-'}${input.entryWarningSkipped ? 'e' : '-'}${input.hasTrafficSource ? 't' : '-'}`;
  const parts = [BUILD_VERSION, input.tenant, input.language, input.country ?? 'xx', flags].map(encodeURIComponent).join('/');
  const search = input.url.search.length > 1 ? input.url.search : '';
  return `${input.url.origin}/__page-cache/${parts}${input.url.pathname}${search}`;
}

/** The zone's edge cache. The project's types include the DOM's CacheStorage, which knows no `default`. */
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

const STORED_AT = 'X-Page-Cache-Stored';
const STORED_NONCE = 'X-Page-Cache-Nonce';
const BROWSER_CACHE_CONTROL = 'X-Page-Cache-Browser';

/**
 * A visitor page as kept: its HTML as rendered, in UTF-8 and cut where the nonce it was rendered with stands (the
 * one thing each answer changes), the headers the browser gets and when it was made (the request's clock). `shared`
 * says whether the Cache API has it too (or a write of it is under way), so it is written there once.
 */
export interface StoredPage {
  /** The HTML around each `nonce="…"` attribute; `bytes` long together. */
  parts: Uint8Array[];
  bytes: number;
  nonce: string;
  headers: Headers;
  storedAt: number;
  shared: boolean;
}

const utf8 = new TextEncoder();
const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** The HTML as kept: encoded once, cut at its nonce attributes. */
function cutAtNonce(html: string, nonce: string): Pick<StoredPage, 'parts' | 'bytes'> {
  const parts = html.split(nonceAttribute(nonce)).map((part) => utf8.encode(part));
  return { parts, bytes: parts.reduce((sum, part) => sum + part.byteLength, 0) };
}

/**
 * The page's HTML with `nonce` in every nonce attribute, as one buffer: copying the kept bytes costs far less
 * than a search and replace over the page and its encoding for every answer.
 */
function pageBody(page: StoredPage, nonce: string): Uint8Array<ArrayBuffer> {
  const attribute = utf8.encode(nonceAttribute(nonce));
  const body = new Uint8Array(page.bytes + attribute.byteLength * (page.parts.length - 1));
  let at = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(attribute, at);
      at += attribute.byteLength;
    }
    body.set(part, at);
    at += part.byteLength;
  });
  return body;
}

/** The page a render answered, whole, as kept; `headers` is a copy of the answer's, which the entry keeps. */
export function pageToStore(html: string, headers: Headers, nonce: string, now: Date): StoredPage {
  headers.set('Cache-Control', headers.get('Cache-Control') ?? 'private, no-store');
  // The edge cache must not split or refuse the entry on Vary: the key holds the inputs.
  headers.delete('Vary');
  return { ...cutAtNonce(html, nonce), nonce, headers, storedAt: now.getTime(), shared: false };
}

/** The Cache API's copy: kept for the fresh and the stale window, with what the page needs in its own headers. */
export function cacheCopy(page: StoredPage): Response {
  const headers = new Headers(page.headers);
  headers.set(BROWSER_CACHE_CONTROL, page.headers.get('Cache-Control')!);
  headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_TTL_S + PAGE_CACHE_SWR_S}`);
  headers.set(STORED_AT, String(page.storedAt));
  headers.set(STORED_NONCE, page.nonce);
  return new Response(pageBody(page, page.nonce), { status: 200, headers });
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
  return { ...cutAtNonce(html, nonce), nonce, headers, storedAt, shared: true };
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
 * One buffer, not a stream: the page goes out in one piece with its length.
 */
export function servedFromCache(page: StoredPage, nonce: string, age: number): Response {
  const headers = new Headers(page.headers);
  headers.set('Vary', 'Cookie');
  headers.set('Age', String(age));
  return new Response(pageBody(page, nonce), { status: 200, headers });
}

/**
 * The pages this isolate served last, in front of the Cache API: a hit costs no subrequest and no read of the
 * body. An isolate serves many requests, so the pages of a busy brand stay here; every other isolate and location
 * still shares the Cache API's copy. Bounded by size, the least recently used leave first; the same freshness rules
 * apply, so nothing here is older than the Cache API would serve.
 */
const RECENT_LIMIT_BYTES = 4 * 1024 * 1024;
const recent = new Map<string, StoredPage>();
let recentBytes = 0;

export function recentPage(key: string): StoredPage | undefined {
  const page = recent.get(key);
  if (page) {
    // Most recently used last: Map keeps insertion order.
    recent.delete(key);
    recent.set(key, page);
  }
  return page;
}

/** Keeps the page in this isolate; false for a page too large to keep here. */
export function rememberPage(key: string, page: StoredPage): boolean {
  forgetPage(key);
  if (page.bytes > RECENT_LIMIT_BYTES / 8) return false;
  recent.set(key, page);
  recentBytes += page.bytes;
  for (const [oldest, old] of recent) {
    if (recentBytes <= RECENT_LIMIT_BYTES) break;
    recent.delete(oldest);
    recentBytes -= old.bytes;
  }
  return true;
}

export function forgetPage(key: string): void {
  const page = recent.get(key);
  if (!page) return;
  recent.delete(key);
  recentBytes -= page.bytes;
}
