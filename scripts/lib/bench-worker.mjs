// The Worker's own costs (issue 20, item 7): its bundle size, its startup, and the CPU time a page costs it.
//
// Local workerd does not report CPU time per request as production does, and inside a Worker the clocks stand still
// while code runs (Date.now() and performance.now() advance only on I/O), so the Worker cannot time itself. These
// numbers come from outside instead: the kernel's count of CPU time (/proc/<pid>/stat utime + stime) of the workerd
// process that serves the built Worker, read before and after N requests made one after the other. That process
// also runs local D1 (SQLite), the static-asset service and the HTTP layer, which production runs elsewhere, so
// a page's number is an upper bound of what the Worker itself spends; /healthz (no D1, no render) is measured the
// same way as the floor to subtract. Linux counts in ticks of 10 ms: N is large enough that a tick is < 1 %.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtConfig, serveBuilt } from './serve-built.mjs';
import { root } from './setup.mjs';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** The built Worker's code: index.js, its chunks and wasm (no source maps, which are uploaded apart), raw and gzip. */
export function workerBundleSize(config = builtConfig()) {
  const dir = join(root, config, '..');
  const files = [
    'index.js',
    ...readdirSync(join(dir, 'assets'))
      .filter((f) => /\.(m?js|wasm)$/.test(f))
      .map((f) => `assets/${f}`),
  ];
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.length, bytes, gzipBytes, indexBytes: readFileSync(join(dir, 'index.js')).length };
}

/** The workerd process under a server started by serveBuilt (wrangler -> workerd). */
export function workerdPid(parentPid) {
  const children = (pid) => {
    const file = `/proc/${pid}/task/${pid}/children`;
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  };
  const queue = [parentPid];
  while (queue.length) {
    const pid = queue.shift();
    if (pid !== parentPid && existsSync(`/proc/${pid}/comm`) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd') return pid;
    queue.push(...children(pid));
  }
  return null;
}

/** CPU milliseconds the process has used so far. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15 of stat)
}

function get(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Mean workerd CPU ms per request for each page, requests one after the other (no concurrency, so the count is not
 * mixed with other requests' work). `pages` is [name, path, headers][]; /healthz is added as the floor.
 */
export async function workerCpuPerPage({ serverPid, port, pages, requests = 200, warmup = 20 }) {
  const pid = workerdPid(serverPid);
  if (!pid) throw new Error('no workerd process under the server');
  const out = {};
  for (const [name, path, headers] of [['healthz (floor)', '/healthz', {}], ...pages]) {
    for (let i = 0; i < warmup; i++) await get(port, path, headers);
    const before = cpuMs(pid);
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const status = await get(port, path, headers);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
    const cpuMsPerRequest = round((cpuMs(pid) - before) / requests);
    out[name] = { path, requests, cpuMsPerRequest, wallMsPerRequest: round((performance.now() - started) / requests) };
  }
  const floor = out['healthz (floor)'].cpuMsPerRequest;
  for (const r of Object.values(out)) r.cpuMsAboveFloor = round(r.cpuMsPerRequest - floor);
  return out;
}

/**
 * Startup: a fresh `wrangler dev` on the built Worker, timed until its first answer, `runs` times (median).
 * workerdCpuMs is the CPU workerd used until then: loading its config, compiling and evaluating the Worker's
 * modules, and answering /healthz. It compares builds on one machine; it is not Cloudflare's startup time, which
 * `wrangler deploy` reports from the real upload.
 */
export async function workerStartup({ port, persistTo, runs = 3, config, vars }) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    const server = serveBuilt({ port, persistTo, stdio: 'ignore', detached: true, config, vars });
    const started = performance.now();
    try {
      let status = 0;
      while (status !== 200) {
        status = await get(port, '/healthz', {}).catch(() => 0);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
        if (performance.now() - started > 60_000) throw new Error('the Worker did not start within 60 s');
      }
      const wallMs = performance.now() - started;
      const pid = workerdPid(server.pid);
      results.push({ wallMs, workerdCpuMs: pid ? cpuMs(pid) : NaN });
    } finally {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid, 'SIGTERM');
        await exited;
      }
    }
  }
  const median = (key) => round(results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)]);
  return { runs, wallMs: median('wallMs'), workerdCpuMs: median('workerdCpuMs') };
}

function round(value) {
  return Math.round(value * 100) / 100;
}
