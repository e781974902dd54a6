#!/usr/bin/env node
// The server the browser tests run against: the production build, on a database of its own made fresh from the
// migrations and a small seed, in local mode, served by wrangler dev (scripts/lib/serve-built.mjs). Started by
// Playwright (playwright.config.ts webServer); `npm test` builds before.
import { rmSync } from 'node:fs';
import { serveBuilt } from './lib/serve-built.mjs';
import { ensureDevVars, prepareDatabase, root } from './lib/setup.mjs';

const port = process.env.PORT || '8788';
const persistTo = '.wrangler/test-state';
rmSync(`${root}/${persistTo}`, { recursive: true, force: true });
ensureDevVars();
prepareDatabase({ persistTo, seedArgs: ['--profiles', '300'] });
const server = serveBuilt({ port, persistTo });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
