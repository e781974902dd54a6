// The paid-traffic section of `npm run bench` (issue 47), `BENCH_ONLY=traffic`: the funnel of a brand with 1 000 000
// clicks over the last 92 days and 100 000 members who came by them (their signups, confirmations, first messages,
// purchases and refunds), seeded with SQL in one go; the rollup run as the cron runs it; then the D1 time of
// traffic.php's statements (the Worker's own trafficFunnel, bundled with esbuild) for each dimension over 92 days
// (the daily rollup for whole past days, the hourly one for the full hours of the days after, the rest from the raw
// rows). Budget: 50 ms. Measured at its worst moment: at 00:06:59 UTC, just before the run at minute 7, the last run
// an hour ago (23:07): yesterday's hours 00-22 from the hourly rollup, and 67 minutes from the raw rows.
// The database is SQLite from the real migrations through node:sqlite (the engine D1 runs locally), behind a
// D1Database of the statements' own time: what `meta.duration` measures, without wrangler's process per call.
// Alone: `node scripts/lib/bench-traffic.mjs` (needs Node 22: node_modules/.bin first on PATH).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { percentile } from './stats.mjs';

export const TRAFFIC_BUDGET_MS = 50;
const CLICKS = Number(process.env.BENCH_TRAFFIC_CLICKS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_TRAFFIC_MEMBERS ?? 100_000);
const BRAND = 'flirtlokaal';
const RUNS = 10;

