import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { TenantSchema } from '../../core/schemas/tenant';
import velvetnights from '../../tenants/velvetnights';
import { settingsFor } from '../../worker/brand-settings';
import { yotiStandIn } from './yoti-stand-in';
import { networkStandIn } from './network-stand-in';
import { alertSink } from './alert-sink';

/**
 * A stand-in for a brand's own PHP backend, for the proxy-mode tests. It tells the test brands apart by the
 * X-Forwarded-Host the Worker sends: proxied.localhost (tests/fixtures/tenants/proxied.ts) gets an echo of the
 * request; proxypages.localhost a small backend of the API contract for the pages' data; proxybreaker.localhost
 * 500 for everything. GET /__count?key=… tells a test how many calls the backend saw (keyed as below).
 * A WebSocket upgrade of /api/live.php is the backend's live socket (liveSocket below).
 */
// TEST_UPSTREAM_PORT lets two checkouts run their tests side by side (vitest.config.ts hands it to the fixture).
export const UPSTREAM_PORT = Number(process.env.TEST_UPSTREAM_PORT ?? 18931);

/** The member the fake backend's user.php answers for the cookie auth=member (core/schemas/user.ts). */
export const UPSTREAM_USER = {
  id: 4242,
  email: 'upstream-member@backend.example',
  status: 'confirmed',
  credits: 77,
  paid_user: true,
  signup_date: '2026-01-01T00:00:00.000Z',
  language: 'en',
  notifications_disabled: [],
  invisible: false,
  signup_step: 'complete',
  fictional_icon: 'star',
  profile: { id: 4343, name: 'Upstream Uma', country: 'GB', status: 'active', main_image: null },
};

const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const velvet = TenantSchema.parse(velvetnights);

let server: Server;

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  return (req.headers.cookie ?? '')
    .split(/;\s*/)
    .map((pair) => pair.split('='))
    .find(([k]) => k === name)?.[1];
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

/** The pages' backend (brand proxypages). Calls are counted per path and test key (the cookie `test`). */
function pagesBackend(req: IncomingMessage, res: ServerResponse, url: URL) {
  const key = cookieOf(req, 'test') ?? '';
  count(`${url.pathname}|${key}`);
  if (url.pathname === '/api/settings.php') {
    count(`settings|${req.headers['cf-ipcountry']}`);
    return json(res, 200, { ...settingsFor(velvet, String(req.headers['cf-ipcountry']), 'en'), name: 'Upstream Nights', brand: undefined });
  }
  if (url.pathname === '/api/user.php') {
    // A backend that refreshes its session cookie on every call, for its own domain.
    res.setHeader('Set-Cookie', 'upstream_session=fresh; Domain=backend.example; Path=/; HttpOnly');
    const auth = cookieOf(req, 'auth');
    if (auth === 'member') return json(res, 200, { user: UPSTREAM_USER });
    if (auth === 'expired') return json(res, 401, { error: { code: 'login_required', message: 'Log in' } });
    return json(res, 200, { user: null });
  }
  if (url.pathname === '/api/chat.php') {
    const id = url.searchParams.get('id');
    if (id === '404') return json(res, 404, { error: { code: 'conversation_not_found', message: 'Not found' } });
    if (id === '401') return json(res, 401, { error: { code: 'login_required', message: 'Log in' } });
    if (id === '500') return json(res, 500, { error: 'Fatal error: Uncaught PDOException in /var/www/chat.php:12' });
    if (id === '999') return; // never answers: the Worker's timeout must
    return json(res, 200, { conversation: { id: Number(id) }, profile: null, messages: [], has_more: false });
  }
  if (url.pathname === '/api/featured.php') return json(res, 200, { profiles: [] });
  if (url.pathname === '/api/search.php') {
    const filter = { gender: 'female', country: 'GB', region: url.searchParams.get('region'), min_age: 18, max_age: 99 };
    return json(res, 200, { results: [], num_results: 0, capped: false, page: 1, page_size: 24, filter, similar: null });
  }
  // The test key `noregions` plays a backend without regions.php (the 404 below).
  if (url.pathname === '/api/regions.php' && key !== 'noregions')
    return json(res, 200, { regions: { GB: [{ code: 'SCT', name: 'Scotland (backend)' }] } });
  // The first call of a key loses its connection before any answer: a retry (GET only) gets the second.
  if (url.pathname === '/api/flaky.php') {
    if ((counts.get(`${url.pathname}|${key}`) ?? 0) === 1) return req.socket.destroy();
    return json(res, 200, { ok: true, method: req.method });
  }
  return json(res, 404, { error: { code: 'not_found', message: 'Not found' } });
}

/**
 * A backend that oversteps (issue 42): it tries to set the engine's cookies, sends CORS, Refresh, Link, a cross-site
 * Location and its server's name; /api/crash.php answers a PHP stack trace with a 500; /api/gzip.php compresses
 * when it is asked to. Calls are counted per path and client (`boundary|<path>|<X-Forwarded-For>`).
 */
