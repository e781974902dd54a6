import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sourceHash } from '../../build/source-hash';

// The visitor page cache's build version (worker/middleware/page-cache-key.ts) covers what the Worker renders, not only the
// client's asset names: a deploy that changes only a lander's inline CSS or a text must not serve cached pages of
// the build before it.

test('the sources hash follows what the server renders, and only that', () => {
  const root = mkdtempSync(join(tmpdir(), 'source-hash-'));
  try {
    for (const dir of ['worker', 'core', 'client', 'locales', 'tenants', 'landers/_shared'])
      mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'package-lock.json'), '{}');
    writeFileSync(join(root, 'landers/_shared/styles.ts'), 'export const CSS = ".a{white-space:nowrap}";');
    writeFileSync(join(root, 'locales/de.json'), '{"title":"Allgemeine Geschäftsbedingungen"}');
    const first = sourceHash(root);
    expect(sourceHash(root)).toBe(first);

    writeFileSync(join(root, 'landers/_shared/styles.ts'), 'export const CSS = ".a{max-width:100%}";');
    const restyled = sourceHash(root);
    expect(restyled).not.toBe(first);

    writeFileSync(join(root, 'locales/de.json'), '{"title":"AGB"}');
    expect(sourceHash(root)).not.toBe(restyled);

    // Outside the Worker's sources (the browser tests, the docs): the same build version.
    const before = sourceHash(root);
    mkdirSync(join(root, 'tests'));
    writeFileSync(join(root, 'tests/a.spec.ts'), 'test()');
    expect(sourceHash(root)).toBe(before);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the Worker that the tests serve carries the hash of the sources it was built from', () => {
  // `npm test` builds dist/ from this tree before Playwright runs.
  const worker = readFileSync('dist/edge_dating_engine/index.js', 'utf8');
  // The virtual module's `sources` field, as the minifier left it (`sources:"…"` or with other quotes).
  const built = /\bsources:\s*["'`]([0-9a-f]{16})["'`]/.exec(worker)?.[1];
  expect(built).toBe(sourceHash());
  // The hash of a copy with one text changed is not in it.
  const copy = mkdtempSync(join(tmpdir(), 'source-hash-copy-'));
  try {
    for (const dir of ['worker', 'core', 'client', 'landers', 'locales', 'tenants']) cpSync(dir, join(copy, dir), { recursive: true });
    cpSync('package-lock.json', join(copy, 'package-lock.json'));
    const catalogue = JSON.parse(readFileSync(join(copy, 'locales/de.json'), 'utf8'));
    catalogue.changed = 'ja';
    writeFileSync(join(copy, 'locales/de.json'), JSON.stringify(catalogue));
    expect(sourceHash(copy)).not.toBe(built);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