/** A D1Database over node:sqlite; each statement's own time is kept (the sum of a batch is its D1 time). */
function d1(db) {
  const timings = [];
  const value = (v) => (v === undefined ? null : typeof v === 'boolean' ? (v ? 1 : 0) : v);
  const exec = (s) => {
    const t0 = performance.now();
    const p = db.prepare(s.sql);
    const params = s.params.map(value);
    let results = [];
    let changes = 0;
    if (p.columns().length) results = p.all(...params);
    else changes = Number(p.run(...params).changes);
    const duration = performance.now() - t0;
    timings.push(duration);
    return { results, success: true, meta: { duration, changes } };
  };
  const statement = (sql, params = []) => ({
    sql,
    params,
    bind: (...p) => statement(sql, p),
    all: async () => exec({ sql, params }),
    run: async () => exec({ sql, params }),
    first: async () => exec({ sql, params }).results[0] ?? null,
  });
  return {
    timings,
    prepare: (sql) => statement(sql),
    async batch(statements) {
      db.exec('BEGIN');
      try {
        const out = statements.map(exec);
        db.exec('COMMIT');
        return out;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}

async function workerModules(root) {
  const outfile = `${root}/.wrangler/bench-traffic-modules.mjs`;
  await build({
    stdin: {
      contents: `export { trafficFunnel } from './worker/tracking/funnel';
        export { rollUpTraffic, TRAFFIC_EVENTS_SQL } from './worker/tracking/traffic-rollup';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

function seed(db, now) {
  const at = (seconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${now / 1000}, 'unixepoch', '-' || (${seconds}) || ' seconds')`;
  const span = 92 * 86_400 - 60;
  db.exec(`INSERT INTO traffic_networks (tenant_id, name, label, postback_host, payout_model, payout_amount, revshare_percent, created_at, updated_at)
    VALUES ('${BRAND}', 'alpha', 'Alpha', 'a.example', 'cpa', 2500, 0, '2026-01-01', '2026-01-01'),
           ('${BRAND}', 'beta', 'Beta', 'b.example', 'cpl', 300, 0, '2026-01-01', '2026-01-01'),
           ('${BRAND}', 'gamma', 'Gamma', 'c.example', 'revshare', 0, 35, '2026-01-01', '2026-01-01'),
           ('${BRAND}', 'delta', 'Delta', 'd.example', 'cpa', 1500, 0, '2026-01-01', '2026-01-01')`);
  db.exec('BEGIN');
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CLICKS})
    INSERT INTO clicks (id, tenant_id, network_id, campaign, sub1, network_click_id, lander, country, device, created_at)
    SELECT 'c' || i, '${BRAND}', 1 + i % 4, 'camp' || (i % 12), 's' || (i * 7 % 40), 'x' || i, '/landers/v' || (i % 3),
           CASE i % 5 WHEN 0 THEN 'NL' WHEN 1 THEN 'BE' WHEN 2 THEN 'DE' WHEN 3 THEN 'AT' ELSE 'GB' END,
           CASE i % 3 WHEN 0 THEN 'mobile' WHEN 1 THEN 'desktop' ELSE 'tablet' END, ${at(`(i * 7919) % ${span}`)} FROM n`);
  // Member j came by click j*10 and did things a little after it.
  const conv = (event, filter, ref = "'member'", amount = 0, currency = 'NULL', later = 600, extra = '') =>
    db.exec(`WITH RECURSIVE n(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM n WHERE j < ${MEMBERS})
      INSERT INTO conversions (tenant_id, member_id, network_id, click_id, event, ref, order_id, amount, currency, created_at${extra ? ', reversed_at, reversal_kind' : ''})
      SELECT '${BRAND}', j, c.network_id, c.id, '${event}', ${ref}, ${ref === "'member'" ? 'NULL' : 'j'}, ${amount}, ${currency},
             strftime('%Y-%m-%dT%H:%M:%fZ', c.created_at, '+${later} seconds')${extra}
        FROM n JOIN clicks c ON c.id = 'c' || (j * 10) WHERE ${filter} AND strftime('%Y-%m-%dT%H:%M:%fZ', c.created_at, '+${later} seconds') < '${new Date(now).toISOString()}'`);
  conv('signup', 'true');
  conv('confirm', 'j % 10 < 7', "'member'", 0, 'NULL', 900);
  conv('first_message', 'j % 10 < 4', "'member'", 0, 'NULL', 1800);
  conv('first_purchase', 'j % 10 = 0', "'order:' || j", 2995, "'EUR'", 3600);
  conv('purchase', 'j % 20 = 0', "'order:' || (j + 1000000)", 4995, "'EUR'", 86400);
  conv(
    'first_purchase',
    'j % 100 = 5',
    "'order:' || j",
    2995,
    "'GBP'",
    3600,
    ", strftime('%Y-%m-%dT%H:%M:%fZ', c.created_at, '+2 days'), 'refund'",
  );
  db.exec('COMMIT');
}

export async function benchTraffic({ root }) {
  mkdirSync(`${root}/.wrangler`, { recursive: true });
  const db = new DatabaseSync(':memory:');
  for (const file of readdirSync(`${root}/migrations`)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    db.exec(readFileSync(`${root}/migrations/${file}`, 'utf8'));
  const midnight = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const now = midnight + 6 * 60_000 + 59_000;
  const lastRun = midnight - 53 * 60_000;
  let t0 = performance.now();
  seed(db, now);
  const seededMs = performance.now() - t0;
  const counts = db.prepare(`SELECT (SELECT COUNT(*) FROM clicks) AS clicks, (SELECT COUNT(*) FROM conversions) AS conversions`).get();
  db.exec('ANALYZE');
  const { trafficFunnel, rollUpTraffic, TRAFFIC_EVENTS_SQL } = await workerModules(root);
  if (process.env.BENCH_TRAFFIC_DEBUG)
    console.log(
      db
        .prepare(`EXPLAIN QUERY PLAN ${TRAFFIC_EVENTS_SQL}`)
        .all(BRAND, '2026-11-29', '2026-11-30')
        .map((r) => r.detail)
        .join('\n'),
    );
  const D1 = d1(db);
  t0 = performance.now();
  const rolled = await rollUpTraffic(D1, new Date(lastRun), [BRAND]);
  const rollupMs = performance.now() - t0;
  t0 = performance.now();
  await rollUpTraffic(D1, new Date(lastRun), [BRAND]);
  const hourlyMs = performance.now() - t0;
  const rollupRows = db.prepare('SELECT COUNT(*) AS n FROM traffic_daily').get().n;
  const hourlyRows = db.prepare('SELECT COUNT(*) AS n FROM traffic_hourly').get().n;
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - 91 * 86_400_000).toISOString().slice(0, 10);
  const funnel = {};
  for (const by of ['network', 'campaign', 'sub1', 'lander', 'country', 'day']) {
    const runs = [];
    for (let i = 0; i <= RUNS; i++) {
      D1.timings.length = 0;
      await trafficFunnel(D1, BRAND, by, from, to, new Date(now));
      if (i > 0) runs.push(D1.timings.reduce((a, b) => a + b, 0));
      if (process.env.BENCH_TRAFFIC_DEBUG && i === 1) console.log(by, D1.timings.map((t) => t.toFixed(1)).join(' '));
    }
    funnel[by] = { p50: percentile(runs, 0.5), max: Math.round(Math.max(...runs) * 10) / 10 };
  }
  const worst = Math.max(...Object.values(funnel).map((f) => f.max));
  return {
    ...counts,
    members: MEMBERS,
    seeded_ms: Math.round(seededMs),
    measured_at: new Date(now).toISOString(),
    last_run_at: new Date(lastRun).toISOString(),
    rollup: {
      first_run_ms: Math.round(rollupMs),
      days: rolled.days,
      hourly_run_ms: Math.round(hourlyMs),
      rows: rollupRows,
      hourly_rows: hourlyRows,
      raw_minutes: Math.round((now - Math.floor(lastRun / 3_600_000) * 3_600_000) / 60_000),
    },
    funnel_92_days_ms: funnel,
    budget_ms: TRAFFIC_BUDGET_MS,
    within_budget: worst <= TRAFFIC_BUDGET_MS,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
  const result = await benchTraffic({ root });
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.within_budget ? 0 : 1);
}
