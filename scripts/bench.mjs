#!/usr/bin/env node
// npm run bench: installs what is missing, then runs the bench (scripts/lib/bench-main.mjs) with the project's Node
// and packages. On a fresh clone this file runs before node_modules exists (under the machine's own Node), so it
// imports only helpers that use Node's built-ins. Lighthouse runs Debian's Chromium (installed when missing).
import { ensureChromium } from './lib/chromium.mjs';
import { ensureInstalled, run } from './lib/setup.mjs';

ensureInstalled();
ensureChromium();
run('node', ['scripts/lib/bench-main.mjs', ...process.argv.slice(2)]);
