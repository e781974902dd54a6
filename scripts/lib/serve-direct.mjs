// Serves the built Worker (after `vite build`) with Miniflare alone: one workerd, as the Worker runs at the edge.
// `wrangler dev` (serve-built.mjs) puts a second workerd in front, its ProxyWorker, which passes every HTML answer
// through an HTMLRewriter for its live-reload script (decoding the gzip, parsing, encoding again): a cost per page
// that production does not have. The bench measures the edge cache's throughput here (docs/edge-cache.md).
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtConfig } from './serve-built.mjs';
import { root } from './setup.mjs';

/** Every module of the build (the entry first): the bundle imports its chunks and the argon2 wasm by path. */
function modulesOf(dir) {
  const files = readdirSync(dir, { recursive: true })
    .filter((f) => /\.(js|wasm)$/.test(f))
    .sort((a, b) => (a === 'index.js' ? -1 : b === 'index.js' ? 1 : a.localeCompare(b)));
  return files.map((f) => ({ type: f.endsWith('.wasm') ? 'CompiledWasm' : 'ESModule', path: join(dir, f) }));
}

/** Starts the built Worker on 127.0.0.1:port with D1, R2, Durable Objects and the cache in `persistTo`. */
export async function serveDirect({ port, persistTo = '.wrangler/state' }) {
  const wranglerRequire = createRequire(join(root, 'node_modules/wrangler/package.json'));
  // The Miniflare wrangler itself runs, and wrangler's reading of the built config (bindings, assets, .dev.vars).
  const { Miniflare, convertV4MiniflareOptions } = await import(pathToFileURL(wranglerRequire.resolve('miniflare')).href);
  const { unstable_getMiniflareWorkerOptions } = await import(pathToFileURL(wranglerRequire.resolve('wrangler')).href);
  const config = join(root, builtConfig());
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      // The same layout as `wrangler dev --persist-to` (its v3 folder).
      resourcePersistencePath: join(root, persistTo, 'v3'),
      // INSPECTOR_PORT=9229: each worker's V8 inspector (ws://127.0.0.1:9229/core:user:edge-dating-engine), for CPU
      // profiles of the Worker under load (docs/edge-cache.md).
      ...(process.env.INSPECTOR_PORT ? { inspectorPort: Number(process.env.INSPECTOR_PORT) } : {}),
      workers: [{ ...workerOptions, name: 'edge-dating-engine', modulesRules: undefined, modules: modulesOf(dirname(config)) }],
    }),
  );
  await mf.ready;
  return { stop: () => mf.dispose() };
}
