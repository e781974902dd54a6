// The staff section of `npm run bench` (issues 14 and 15): fills one brand to 100 000 member profiles (plus 200
// fictional ones), 50 000 conversations with a fictional profile (5 000 waiting), 1 000 000 messages over the last
// 90 days (half of them staff replies, with their answer times) and 20 000 orders, rolls the daily figures up, then
// measures the D1 time (`meta.duration`, whole milliseconds locally) of the answering queue's queries, the answer
// screen's queries and the figures dashboard. The queries are the Worker's own: the service modules are bundled with
// esbuild and run against the local database through `wrangler d1 execute`, one batch per call as in the Worker.
// Alone: `node scripts/lib/bench-staff.mjs` (a database of its own in .wrangler/bench-staff-state).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { percentile } from './stats.mjs';

const PROFILES = 100_000;
const FICTIONAL = 200;
const CONVERSATIONS = 50_000;
const MESSAGES = 1_000_000;
const ORDERS = 20_000;
const BASE = 60_000_000; // member, profile and conversation ids BASE + 1..; fictional profiles BASE + PROFILES + 1..
const MESSAGE_BASE = 70_000_000;
const RUNS = 10;
export const STAFF_BUDGETS_MS = { queue: 5, screen: 5, dashboard: 10 };

/** A D1Database over the local database through `wrangler d1 execute --json` (bound values written into the SQL). */
function localD1(env, persistTo, root) {
  const literal = (v) =>
    v === null || v === undefined
      ? 'NULL'
      : typeof v === 'number'
        ? String(v)
        : typeof v === 'boolean'
          ? v
            ? '1'
            : '0'
          : `'${String(v).replace(/'/g, "''")}'`;
  const inline = ({ sql, params }) => {
    let next = 0;
    return sql.replace(/\?(\d*)/g, (_, n) => {
      const i = n ? Number(n) - 1 : next;
      next = Math.max(next, i + 1);
      return literal(params[i]);
    });
  };
  const db = {
    metas: [],
    /** How often exec runs its statements in one go (a measured call: the first round warms SQLite's cache). */
    repeat: 1,
    /** Per round, the meta of each statement of the last exec. */
    rounds: [],
    exec(statements) {
      const command = Array.from({ length: db.repeat }, () => statements.map(inline))
        .flat()
        .join(';\n');
      const file = `${persistTo}/bench-staff-statements.sql`;
      const long = command.length > 60_000;
      if (long) writeFileSync(`${root}/${file}`, command);
      const r = spawnSync(
        'wrangler',
        ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', ...(long ? ['--file', file] : ['--command', command])],
        { env, cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      );
      if (r.status !== 0) throw new Error(`d1 execute failed: ${r.stderr || r.stdout}`);
      const results = JSON.parse(r.stdout);
      db.rounds = Array.from({ length: db.repeat }, (_, i) =>
        results.slice(i * statements.length, (i + 1) * statements.length).map((x) => x.meta),
      );
      db.metas = db.rounds.at(-1);
      return results.slice(-statements.length);
    },
    prepare(sql) {
      const statement = (params) => ({
        sql,
        params,
        bind: (...p) => statement(p),
        all: async () => db.exec([{ sql, params }])[0],
        run: async () => db.exec([{ sql, params }])[0],
        first: async () => db.exec([{ sql, params }])[0].results[0] ?? null,
      });
      return statement([]);
    },
    batch: async (statements) => db.exec(statements),
  };
  return db;
}

/**
 * Vite's `import.meta.glob(pattern, { eager: true[, query: '?raw'][, import: 'default'] })` (tenants, catalogues) for esbuild: the
 * call becomes an object of static imports of the matching files.
 */
const viteGlob = {
  name: 'vite-glob',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.glob')) return undefined;
      const imports = [];
      const contents = source.replace(/import\.meta\.glob(?:<[^>]*>)?\(\s*'([^']+)'\s*,\s*\{([^}]*)\}\s*\)/g, (_, pattern, options) => {
        const dir = dirname(pattern);
        const ext = pattern.slice(pattern.lastIndexOf('*') + 1);
        const files = readdirSync(join(dirname(args.path), dir))
          .filter((f) => f.endsWith(ext))
          .sort();
        const entries = files.map((f) => {
          // `query: '?raw'` (worker/lazy-json.ts): the file's text, as Vite gives it.
          if (/query:\s*'\?raw'/.test(options))
            return `'${dir}/${f}': ${JSON.stringify(readFileSync(join(dirname(args.path), dir, f), 'utf8'))}`;
          const name = `__glob${imports.length}`;
          imports.push(`import * as ${name} from '${dir}/${f}';`);
          return `'${dir}/${f}': ${name}${/import:\s*'default'/.test(options) ? '.default' : ''}`;
        });
        return `{ ${entries.join(', ')} }`;
      });
      return { contents: `${imports.join('\n')}\n${contents}`, loader: 'ts' };
    });
  },
};

