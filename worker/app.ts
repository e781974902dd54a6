import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { matchRoute } from '../core/router';
import { ROUTE_ALIASES, visitorMayOpen } from '../core/routes';
import { api } from './api/routes';
import { proxyApi } from './upstream/proxy';
import { canSearchLoggedOut } from '../core/rules/visitor';
import { hasInfoPage } from './content/page-calls';
import { camOutbound } from './cams/outbound';
import { isLocal, type AppContext, type AppEnv } from './context';
import type { Tenant } from '../core/schemas/tenant';
import { ApiFailure, apiError, genericError } from './errors';
import { faviconSvg } from './favicon';
import { describeError, log } from './log';
import { media, staffMedia } from './photos/media-route';
import { pwa } from './pwa/routes';
import { LOCAL_TOOLS } from './build-target';
import { devMailbox } from './dev/mailbox';
import { devUpstreamLog, recordUpstreamRequests } from './dev/upstream-log';
import { devOperator } from './dev/operator';
import { devSepa } from './payments/sepa/dev-page';
import { devMessageMove } from './dev/message-move';
import { devPostbacks } from './dev/postbacks';
import { localVapidKeys } from './push/vapid';
import { apiCacheControl } from './middleware/api-cache';
import { clock } from './middleware/clock';
import { explicitCacheControl } from './middleware/cache-control';
import { pageCache } from './middleware/page-cache';
import { recordClicks } from './tracking/click-middleware';
import { CROSS_SITE_CALLS } from '../core/api-urls';
import { csrf } from './middleware/csrf';
import { locale } from './middleware/locale';
import { requestId } from './middleware/request-id';
import { requestLog } from './observe/request-log';
import { securityHeaders } from './middleware/security-headers';
import { session } from './middleware/session';
import { staffPages } from './staff/pages';
import { staffSession } from './auth/staff-session';
import { loadRuntimeBrands } from './brands/runtime';
import { tenant } from './middleware/tenant';
import { requestDb } from './db/request-db';
import { catalogueRoute } from './ssr/catalogue';
import { pageForms } from './ssr/forms';
import { loginPathFor, safeReturnPath } from '../core/rules/return-path';
import { renderLander } from './ssr/lander';
import { renderErrorPage, renderPage } from './ssr/render';
import { pageData } from './ssr/page-data';
import { readTrafficSource } from './tracking/traffic-source';
import { UpstreamUnavailable } from './upstream/client';

const isProxiedApi = (c: { get(k: 'tenant'): { upstream_api?: string } }, path: string) =>
  Boolean(c.get('tenant').upstream_api) && /^\/api\/[^/]+\.php$/.test(path);

export const app = new Hono<AppEnv>();

// The middleware order lives here and nowhere else (DESIGN.md "A request's way").
app.use(requestId());
// One JSON line per request and its count in the brand's rollups, after the answer (worker/observe/request-log.ts).
app.use(requestLog());
// Outermost but one: it sees every answer, the error handler's included (worker/middleware/cache-control.ts).
app.use(explicitCacheControl());
// The app's own handler, for the sandbox checkout's webhook call (context.ts `handle`): no module imports app.ts back.
app.use(async function ownHandler(c, next) {
  c.set('handle', (request, env, ctx) => app.fetch(request, env, ctx));
  await next();
});
app.use(securityHeaders({ dev: import.meta.env.DEV }));
// Early, so that every /api answer passes it, refusals of later middleware (CSRF, body limit) and the brand's own
// backend's (proxy mode) included: personal answers are never cached, a small allow-list may be (docs/api/caching.md).
app.use('/api/*', apiCacheControl());
// Health check for load balancers and test runners: answers before any brand is resolved.
app.get('/healthz', (c) => c.text('ok'));
app.use(tenant());
// From here on c.env.DB is the brand's database in the request's D1 session (worker/db/request-db.ts).
app.use(requestDb());
app.use(localVapidKeys());
app.use(locale());
app.use(clock());
// Locally, the demo backend keeps what the engine sent it in proxy mode (/dev/upstream.json, worker/dev/upstream-log.ts).
if (LOCAL_TOOLS) app.use(recordUpstreamRequests());
app.use(async function sessionUnlessProxied(c, next) {
  // A brand in proxy mode keeps its sessions upstream; our D1 has none for it. Its pages learn who the member is
  // from the backend's user.php (worker/ssr/page-data.ts).
  if (c.get('tenant').upstream_api) {
    c.set('member', null);
    return next();
  }
  return session()(c, next);
});
// The staff workspace's own session (a different cookie): only where the workspace is.
// With the live brands made in the workspace (docs/decisions/019), so its lists show them beside the files' brands.
const workspaceSession = staffSession({ loadBrands: loadRuntimeBrands });
app.use('/api/staff/*', workspaceSession);
app.use('/staff/*', workspaceSession);
app.use('/staff', workspaceSession);
// Called by other servers (a mail client's one-click unsubscribe, the mail provider), with their own proof.
app.use(csrf({ exempt: CROSS_SITE_CALLS }));

