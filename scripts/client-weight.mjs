#!/usr/bin/env node
// What the home page's initial JavaScript is made of (issue 20): builds the client with source maps into a
// temporary folder, follows the app entry's static imports (what the server-rendered page preloads) and lists
// each chunk's gzip size and, from its source map, the minified bytes each package or app folder adds.
// Usage: node scripts/client-weight.mjs [--keep]   (npm run bench reports the per-file sizes of the served page.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const out = mkdtempSync(join(tmpdir(), 'client-weight-'));
execFileSync('npx', ['vite', 'build', '--sourcemap'], { stdio: 'ignore', env: { ...process.env, BUILD_OUT_DIR: out } });
const dir = join(out, 'client/assets');
const entry = readdirSync(dir).find((f) => /^app-.*\.js$/.test(f));

/** The entry and its static imports, as Rollup writes them (`import ... from "./x.js"`), in load order. */
const chunks = [];
const visit = (file) => {
  if (chunks.includes(file)) return;
  chunks.push(file);
  const code = readFileSync(join(dir, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w*${},\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
};
visit(entry);

/** Minified bytes per package (node_modules/<name>) or app folder, read from the chunk's source map. */
function parts(file) {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')));
  const bytes = {};
  let prev = null;
  const add = (m, end) => {
    const source = m.source ?? '(bundler)';
    const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const key =
      pkg ??
      source
        .replace(/^(\.\.\/)+/, '')
        .replace(/^.*?\/(client|core)\//, '$1/')
        .split('/')
        .slice(0, 2)
        .join('/');
    bytes[key] = (bytes[key] ?? 0) + end - m.generatedColumn;
  };
  map.eachMapping((m) => {
    if (prev) add(prev, prev.generatedLine === m.generatedLine ? m.generatedColumn : lines[prev.generatedLine - 1].length);
    prev = m;
  });
  if (prev) add(prev, lines[prev.generatedLine - 1].length);
  return Object.entries(bytes).sort((a, b) => b[1] - a[1]);
}

let total = 0;
for (const file of chunks) {
  // Without the source map comment, which the served file does not have either.
  const code = Buffer.from(readFileSync(join(dir, file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, ''));
  const gzip = gzipSync(code, { level: 9 }).length;
  total += gzip;
  console.log(`${file}: ${code.length} B, ${(gzip / 1024).toFixed(1)} KiB gzip`);
  for (const [key, n] of parts(file)) if (n >= 500) console.log(`  ${String(n).padStart(8)}  ${key}`);
}
console.log(`home initial JS: ${(total / 1024).toFixed(1)} KiB gzip (${total} B) in ${chunks.length} files`);
if (process.argv.includes('--keep')) console.log(`build kept in ${out}`);
else rmSync(out, { recursive: true, force: true });
