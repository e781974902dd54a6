// Serves the built Worker (after `vite build`) with wrangler dev: workerd answers HTTP itself, with no Node proxy in
// front. `vite preview` put one there, and when the Worker answered a POST without reading its body (a CSRF refusal,
// a 413, an upload refused before its form was read) that proxy failed the request or the next one on the socket
// with a 500 and a Node stack trace (tests/node/early-refusals.spec.ts). wrangler dev passes the Host header through
// (so <brand>.localhost works), gzips like the edge, reads the .dev.vars that `vite build` copied next to the built
// config (local mode), and keeps D1, R2 and Durable Objects in `persistTo`, the same layout the seed and
// `wrangler d1 execute --persist-to` write.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectEnv, root } from './setup.mjs';

/** <out>/<worker>/wrangler.json (out: dist/ unless a build was told BUILD_OUT_DIR): the Vite plugin names the folder after the Worker. */
export function builtConfig(out = 'dist') {
  const dist = join(root, out);
  const worker = existsSync(dist) ? readdirSync(dist).find((d) => d !== 'client' && existsSync(join(dist, d, 'wrangler.json'))) : undefined;
  if (!worker) throw new Error(`No built Worker in ${out}/: run \`vite build\` first.`);
  return join(out, worker, 'wrangler.json');
}

/**
 * Starts `wrangler dev` on the built output, listening on 127.0.0.1:port. Stop it by its own PID (or its process
 * group when `detached`): killing it ends its workerd too.
 */
export function serveBuilt({
  port,
  persistTo = '.wrangler/state',
  stdio = 'inherit',
  detached = false,
  config = builtConfig(),
  vars = {},
}) {
  const args = [
    'dev',
    '-c',
    config,
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    // Mails sent without a request (notification mails) link to <brand>.localhost on this port (worker/mail/scope.ts).
    '--var',
    `LOCAL_PORT:${port}`,
    // A production build has no .dev.vars beside it: the deploy dry run gives it what its first request checks.
    ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
  ];
  return spawn('wrangler', args, { stdio, env: projectEnv, cwd: root, detached });
}