/** The Worker's own modules for the measured queries, bundled for Node. */
async function workerModules(root) {
  const outfile = `${root}/.wrangler/bench-staff-modules.mjs`;
  await build({
    stdin: {
      contents: `export { loadQueue } from './worker/staff/answering/queue';
        export { findAnsweringConversation } from './worker/staff/answering/lookup';
        export { loadConversation } from './worker/staff/answering/conversation';
        export { auditStatement } from './worker/auth/staff-session';
        export { loadDashboard } from './worker/staff/dashboard/read';
        export { rollUp } from './worker/staff/dashboard/rollup';
        import { DAY_SQL } from './worker/staff/dashboard/compute';
        export const DAY_QUERIES = Object.keys(DAY_SQL);
        export { TENANTS } from './worker/tenants';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
    external: ['cloudflare:*'],
    plugins: [viteGlob],
    define: { 'import.meta.env': '{"MODE":"production"}' },
  });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}

/** A time over the last 90 days from a row number (spread evenly, pseudo-randomly), as the Worker writes it. */
const spread = (expr) => `strftime('%Y-%m-%dT%H:%M:%fZ', julianday('now') - ((${expr}) % 7776000) / 86400.0)`;
const SERIES = (n) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;

/** The brand's bench data, once (a second run finds it and keeps it). */
function fill(db, brand) {
  const [{ n }] = db.exec([
    { sql: `SELECT COUNT(*) AS n FROM members WHERE id > ${BASE} AND id <= ${BASE + PROFILES} AND tenant_id = ?`, params: [brand] },
  ])[0].results;
  if (n === PROFILES) return false;
  const fict = BASE + PROFILES;
  const steps = [
    `${SERIES(PROFILES)} INSERT INTO members (id, tenant_id, email, status, language, signup_date, created_at, activated_at)
      SELECT ${BASE} + i, '${brand}', 'staffbench' || i || '@bench.test', 'confirmed', 'nl', ${spread('i * 7919')}, ${spread('i * 7919')},
             CASE WHEN i % 5 = 0 THEN NULL ELSE ${spread('i * 7919 - 3600')} END FROM n`,
    `${SERIES(PROFILES)} INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, region, city, last_active, created_at)
      SELECT ${BASE} + i, '${brand}', ${BASE} + i, 'Bench' || i, 'male', 'hetero', '1980-01-01', 'NL', 'NH', 'Amsterdam', ${spread('i * 7919')}, ${spread('i * 7919')} FROM n`,
    `${SERIES(FICTIONAL)} INSERT INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, fictional, last_active, created_at)
      SELECT ${fict} + i, '${brand}', NULL, 'Fictief' || i, 'female', 'hetero', '1990-01-01', 'NL', 1, ${spread('i')}, ${spread('i')} FROM n`,
    `${SERIES(CONVERSATIONS)} INSERT INTO conversations (id, tenant_id, profile_lo, profile_hi, started_by, created_at, fictional_profile_id, waiting_since)
      SELECT ${BASE} + i, '${brand}', ${BASE} + i, ${fict} + 1 + i % ${FICTIONAL}, ${BASE} + i, ${spread('i * 104729')}, ${fict} + 1 + i % ${FICTIONAL},
             CASE WHEN i % 10 = 0 THEN ${spread('i * 104729')} END FROM n`,
    // Message i belongs to conversation 1 + (i - 1) % CONVERSATIONS; even turns are the member's, odd ones the reply.
    `${SERIES(MESSAGES)} INSERT INTO messages (id, tenant_id, conversation_id, sender_profile_id, sender_member_id, recipient_profile_id, kind, body, cost, client_key, created_at)
      SELECT ${MESSAGE_BASE} + i, '${brand}', ${BASE} + 1 + (i - 1) % ${CONVERSATIONS},
             CASE WHEN ((i - 1) / ${CONVERSATIONS}) % 2 = 0 THEN ${BASE} + 1 + (i - 1) % ${CONVERSATIONS} ELSE ${fict} + 1 + (1 + (i - 1) % ${CONVERSATIONS}) % ${FICTIONAL} END,
             CASE WHEN ((i - 1) / ${CONVERSATIONS}) % 2 = 0 THEN ${BASE} + 1 + (i - 1) % ${CONVERSATIONS} END,
             CASE WHEN ((i - 1) / ${CONVERSATIONS}) % 2 = 0 THEN ${fict} + 1 + (1 + (i - 1) % ${CONVERSATIONS}) % ${FICTIONAL} ELSE ${BASE} + 1 + (i - 1) % ${CONVERSATIONS} END,
             'text', 'Hoi, hoe gaat het', 0, 'sb' || i, ${spread('i * 7919')} FROM n`,
    `INSERT INTO staff_messages (message_id, tenant_id, staff_id, conversation_id, waited_ms, created_at)
      SELECT id, tenant_id, 1, conversation_id, (id * 37) % 600000, created_at FROM messages WHERE id > ${MESSAGE_BASE} AND id <= ${MESSAGE_BASE + MESSAGES} AND sender_member_id IS NULL`,
    `${SERIES(ORDERS)} INSERT INTO orders (tenant_id, member_id, package_id, credits, currency, list_price, amount, country, method, provider, status, consent_at, language,
                                          created_at, updated_at, paid_at, refunded_at)
      SELECT '${brand}', ${BASE} + 1 + (i * 13) % ${PROFILES}, 1, 50, 'EUR', 1495, CASE WHEN i % 3 = 0 THEN 2995 ELSE 1495 END, 'NL', 'ideal', 'sandbox',
             CASE WHEN i % 100 = 0 THEN 'refunded' ELSE 'paid' END, ${spread('i * 7919')}, 'nl', ${spread('i * 7919')}, ${spread('i * 7919')}, ${spread('i * 7919')},
             CASE WHEN i % 100 = 0 THEN ${spread('i * 7919 - 7200')} END FROM n`,
  ];
  for (const sql of steps) db.exec([{ sql, params: [] }]);
  db.exec([{ sql: 'ANALYZE', params: [] }]);
  return true;
}

const stats = (values) => ({ p50: percentile(values, 0.5), max: percentile(values, 1) });

/** Fills the brand, rolls up, measures; returns the report section (budgets included). */
export async function benchStaff({ env, persistTo, brand, root }) {
  const db = localD1(env, persistTo, root);
  const w = await workerModules(root);
  const started = performance.now();
  const filled = fill(db, brand);
  const fillSeconds = Math.round((performance.now() - started) / 100) / 10;
  const now = new Date();
  const rolled = await w.rollUp(db, now);
  const rollupMs = db.metas.reduce((s, m) => s + (m?.duration ?? 0), 0);
  const tenant = w.TENANTS.find((t) => t.id === brand);

  const queue = { queue: [], waiting_count: [] };
  const screen = {
    lookup: [],
    head: [],
    member_photos: [],
    interests: [],
    profile_photos: [],
    messages: [],
    member_notes: [],
    profile_notes: [],
    // The read's own audit row (conversation_view), the last statement of the screen's batch.
    audit: [],
  };
  const dashboard = { total: [], rollup_read: [], today_live: [], ...Object.fromEntries(w.DAY_QUERIES.map((k) => [`today_${k}`, []])) };
  // Each measured call runs its batch RUNS + 1 times in one connection, as a running Worker's database would with
  // a warm cache; the first round (cold: a fresh process opens the file) is not counted.
  const measure = async (call) => {
    db.repeat = RUNS + 1;
    try {
      const result = await call();
      return { result, rounds: db.rounds.slice(1).map((metas) => metas.map((m) => m.duration)) };
    } finally {
      db.repeat = 1;
    }
  };
  const collect = (target, rounds, names) => rounds.forEach((d) => names.forEach((k, i) => target[k].push(d[i])));
  const q = await measure(() => w.loadQueue([{ db, brands: [brand] }], now));
  collect(queue, q.rounds, ['queue', 'waiting_count']);
  const lookup = await measure(() => w.findAnsweringConversation(db, q.result.items[0].brand, q.result.items[0].conversation_id));
  collect(screen, lookup.rounds, ['lookup']);
  const ref = lookup.result;
  const audited = w.auditStatement(db, {
    staffId: null,
    brand,
    action: 'conversation_view',
    targetType: 'conversation',
    targetId: ref.id,
    detail: { member_id: ref.memberId },
    now,
  });
  const conversation = await measure(() => w.loadConversation(db, tenant, ref, now, audited));
  collect(screen, conversation.rounds, Object.keys(screen).slice(1));
  // The dashboard as it is at 23:59:59.999 (yesterday's): "today" live holds a whole day of rows, its worst case.
  const endOfDay = new Date(Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`) - 1);
  const liveDay = endOfDay.toISOString().slice(0, 10);
  const from = new Date(endOfDay.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
  await w.rollUp(db, endOfDay); // the cron's run of that hour: the 89 days before it rolled up
  const dash = await measure(() => w.loadDashboard([{ db, brands: [brand] }], brand, from, liveDay, endOfDay));
  for (const d of dash.rounds) {
    dashboard.total.push(d.reduce((a, b) => a + b, 0));
    dashboard.rollup_read.push(d[0]);
    dashboard.today_live.push(d.slice(1).reduce((a, b) => a + b, 0));
    w.DAY_QUERIES.forEach((k, i) => dashboard[`today_${k}`].push(d[1 + i]));
  }
  if (dash.result.series.signups.slice(0, -1).some((v) => v === null)) throw new Error('the dashboard has days without a rollup');
  const loadAverage = (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100);
  // How fast this machine is right now (shared cores): the same way, a query that only counts to 100 000 in SQLite.
  const reference = await measure(() =>
    db.prepare('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) SELECT COUNT(*) AS n FROM n').all(),
  );
  const referenceMs = stats(reference.rounds.map((d) => d[0]));
  const section = {
    brand,
    filled,
    fillSeconds,
    profiles: PROFILES,
    fictional: FICTIONAL,
    conversations: CONVERSATIONS,
    messages: MESSAGES,
    orders: ORDERS,
    rollup: { ...rolled, d1Ms: rollupMs },
    runs: RUNS,
    loadAverage,
    referenceCount100kD1Ms: referenceMs,
    queueD1Ms: Object.fromEntries(Object.entries(queue).map(([k, v]) => [k, stats(v)])),
    screenD1Ms: Object.fromEntries(Object.entries(screen).map(([k, v]) => [k, stats(v)])),
    dashboardD1Ms: Object.fromEntries(Object.entries(dashboard).map(([k, v]) => [k, stats(v)])),
  };
  section.budgets = [
    ...Object.entries(section.queueD1Ms).map(([k, s]) =>
      staffBudget(`staff queue: ${k} query D1 time <= ${STAFF_BUDGETS_MS.queue} ms (max of ${RUNS})`, s.max, STAFF_BUDGETS_MS.queue),
    ),
    ...Object.entries(section.screenD1Ms).map(([k, s]) =>
      staffBudget(
        `staff answer screen: ${k} query D1 time <= ${STAFF_BUDGETS_MS.screen} ms (max of ${RUNS})`,
        s.max,
        STAFF_BUDGETS_MS.screen,
      ),
    ),
    staffBudget(
      `figures dashboard (90 days, today live) D1 time <= ${STAFF_BUDGETS_MS.dashboard} ms (max of ${RUNS})`,
      section.dashboardD1Ms.total.max,
      STAFF_BUDGETS_MS.dashboard,
    ),
  ];
  return section;
}

function staffBudget(name, value, limit) {
  return { name, value, limit, ok: value <= limit };
}

/**
 * The staff bench on a database of its own (migrations only; the bench brand's rows are made here, once, and kept for
 * the next run): the 100 000 profiles and 1 000 000 messages never reach the database the other runs of
 * `npm run bench` measure, in this run or the next.
 */
export async function benchStaffAlone({ env, root, run, persistTo = '.wrangler/bench-staff-state' }) {
  mkdirSync(`${root}/${persistTo}`, { recursive: true });
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo]);
  return benchStaff({ env, persistTo, brand: 'flirtlokaal', root });
}

// Alone: `node scripts/lib/bench-staff.mjs`.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { projectEnv, root, run } = await import('./setup.mjs');
  console.log(JSON.stringify(await benchStaffAlone({ env: projectEnv, root, run, persistTo: process.env.PERSIST_TO }), null, 2));
}
