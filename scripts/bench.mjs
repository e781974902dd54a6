#!/usr/bin/env node
// npm run bench: builds, serves the Worker locally on a database of its own, and measures. Writes
// bench/report.json and bench/summary.md. Budgets are checked by reading the report, never by timed tests.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureDevVars, ensureInstalled, prepareDatabase, projectEnv, root, run } from './lib/setup.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8790);
const BRAND = 'flirtlokaal';
const HOST = `${BRAND}.localhost:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const persistTo = '.wrangler/bench-state';
const profiles = process.argv.includes('--profiles') ? process.argv[process.argv.indexOf('--profiles') + 1] : '3000';

ensureInstalled();
ensureDevVars();
prepareDatabase({ persistTo, seedArgs: ['--profiles', profiles] });
const session = createBenchSession();
run('vite', ['build']);

const server = spawn('vite', ['preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'], {
  stdio: 'ignore',
  env: { ...projectEnv, PERSIST_TO: persistTo },
  cwd: root,
  detached: true,
});
process.on('exit', () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
});

try {
  await waitFor(`http://127.0.0.1:${PORT}/healthz`);
  const headers = { host: HOST, 'x-debug-country': 'NL', 'accept-encoding': 'gzip' };
  const home = await page('/', headers);
  const lander = await page('/landers/tinderswipe', headers);
  const members = await page('/members', { ...headers, cookie: session });
  const cssAsset = home.css[0];
  if (home.status !== 200 || !cssAsset) throw new Error(`the home page did not render (status ${home.status})`);

  const targets = [
    ['static asset', cssAsset, headers],
    ['home page SSR', '/', headers],
    ['members page SSR', '/members', { ...headers, cookie: session }],
    ['/api/settings.php', '/api/settings.php', headers],
  ];
  const throughput = {};
  for (const [name, path, h] of targets) throughput[name] = await load(path, h);
  const staticRps = throughput['static asset'].requestsPerSecond;
  for (const r of Object.values(throughput)) r.ratioToStatic = round(r.requestsPerSecond / staticRps, 3);

  const sizes = { home: await weigh(home), lander: await weigh(lander), members: await weigh(members) };
  const budgets = [
    budget('home initial JS gzip <= 100 KiB', sizes.home.jsGzipBytes, '<=', 100 * 1024),
    budget('home initial CSS gzip <= 20 KiB', sizes.home.cssGzipBytes, '<=', 20 * 1024),
    budget('home SSR >= 25% of static req/s', throughput['home page SSR'].ratioToStatic, '>=', 0.25),
  ];
  const report = { date: new Date().toISOString(), profilesPerBrand: Number(profiles), durationSeconds: DURATION, throughput, sizes, budgets };
  mkdirSync(`${root}/bench`, { recursive: true });
  writeFileSync(`${root}/bench/report.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${root}/bench/summary.md`, summary(report));
  console.log(`\n${summary(report)}`);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
}

/** A member with a live session in the bench database, so the members page can be measured logged in. */
function createBenchSession() {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const sql = [
    `INSERT OR REPLACE INTO members (id, tenant_id, email, status, credits, paid_user, signup_date, created_at) VALUES (99000001, '${BRAND}', 'bench@bench.test', 'confirmed', 50, 1, '${now}', '${now}')`,
    `INSERT OR REPLACE INTO profiles (id, tenant_id, member_id, name, gender, sexuality, birthdate, country, last_active, created_at) VALUES (99000001, '${BRAND}', 99000001, 'Bench', 'male', 'hetero', '1985-01-01', 'NL', '${now}', '${now}')`,
    `INSERT INTO sessions (token_hash, tenant_id, member_id, created_at, expires_at) VALUES ('${hash}', '${BRAND}', 99000001, '${now}', '${later}')`,
  ].join('; ');
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', sql], { env: projectEnv, cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`could not create the bench session: ${r.stderr}`);
  return `auth=${token}`;
}

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start: ${url}`);
}

/** GET over node:http: fetch() would drop the Host header that picks the brand. */
function get(path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, headers: { ...headers, 'accept-encoding': 'identity' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function page(path, headers) {
  const res = await get(path, headers);
  const html = res.body.toString('utf8');
  const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/&amp;/g, '&'));
  return {
    path,
    status: res.status,
    js: [...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)],
    css: attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
  };
}

async function weigh(p) {
  const size = async (urls) => {
    let total = 0;
    for (const url of urls) {
      total += gzipSync((await get(url, { host: HOST })).body, { level: 9 }).length;
    }
    return total;
  };
  return { path: p.path, status: p.status, files: [...p.js, ...p.css], jsGzipBytes: await size(p.js), cssGzipBytes: await size(p.css) };
}

async function load(path, headers) {
  const result = await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, headers, connections: 10, duration: DURATION });
  return {
    path,
    requestsPerSecond: round(result.requests.average, 1),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function budget(name, value, op, limit) {
  return { name, value, limit, ok: op === '<=' ? value <= limit : value >= limit };
}

function round(n, digits) {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}

function summary(r) {
  const lines = [`# Benchmark ${r.date}`, '', `Seed: ${r.profilesPerBrand} profiles per brand; ${r.durationSeconds} s per target, 10 connections.`, ''];
  lines.push('| target | req/s | p50 ms | p99 ms | ratio to static | non-2xx |', '|---|---|---|---|---|---|');
  for (const [name, t] of Object.entries(r.throughput)) lines.push(`| ${name} | ${t.requestsPerSecond} | ${t.latencyP50Ms} | ${t.latencyP99Ms} | ${t.ratioToStatic} | ${t.non2xx} |`);
  lines.push('', '| page | initial JS gzip | initial CSS gzip |', '|---|---|---|');
  for (const [name, s] of Object.entries(r.sizes)) lines.push(`| ${name} (${s.path}) | ${(s.jsGzipBytes / 1024).toFixed(1)} KiB | ${(s.cssGzipBytes / 1024).toFixed(1)} KiB |`);
  lines.push('', '| budget | value | ok |', '|---|---|---|');
  for (const b of r.budgets) lines.push(`| ${b.name} | ${b.value} | ${b.ok ? 'yes' : 'NO'} |`);
  return `${lines.join('\n')}\n`;
}
