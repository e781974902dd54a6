// The edge cache of visitor pages (issue 20, docs/edge-cache.md): req/s of the home page and a lander served from
// the cache, and of the home page rendered every time (a new query per request, so each one is a MISS: the cold
// edge's render plus the store), each beside the static asset's. Used by scripts/bench.mjs; on its own
// (`node scripts/lib/bench-edge-cache.mjs --port 8787 --asset /assets/x.css [--seconds 8]`) it measures a running
// local server.
import { request } from 'node:http';
import autocannon from 'autocannon';

/** One request's X-Cache answer: the measured runs must be what their names say. */
function xCache(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers['x-cache'] ?? null));
    });
    req.on('error', reject);
    req.end();
  });
}

async function load(port, path, headers, duration) {
  // [<id>] in a path is a new id per request (autocannon's idReplacement): a query no entry has.
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    headers,
    connections: 10,
    duration,
    idReplacement: path.includes('[<id>]'),
  });
  return {
    path,
    requestsPerSecond: Math.round(r.requests.average * 10) / 10,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Throughput rows keyed by target name, each with its ratio to the static asset and the X-Cache it got. */
export async function benchEdgeCache({
  port,
  host,
  asset,
  duration,
  headers = { host, 'x-debug-country': 'NL', 'accept-encoding': 'gzip' },
  also = [],
}) {
  const targets = [
    ['static asset', asset],
    ['home page (edge cache)', '/'],
    ['lander (edge cache)', '/landers/tinderswipe'],
    ['home page SSR', '/?uncached=[<id>]'],
    // More pages measured beside the same static asset: [name, path, headers added to the run's].
    ...also,
  ];
  const out = {};
  for (const [name, path, more] of targets) {
    const targetHeaders = { ...headers, ...more };
    // The first request of a cached target fills the cache; the run measures what the next visitors get.
    // A query no earlier run stored (the cache persists with the bench's state).
    const probe = path.includes('[<id>]') ? path.replace('[<id>]', `probe-${Date.now()}`) : path;
    if (name.includes('edge cache')) await xCache(port, probe, targetHeaders);
    out[name] = await load(port, path, targetHeaders, duration);
    out[name].xCache = name === 'static asset' ? null : await xCache(port, probe, targetHeaders);
  }
  for (const r of Object.values(out))
    r.ratioToStatic = Math.round((r.requestsPerSecond / out['static asset'].requestsPerSecond) * 1000) / 1000;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  const port = Number(arg('--port', process.env.PORT ?? 8787));
  const result = await benchEdgeCache({
    port,
    host: `${arg('--brand', 'flirtlokaal')}.localhost:${port}`,
    asset: arg('--asset', null),
    duration: Number(arg('--seconds', process.env.BENCH_SECONDS ?? 8)),
  });
  console.log(JSON.stringify(result, null, 2));
}
