import { renderToReadableStream } from 'react-dom/server';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import { shouldShowEntryWarning } from '../../core/rules/entry-warning';
import { pageTitle } from '../../core/rules/badges';
import type { InitialState, RouteMatch } from '../../core/state';
import { App } from '../../client/app';
import { createI18n } from '../../client/i18n';
import { routeByName } from '../../client/router';
import { createAppStore } from '../../client/state/app-store';
import type { AppContext } from '../context';
import { catalogueFor } from '../i18n';
import { log, describeError } from '../log';
import { readTrafficSource } from '../services/traffic-source';
import { catalogueUrl, entryCatalogueFor } from './catalogue';
import { isLoginRequired, isNotFound, runLoaders } from './loaders';
import { pageData } from './page-data';
import { UpstreamUnavailable } from '../upstream/client';
import { nestedErrorPage } from './unknown-site';
import ASSETS from 'virtual:client-assets';
import { shellHead, shellTail } from './shell';
import { loginPathFor } from '../../core/rules/return-path';

export interface PageOptions {
  route: RouteMatch;
  status?: number;
  error?: InitialState['error'];
}

/** Builds the state a page renders with; the browser receives exactly this and hydrates from it. */
async function buildState(c: AppContext, { route, error = null }: PageOptions): Promise<InitialState> {
  const def = routeByName(route.name);
  const layout = error || !def ? 'default' : def.layout;
  // The error page must not fail for the reason the page failed: it loads nothing it can do without.
  const data = pageData(c);
  const user = error ? data.settled().user : await data.user();
  const settings = error ? data.settled().settings : await data.settings();
  const fallback = error ? {} : await runLoaders(c, route);
  const installedApp = getCookie(c, COOKIE.appMode) === '1';
  const language = c.get('language');
  return {
    settings,
    user,
    language,
    // Every page carries only the entry bundle's keys; the rest comes from a URL cached for a year, and the browser
    // hydrates a lazy screen only once it is in (client/entry.tsx). See docs/decisions/006-catalogue-splitting.md.
    catalogue: entryCatalogueFor(language),
    catalogueUrl: catalogueUrl(language),
    country: c.get('country'),
    route,
    layout,
    installedApp,
    hasTrafficSource: readTrafficSource(c) !== null,
    entryWarning: shouldShowEntryWarning({
      loggedIn: Boolean(user),
      skipped: getCookie(c, COOKIE.entryWarningSkipped) === '1',
      enabled: settings.enable_site_entry_popup,
      installedApp,
      country: c.get('country'),
      countries: settings.countries,
      layout,
      suppressedByRoute: Boolean(def?.noEntryWarning) && !error,
    }),
    fallback,
    error,
    // Nothing per request here (no request id, token or nonce): a visitor's page is served from the edge cache to
    // others with the same key (docs/edge-cache.md). The request id is the X-Request-Id header.
  };
}

/** Streams the page: the head at once, then React's stream, then the state and the client bundle. */
export async function renderPage(c: AppContext, options: PageOptions): Promise<Response> {
  let state: InitialState;
  try {
    state = await buildState(c, options);
  } catch (error) {
    if (options.error) throw error;
    // A loader found that the page's subject does not exist (or is not the member's): a real 404, not a shell.
    if (isNotFound(error)) return renderErrorPage(c, 404);
    // A proxied backend's answers (issue 16, item 2): 401 is the login page, a dead or slow backend the generic
    // error page with 502/504.
    if (isLoginRequired(error)) return c.redirect(loginPathFor(`${options.route.path}${options.route.search}`), 302);
    if (error instanceof UpstreamUnavailable) return renderErrorPage(c, error.status);
    throw error;
  }
  const nonce = c.get('nonce');
  // Always the whole catalogue: lazy parts of a page (a member's activation reminder) may render on the server
  // too, and the browser hydrates them only after it has loaded the rest (client/i18n.ts catalogueReady).
  const i18n = createI18n(state.language, catalogueFor(state.language));
  const reactStream = await renderToReadableStream(<App store={createAppStore(state)} i18n={i18n} />, {
    nonce,
    // Loaders have run before rendering, so the page is complete at once: React must not outline the screen's
    // Suspense boundary (its default for > 12.8 kB), which sent the home page as 'Loading…' plus a script that
    // swapped the content in later: crawlers saw the fallback, and the first paint waited for React's reveal.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      log(c, 'error', 'render error', describeError(error));
    },
  });
  const title = pageTitle(options.route.name === 'index' && !options.error ? state.settings.index_title : state.settings.name, 0, 0);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(shellHead(state, title, nonce, ASSETS)));
      // Lazy screens suspend once on the server; waiting for them keeps their content in place in the HTML
      // rather than behind a fallback and a swap script (the head has gone out already).
      await reactStream.allReady;
      const reader = reactStream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        controller.enqueue(value);
      }
      controller.enqueue(encoder.encode(shellTail(state, nonce, ASSETS)));
      controller.close();
    },
  });
  return new Response(body, {
    status: options.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', Vary: 'Cookie' },
  });
}

/** The error page of SPEC.md §2; if that fails too, the plain nested-failure page. */
export async function renderErrorPage(c: AppContext, status: number, message?: string): Promise<Response> {
  const url = new URL(c.req.url);
  try {
    return await renderPage(c, { route: { name: 'error', params: {}, path: url.pathname, search: '' }, status, error: { status, message } });
  } catch (error) {
    log(c, 'error', 'error page failed', describeError(error));
    const t = c.get('t');
    return new Response(nestedErrorPage({ title: t('error.nested'), link: t('error.go_home') }), { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}