// No API call needs more than this; uploads get their own limit on their own route.
const apiBodyLimit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => apiError(c, new ApiFailure(413, 'too_large', 'errors.too_large')) });
// The photo upload is the one exception: the built-in route applies its own, larger limit
// (worker/photos/photo-routes.ts); a brand's own backend (proxy mode) receives the upload and applies its own.
// The staff workspace's photo upload for fictional profiles (worker/staff/answering/profile-routes.ts) likewise.
const isPhotoUpload = (c: { req: { method: string; path: string } }) =>
  c.req.method === 'POST' && (c.req.path === '/api/photos.php' || c.req.path === '/api/staff/profile-photo.php');
app.use('/api/*', (c, next) => (isPhotoUpload(c) ? next() : apiBodyLimit(c, next)));
app.all('/api/*', async (c, next) => (isProxiedApi(c, c.req.path) ? proxyApi(c, c.get('tenant').upstream_api!) : next()));
// A brand in proxy mode keeps its photos in its backend: a relative cdn_prefix ('/media/') is the backend's too.
// Locally the dev tools (mailbox, fictional replies) are the backend's as well (proxydemo's origin brand).
app.all('/media/*', async (c, next) => (c.get('tenant').upstream_api ? proxyApi(c, c.get('tenant').upstream_api!) : next()));
if (LOCAL_TOOLS) {
  app.all('/dev/*', async (c, next) =>
    c.get('tenant').upstream_api && isLocal(c.env) ? proxyApi(c, c.get('tenant').upstream_api!) : next(),
  );
}
app.route('/api', api);
app.route('/media', media);
// Another brand's photos for the staff workspace on this host (worker/photos/media-route.ts).
app.route('/staff/media', staffMedia);
// The dev mailbox answers only in local mode (it checks APP_ENV itself): worker/dev/mailbox.ts. A production build
// has neither (worker/build-target.ts).
if (LOCAL_TOOLS) {
  app.route('/dev', devMailbox());
  app.route('/dev', devUpstreamLog());
  app.route('/dev', devOperator());
  // The brand's bank as a SEPA creditor sees it: debits, pain.008 files, returns (worker/payments/sepa/dev-page.ts).
  app.route('/dev', devSepa());
  app.route('/dev', devMessageMove());
  app.route('/dev', devPostbacks());
}
app.get('/favicon.svg', (c) =>
  c.body(faviconSvg(c.get('tenant')), 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }),
);

// The installable app: manifest, icons and the offline page (worker/pwa).
app.route('/', pwa);
// The whole catalogue of a language, for pages that carry only the entry bundle's keys (worker/ssr/catalogue.ts).
app.route('/i18n', catalogueRoute);

// Landers are server-rendered without the app bundle (fast for paid traffic); one folder in landers/ per variant.
app.get('/landers/:variant/:slug?', recordClicks(), pageCache(), (c) => renderLander(c, c.req.param('variant'), c.req.param('slug')));

