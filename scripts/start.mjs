#!/usr/bin/env node
// npm start / npm run dev on a fresh clone: install what is missing, migrate and seed the local D1, build, serve,
// and print the demo brands' URLs. Listens on $PORT or 8787. npm start serves the build with wrangler dev (workerd
// alone, scripts/lib/serve-built.mjs); npm run dev is vite dev with hot reload.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { serveBuilt } from './lib/serve-built.mjs';
import { ensureDevVars, ensureInstalled, prepareDatabase, projectEnv, root, run } from './lib/setup.mjs';

const dev = process.argv.includes('--dev');
const port = process.env.PORT || '8787';

ensureInstalled();
ensureDevVars();
prepareDatabase();
if (!dev) run('vite', ['build']);

// proxydemo-origin is proxydemo's backend (README "Proxy mode"), no site to visit by itself.
const brands = readdirSync(`${root}/tenants`)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((b) => b !== 'proxydemo-origin');
const stdio = ['inherit', 'pipe', 'inherit'];
const server = dev
  ? spawn('vite', ['dev', '--port', port, '--strictPort', '--host', '127.0.0.1'], {
      stdio,
      env: { ...projectEnv, DEV_LOCAL_PORT: String(port) },
      cwd: root,
    })
  : serveBuilt({ port, stdio });
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  // Vite and wrangler colour their output: strip ANSI codes before looking for the ready line.
  if (announced || !/127\.0\.0\.1:\d+/.test(String(chunk).replace(/\x1b\[[0-9;]*m/g, ''))) return;
  announced = true;
  console.log(`\nDemo brands (${dev ? 'dev server, hot reload' : 'production build'}):`);
  for (const brand of brands)
    console.log(
      `  http://${brand}.localhost:${port}/${brand === 'proxydemo' ? '  (proxy mode: its backend is this server as origin.proxydemo.localhost)' : ''}`,
    );
  console.log('\nDemo logins and the dev mailbox: see README.md. Stop with Ctrl+C.\n');
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
