// The production bundle's checks before it may go out: no local tools in it, its size against the Workers limit,
// its startup against the budget. Size and startup are measured as `npm run bench` measures them
// (scripts/lib/bench-worker.mjs), on the production build instead of dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { workerBundleSize, workerStartup } from '../bench-worker.mjs';
import { root } from '../setup.mjs';
import { LOCAL_ONLY, localToolsIn, workerCode } from './local-tools.mjs';

const MiB = 1024 * 1024;

/**
 * Cloudflare's limits (developers.cloudflare.com/workers/platform/limits): a Worker's upload, compressed, 3 MB on
 * Workers Free and 10 MB on Workers Paid; startup (evaluating the global scope) 1 s. The budgets keep room below
 * them: the bundle fits even the free plan's limit; the startup, measured with workerd's own work in it (so an upper
 * bound of the Worker's), stays 200 ms under the second.
 */
export const LIMITS = { gzipFree: 3 * MiB, gzipPaid: 10 * MiB, startupMs: 1000 };
export const BUDGETS = { gzipBytes: 3 * MiB, startupCpuMs: 800 };

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Local tools in the production build (must be none); with `localDir`, the tools the local build lacks (must be none). */
export function checkLocalTools(workerDir, localDir) {
  const problems = localToolsIn(workerCode(workerDir)).map((tool) => `the production bundle carries a local tool: ${tool}`);
  if (localDir) {
    const local = new Set(localToolsIn(workerCode(localDir)));
    for (const tool of Object.keys(LOCAL_ONLY))
      if (!local.has(tool))
        problems.push(`the local build (${localDir}) lacks ${tool}: its marker in scripts/lib/deploy/local-tools.mjs is stale`);
  }
  return problems;
}

/** Size (gzip, as the upload is compressed) against the budget and limits; one line to print, problems if over. */
export function checkSize(config) {
  const size = workerBundleSize(config);
  const line =
    `Worker bundle: ${size.files} files, ${kib(size.bytes)}, ${kib(size.gzipBytes)} gzip; budget ${kib(BUDGETS.gzipBytes)} ` +
    `(room ${kib(BUDGETS.gzipBytes - size.gzipBytes)}), limits ${kib(LIMITS.gzipFree)} free / ${kib(LIMITS.gzipPaid)} paid ` +
    `(room ${kib(LIMITS.gzipPaid - size.gzipBytes)} on paid)`;
  const problems =
    size.gzipBytes > BUDGETS.gzipBytes
      ? [`the Worker bundle is ${kib(size.gzipBytes)} gzip, over its budget of ${kib(BUDGETS.gzipBytes)}`]
      : [];
  return { size, line, problems };
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/**
 * Startup as the bench measures it: a fresh `wrangler dev` on the build until its first answer; the budget is on
 * workerd's CPU until then (an upper bound of the Worker's own startup: it includes workerd loading its config).
 * One run (each is a wrangler start: seconds); a run over budget is measured twice more and the median decides, so
 * one busy moment does not fail it.
 */
export async function checkStartup(config) {
  const persistTo = mkdtempSync(join(tmpdir(), 'deploy-startup-'));
  // A production build refuses every request without APP_SECRET (worker/env-schema.ts); a throwaway one, never a real one.
  const vars = { APP_SECRET: randomBytes(32).toString('hex') };
  try {
    let startup = await workerStartup({ port: await freePort(), persistTo, runs: 1, config: relative(config), vars });
    if (startup.workerdCpuMs > BUDGETS.startupCpuMs)
      startup = await workerStartup({ port: await freePort(), persistTo, runs: 3, config: relative(config), vars });
    const line =
      `Startup (fresh wrangler dev until the first answer, median of ${startup.runs}): workerd CPU ${startup.workerdCpuMs} ms, ` +
      `budget ${BUDGETS.startupCpuMs} ms (room ${Math.round(BUDGETS.startupCpuMs - startup.workerdCpuMs)} ms), ` +
      `Cloudflare's limit ${LIMITS.startupMs} ms; wall ${Math.round(startup.wallMs)} ms`;
    const problems = !(startup.workerdCpuMs <= BUDGETS.startupCpuMs)
      ? [`startup took ${startup.workerdCpuMs} ms of workerd CPU, over its budget of ${BUDGETS.startupCpuMs} ms`]
      : [];
    return { startup, line, problems };
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

const relative = (path) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path);