// A click from the cam listing through to the brand's cam partner (worker/cams/outbound.ts).
app.route('/', camOutbound);

// The staff workspace: its own shell and client bundle, never the members' app (worker/staff/pages.ts).
app.route('/', staffPages);

/** Pages that exist only where the brand has what they show: its own information pages, a cam partner. */
function brandHas(tenant: Tenant, route: { def: { name: string }; params: Record<string, string> }): boolean {
  if (route.def.name === 'pages-token') return hasInfoPage(tenant, route.params.token);
  if (route.def.name === 'cams') return tenant.cams !== undefined;
  return true;
}

// Everything else is a page: match the route table, apply its guard, render. Who the member is and the settings
// come from the page data (worker/ssr/page-data.ts): the session here, the brand's backend in proxy mode. A visitor's
// page may come from the edge cache (worker/middleware/page-cache.ts, docs/edge-cache.md).
app.get('*', recordClicks(), pageCache(), async (c) => {
  const url = new URL(c.req.url);
  const alias = ROUTE_ALIASES[url.pathname.replace(/\/$/, '')];
  if (alias) return c.redirect(`${alias}${url.search}`, 301);
  const matched = matchRoute(url.pathname);
  // A page the brand does not have is a 404 like any unknown path.
  if (!matched || !brandHas(c.get('tenant'), matched)) return renderErrorPage(c, 404);
  const data = pageData(c);
  const response = await guardedPage(c, matched, url).catch((error) => {
    if (error instanceof UpstreamUnavailable) return renderErrorPage(c, error.status);
    throw error;
  });
  for (const cookie of data.cookies) response.headers.append('Set-Cookie', cookie);
  return response;
});

async function guardedPage(c: AppContext, matched: NonNullable<ReturnType<typeof matchRoute>>, url: URL): Promise<Response> {
  const data = pageData(c);
  const user = await data.user();
  // Issue 18 item 5: the login remembers the page that sent the visitor there, and returns to it afterwards.
  if (!user && !visitorMayOpen(matched.def, canSearchLoggedOut(await data.settings(), readTrafficSource(c) !== null))) {
    return c.redirect(loginPathFor(`${url.pathname}${url.search}`), 302);
  }
  if (matched.def.guard === 'visitor' && user) return c.redirect(safeReturnPath(url.searchParams.get('next')) ?? '/members', 302);
  // Issue 18 item 12: a member's home is the members' area, never the visitor's hero.
  if (matched.def.name === 'index' && user) return c.redirect(`/members${url.search}`, 302);
  return renderPage(c, {
    route: { name: matched.def.name, params: matched.params, path: url.pathname, search: url.search.slice(0, 2048) },
  });
}

// The forms that work before the script has arrived: login and the entry warning (worker/ssr/forms.ts).
app.route('/', pageForms);

// Any other form submitted before the page hydrated posts natively to the page's own address (its forms say method="post"
// so that nothing typed ends up in a URL). Nothing is done with the body: the page simply comes back, ready.
app.post('*', (c) => {
  const url = new URL(c.req.url);
  if (url.pathname.startsWith('/api/') || !matchRoute(url.pathname)) return c.notFound();
  return c.redirect(`${url.pathname}${url.search}`, 303);
});

app.notFound((c) =>
  c.req.path.startsWith('/api/') ? apiError(c, new ApiFailure(404, 'not_found', 'errors.api_not_found')) : renderErrorPage(c, 404),
);

app.onError((error, c) => {
  if (error instanceof ApiFailure) return apiError(c, error);
  const status = error instanceof HTTPException ? error.status : 500;
  if (status >= 500) log(c, 'error', 'unhandled error', describeError(error));
  if (!c.get('t')) return c.text('Error', 500);
  if (c.req.path.startsWith('/api/')) return genericError(c, status === 500 ? 500 : 400);
  return renderErrorPage(c, status);
});
