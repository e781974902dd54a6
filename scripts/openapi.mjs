#!/usr/bin/env node
// Writes the OpenAPI document of the /api/*.php contract (core/contract, generated from core's zod schemas) to a
// file, and with --lint checks it with Redocly's linter (fails on errors). `npm test` runs it as a layer.
//   node scripts/openapi.mjs [--out test-results/openapi.json] [--lint]
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib/setup.mjs';

const args = process.argv.slice(2);
const out = resolve(root, args.includes('--out') ? args[args.indexOf('--out') + 1] : 'test-results/openapi.json');

/** The document, built from the TypeScript sources as the Worker builds it (esbuild is wrangler's bundler). */
export async function openApiDocument() {
  const bundled = join(root, 'node_modules/.cache/openapi-document.mjs');
  mkdirSync(dirname(bundled), { recursive: true });
  await build({
    entryPoints: [join(root, 'core/contract/openapi.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundled,
    logLevel: 'error',
  });
  const { buildOpenApiDocument } = await import(`${bundled}?t=${Date.now()}`);
  rmSync(bundled, { force: true });
  return buildOpenApiDocument();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const document = await openApiDocument();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`${out}: ${Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0)} operations`);
  if (args.includes('--lint')) {
    const lint = spawnSync('redocly', ['lint', out, '--format', 'stylish'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    process.exit(lint.status ?? 1);
  }
}
