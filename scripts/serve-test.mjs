#!/usr/bin/env node
// The server the browser tests run against: the production build, on a database of its own made fresh from the
// migrations and a small seed, in local mode. Started by Playwright (playwright.config.ts webServer).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureDevVars, prepareDatabase, projectEnv, root } from './lib/setup.mjs';

const port = process.env.PORT || '8788';
const persistTo = '.wrangler/test-state';
rmSync(`${root}/${persistTo}`, { recursive: true, force: true });
ensureDevVars();
prepareDatabase({ persistTo, seedArgs: ['--profiles', '300'] });
const server = spawn('vite', ['preview', '--port', port, '--strictPort', '--host', '127.0.0.1'], {
  stdio: 'inherit',
  env: { ...projectEnv, PERSIST_TO: persistTo },
  cwd: root,
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