function overstepping(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  count(`boundary|${url.pathname}|${req.headers['x-forwarded-for'] ?? ''}`);
  if (url.pathname === '/api/cookies.php') {
    res.setHeader('Set-Cookie', [
      'staff_session=from-backend; Path=/; HttpOnly',
      'known_device=from-backend; Path=/',
      'd1b=from-backend; Path=/',
      'i18n_redirected=de; Path=/',
      'auth=backend-session; Domain=proxied.localhost; Path=/; HttpOnly',
    ]);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Refresh', '0; url=https://evil.example/');
    res.setHeader('Link', '<https://evil.example/x.js>; rel=preload; as=script');
    res.setHeader('X-Powered-By', 'PHP/8.3.1');
    res.setHeader('Location', url.searchParams.get('to') ?? 'https://evil.example/next');
    res.setHeader('ETag', '"v1"');
    json(res, 200, { ok: true });
    return true;
  }
  if (url.pathname === '/api/crash.php') {
    res.statusCode = 500;
    res.setHeader('Content-Type', 'text/html');
    res.end('<b>Fatal error</b>: Uncaught PDOException: SQLSTATE[HY000] in /var/www/backend/api/crash.php:12');
    return true;
  }
  if (url.pathname === '/api/gzip.php') {
    const body = JSON.stringify({ acceptEncoding: req.headers['accept-encoding'] ?? null, text: 'hello '.repeat(50) });
    res.setHeader('Content-Type', 'application/json');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.setHeader('Content-Encoding', 'gzip');
      res.end(gzipSync(body));
    } else res.end(body);
    return true;
  }
  return false;
}

function echo(req: IncomingMessage, res: ServerResponse, body: string) {
  if (req.url?.startsWith('/api/slow.php')) return; // never answers: the proxy's timeout must
  res.setHeader('Content-Type', 'application/json');
  // ?cache=... and ?nocookie=1 let the caching tests choose what the upstream says about caching.
  const query = new URL(req.url ?? '/', 'http://upstream').searchParams;
  if (query.get('cache')) res.setHeader('Cache-Control', query.get('cache')!);
  if (!query.has('nocookie'))
    res.setHeader('Set-Cookie', ['upstream_session=abc; Domain=backend.example; Path=/; HttpOnly', 'second=2; Path=/']);
  res.statusCode = req.url?.startsWith('/api/missing.php') ? 404 : 200;
  res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
}

/** One unmasked server frame (RFC 6455): text, or close with a code. */
function frame(opcode: number, payload: Buffer): Buffer {
  const head =
    payload.length < 126
      ? Buffer.from([0x80 | opcode, payload.length])
      : Buffer.from([0x80 | opcode, 126, payload.length >> 8, payload.length & 255]);
  return Buffer.concat([head, payload]);
}

/**
 * The backend's live socket, just enough of RFC 6455 for the proxy test: it completes the handshake, sends what it
 * received (path, cookie, forwarding headers) as its first text frame, and answers each short text frame from the
 * client with "echo:<text>" (client frames are masked); a close frame is answered with a close of the same code.
 */
function liveSocket(req: IncomingMessage, socket: Duplex) {
  const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  const hello = {
    url: req.url,
    cookie: req.headers.cookie,
    forwardedHost: req.headers['x-forwarded-host'],
    country: req.headers['cf-ipcountry'],
  };
  socket.write(frame(1, Buffer.from(JSON.stringify(hello))));
  socket.on('data', (data: Buffer) => {
    const opcode = data[0] & 15;
    const length = data[1] & 127; // the test's frames are short (< 126 bytes)
    const mask = data.subarray(2, 6);
    const payload = Buffer.from(data.subarray(6, 6 + length).map((b, i) => b ^ mask[i % 4]));
    if (opcode === 1) socket.write(frame(1, Buffer.from(`echo:${payload.toString('utf8')}`)));
    if (opcode === 8) socket.end(frame(8, payload.subarray(0, 2)));
  });
  socket.on('error', () => undefined);
}

export async function setup() {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      if (url.pathname === '/__count') return json(res, 200, { count: counts.get(url.searchParams.get('key') ?? '') ?? 0 });
      if (yotiStandIn(req, res, url, Buffer.concat(chunks).toString('utf8'))) return;
      if (networkStandIn(req, res, url)) return;
      if (alertSink(req, res, url, Buffer.concat(chunks).toString('utf8'))) return;
      const brand = String(req.headers['x-forwarded-host'] ?? '').split('.')[0];
      if (brand === 'proxypages') return pagesBackend(req, res, url);
      if (brand === 'proxybreaker') {
        count(`breaker|${url.pathname}`);
        // Its pages' data works; every other call fails (the breaker opens per route, not for the brand).
        if (['/api/settings.php', '/api/user.php', '/api/featured.php'].includes(url.pathname)) return pagesBackend(req, res, url);
        return json(res, 500, { error: 'down' });
      }
      if (overstepping(req, res, url)) return;
      echo(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (req.url?.startsWith('/api/live.php')) return liveSocket(req, socket);
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(UPSTREAM_PORT, '127.0.0.1', resolve));
}

export async function teardown() {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
