// The cost of proxy mode (issue 16): the home and members pages of proxydemo, whose data comes over HTTP from its
// backend, against the same pages of that backend, the built-in brand proxydemo-origin, on the same server. Used by
// scripts/bench.mjs; on its own (`node scripts/lib/bench-proxy.mjs --port 8787 [--brand flirtlokaal]`) it measures
// a running local server: with --brand, just that built-in brand's pages (to compare two builds).
import { request } from 'node:http';
import autocannon from 'autocannon';

// The home page with a new query per request: rendered every time, never the edge cache's copy (docs/edge-cache.md).
const PAGES = [
  ['home page', '/?uncached=[<id>]'],
  ['members page', '/members'],
];

/** Logs a seeded demo member in through the API of `host` and returns its session cookie. */
// node:http, not fetch: fetch cannot choose the Host header, which names the brand.
async function logIn(port, host, email = 'free@demo.test') {
  const body = JSON.stringify({ email, password: 'Demo-pass-2026' });
  const res = await new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/user.php',
        method: 'POST',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
  res.resume();
  const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth='));
  if (!cookie) throw new Error(`could not log in on ${host}: ${res.statusCode}`);
  return cookie.split(';')[0];
}

async function load(port, path, headers, duration) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    headers,
    connections: 10,
    duration,
    idReplacement: path.includes('[<id>]'),
  });
  return {
    requestsPerSecond: Math.round(r.requests.average * 10) / 10,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Pages of one brand, a visitor's home and a member's search. */
export async function measureBrand({ port, brand, host = `${brand}.localhost:${port}`, cookieHost = host, duration }) {
  const cookie = await logIn(port, cookieHost);
  const out = {};
  for (const [name, path] of PAGES)
    out[name] = await load(
      port,
      path,
      { host, 'x-debug-country': 'NL', 'accept-encoding': 'gzip', ...(path.startsWith('/?') ? {} : { cookie }) },
      duration,
    );
  return out;
}

/** proxydemo against its backend: req/s ratio and the p50 each way. */
export async function benchProxy({ port, duration }) {
  // One session serves both: proxydemo passes the visitor's cookie to its backend, which made it.
  const originHost = `origin.proxydemo.localhost:${port}`;
  const builtIn = await measureBrand({ port, brand: 'proxydemo-origin', host: originHost, duration });
  const proxied = await measureBrand({ port, brand: 'proxydemo', cookieHost: originHost, duration });
  const compared = {};
  for (const [name] of PAGES) {
    compared[name] = {
      builtIn: builtIn[name],
      proxied: proxied[name],
      reqPerSecondRatio: Math.round((proxied[name].requestsPerSecond / builtIn[name].requestsPerSecond) * 1000) / 1000,
      addedP50Ms: proxied[name].latencyP50Ms - builtIn[name].latencyP50Ms,
    };
  }
  return compared;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  const port = Number(arg('--port', process.env.PORT ?? 8787));
  const duration = Number(arg('--seconds', process.env.BENCH_SECONDS ?? 8));
  const brand = arg('--brand', null);
  const result = brand ? await measureBrand({ port, brand, duration }) : await benchProxy({ port, duration });
  console.log(JSON.stringify(result, null, 2));
}
