// Issue 20 item 6: what a member far from the primary database sees. Local mode adds X-Debug-DB-Latency to every D1
// call of the request (worker/db/request-db.ts); this measures the members page's time to first byte and to the last
// byte at 0 ms and at 80 ms, sequentially (one request at a time: latency, not throughput), median of `runs`.
//
// Alone, against a running local server (`wrangler dev` on the built Worker, APP_ENV=local):
//   node scripts/lib/bench-db-latency.mjs --port 8902 --host flirtlokaal.localhost:8902 --cookie 'auth=...'
import { request } from 'node:http';
import { percentile } from './stats.mjs';

export const DB_LATENCIES_MS = [0, 80];

/** One GET: ms to the response head (first byte) and to the end of the body. */
function timed({ port, path, headers }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let first = null;
      res.once('data', () => (first = ms()));
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode, ttfbMs: first ?? ms(), totalMs: ms() }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Members page at each latency: `{ '0': { ttfbMs, totalMs, ... }, '80': ... }` (medians and p90). TTFB is the first
 * body byte (the head of the streamed HTML), not the status line.
 */
export async function benchDbLatency({ port, host, cookie, path = '/members', runs = 15, latencies = DB_LATENCIES_MS }) {
  const out = {};
  for (const latency of latencies) {
    // Uncompressed: wrangler dev's gzip holds the body back, which would hide when the head left the Worker.
    const headers = {
      host,
      cookie,
      'x-debug-country': 'NL',
      'accept-encoding': 'identity',
      ...(latency ? { 'x-debug-db-latency': String(latency) } : {}),
    };
    await timed({ port, path, headers }); // warm: the first request of a kind pays for compiling and caches
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await timed({ port, path, headers }));
    const bad = samples.find((s) => s.status !== 200);
    if (bad) throw new Error(`${path} answered ${bad.status} at ${latency} ms injected D1 latency`);
    const ttfb = samples.map((s) => s.ttfbMs);
    const total = samples.map((s) => s.totalMs);
    out[latency] = {
      ttfbMs: round(percentile(ttfb, 0.5)),
      ttfbP90Ms: round(percentile(ttfb, 0.9)),
      totalMs: round(percentile(total, 0.5)),
      totalP90Ms: round(percentile(total, 0.9)),
      runs,
    };
  }
  const top = Math.max(...latencies);
  // The budget of issue 20: TTFB at 80 ms injected latency <= 1.2 x that latency (the head does not wait for data).
  out.ttfbToLatency = top > 0 ? round(out[top].ttfbMs / top) : null;
  return out;
}

const round = (n) => Math.round(n * 100) / 100;

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  const port = Number(arg('--port', process.env.BENCH_PORT ?? 8790));
  const result = await benchDbLatency({
    port,
    host: arg('--host', `flirtlokaal.localhost:${port}`),
    cookie: arg('--cookie', ''),
    runs: Number(arg('--runs', 15)),
  });
  console.log(JSON.stringify(result, null, 2));
}
