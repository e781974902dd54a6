import { renderToReadableStream, renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '../../core/constants';
import { countryNames } from '../../core/country-names';
import { shouldShowEntryWarning } from '../../core/rules/entry-warning';
import { pageTitle } from '../../core/rules/badges';
import type { InitialState, RouteMatch } from '../../core/state';
import type { Settings } from '../../core/schemas/settings';
import type { User } from '../../core/schemas/user';
import { App } from '../../client/app';
import { createI18n } from '../../client/i18n';
import { routeByName } from '../../core/router';
import { createAppStore } from '../../client/state/app-store';
import type { AppContext } from '../context';
import { catalogueFor } from '../i18n';
import { log, describeError } from '../log';
import { readTrafficSource } from '../tracking/traffic-source';
import { catalogueUrl, entryCatalogueFor } from './catalogue';
import { dataDecidesStatus, isLoginRequired, isNotFound, runLoaders } from './loaders';
import { pageData } from './page-data';
import { UpstreamUnavailable } from '../upstream/client';
import { nestedErrorPage } from '../middleware/unknown-site';
import ASSETS from 'virtual:client-assets';
import { html } from '../html';
import { shellBody, shellHead, shellTail } from './shell';
import { loginPathFor } from '../../core/rules/return-path';

export interface PageOptions {
  route: RouteMatch;
  status?: number;
  error?: InitialState['error'];
}

/** What the head needs and the page's data: the member and the settings, known before the head goes out. */
interface HeadInputs {
  user: User | null;
  settings: Settings;
}

/** Builds the state a page renders with; the browser receives exactly this and hydrates from it. */
function buildState(
  c: AppContext,
  { route, error = null }: PageOptions,
  { user, settings }: HeadInputs,
  fallback: Record<string, unknown>,
): InitialState {
  const def = routeByName(route.name);
  const layout = error || !def ? 'default' : def.layout;
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
    countryNames: countryNames(settings.countries, language),
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

const encoder = new TextEncoder();

/**
 * Streams the page head first (docs/decisions/010-head-first.md): the head needs only the member (the session the
 * middleware read), the settings (the tenant file) and the language, so it goes out before the route's loaders
 * ask D1, and the browser fetches the styles and scripts meanwhile. Then the body, complete, then the state and the
 * client bundle. A page whose data decides its status (a profile that may not exist, a proxied backend's 401)
 * loads that data before the head, since a status cannot change once the head is out.
 */
export async function renderPage(c: AppContext, options: PageOptions): Promise<Response> {
  const data = pageData(c);
  let head: HeadInputs;
  let fallback: Promise<Record<string, unknown>>;
  try {
    // The error page must not fail for the reason the page failed: it loads nothing it can do without.
    head = options.error ? data.settled() : { user: await data.user(), settings: await data.settings() };
    fallback = options.error ? Promise.resolve({}) : runLoaders(c, options.route);
    if (!options.error && dataDecidesStatus(c, options.route)) await fallback;
    // Settled below, in the stream; this keeps a failure from counting as unhandled until then.
    fallback.catch(() => undefined);
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
  const language = c.get('language');
  const title = pageTitle(options.route.name === 'index' && !options.error ? head.settings.index_title : head.settings.name, 0, 0);
  let settle: (html: string | null) => void = () => undefined;
  c.set('renderedPage', new Promise((resolve) => (settle = resolve)));
  /** Writes the page from its head on; answers the HTML that went out, or null when the page failed after its head. */
  const writePage = async (controller: ReadableStreamDefaultController<Uint8Array>): Promise<string | null> => {
    const screen = options.error ? null : options.route.name;
    const headHtml = shellHead({ language, settings: head.settings, catalogueUrl: catalogueUrl(language) }, screen, title, nonce, ASSETS);
    controller.enqueue(encoder.encode(headHtml));
    // Let the runtime write the head to the socket before React's render takes the thread: when the data is
    // quick, rendering would otherwise hold the head back (measured: docs/decisions/010-head-first.md).
    await new Promise((resolve) => setTimeout(resolve, 0));
    let failed = false;
    let state: InitialState;
    try {
      state = buildState(c, options, head, await fallback);
    } catch (error) {
      // The status has gone out with the head: the error screen takes the page's place, kept out of search
      // engines. Only unexpected failures get here (a missing subject was found before the head).
      log(c, 'error', 'page data failed after the head', describeError(error));
      failed = true;
      const status = isNotFound(error) ? 404 : 500;
      controller.enqueue(encoder.encode('<meta name="robots" content="noindex">'));
      state = buildState(c, { ...options, error: { status } }, data.settled(), {});
    }
    let appHtml: string;
    try {
      appHtml = await renderApp(c, state, nonce);
    } catch (error) {
      log(c, 'error', 'page render failed after the head', describeError(error));
      failed = true;
      const t = c.get('t');
      appHtml = html`<p>${t('error.nested')} <a href="/">${t('error.go_home')}</a></p>`.toString();
    }
    const rest = shellBody(appHtml, ASSETS) + shellTail(state, nonce, ASSETS);
    controller.enqueue(encoder.encode(rest));
    controller.close();
    return failed ? null : headHtml + rest;
  };
  const body = new ReadableStream<Uint8Array>({
    // The edge cache hears what went out in every case: the page, or null (keep nothing) when writing it failed.
    start: (controller) =>
      writePage(controller).then(settle, (error: unknown) => {
        settle(null);
        throw error;
      }),
  });
  return new Response(body, {
    status: options.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', Vary: 'Cookie' },
  });
}

/** React's HTML of the page, complete: every lazy screen and every loaded answer in place. */
async function renderApp(c: AppContext, state: InitialState, nonce: string): Promise<string> {
  // Always the whole catalogue: lazy parts of a page (a member's activation reminder) may render on the server
  // too, and the browser hydrates them only after it has loaded the rest (client/i18n.ts catalogueReady).
  const i18n = createI18n(state.language, catalogueFor(state.language));
  const app = () => <App store={createAppStore(state)} i18n={i18n} />;
  const atOnce = renderedAtOnce(app());
  if (atOnce !== null) return atOnce;
  const reactStream = await renderToReadableStream(app(), {
    nonce,
    // The data is loaded before React renders, so the page is complete at once: React must not outline the screen's
    // Suspense boundary (its default for > 12.8 kB), which sent the home page as 'Loading…' plus a script that
    // swapped the content in later: crawlers and browsers without JavaScript saw the fallback, and the first paint
    // waited for React's reveal. (Why the data is not streamed into Suspense boundaries: docs/decisions/010.)
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      log(c, 'error', 'render error', describeError(error));
    },
  });
  // Lazy screens suspend once on the server; waiting for them keeps their content in place in the HTML
  // rather than behind a fallback and a swap script. The whole HTML is needed anyway: its classes pick the
  // page's styles, which go out before it (worker/ssr/shell.ts).
  await reactStream.allReady;
  return new Response(reactStream).text();
}

/**
 * The page's HTML in one synchronous pass, or null when it could not be had that way. Once this isolate has loaded
 * the screen's code (every request after its first for that screen), nothing suspends, and `renderToString` gives
 * the HTML the stream gives, for about 1.5 ms less CPU a page: React's edge stream encodes each attribute and text
 * apart (docs/edge-cache.md). A page that suspends (a screen's code still loading) or fails comes back with a
 * boundary left to the client (`<!--$!-->`) or throws; the stream renders it again, waits, and logs the error. So
 * does a page for which React wrote a script of its own: only the stream gives its scripts the response's nonce.
 */
function renderedAtOnce(app: ReactElement): string | null {
  try {
    const out = renderToString(app);
    return out.includes('<!--$!-->') || out.includes('<script') ? null : out;
  } catch {
    return null;
  }
}

/** The error page of SPEC.md §2; if that fails too, the plain nested-failure page. */
export async function renderErrorPage(c: AppContext, status: number, message?: string): Promise<Response> {
  const url = new URL(c.req.url);
  try {
    return await renderPage(c, {
      route: { name: 'error', params: {}, path: url.pathname, search: '' },
      status,
      error: { status, message },
    });
  } catch (error) {
    log(c, 'error', 'error page failed', describeError(error));
    const t = c.get('t');
    return new Response(nestedErrorPage({ title: t('error.nested'), link: t('error.go_home') }), {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  }
}
