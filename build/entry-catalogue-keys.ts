import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * What the client's entry bundle can ask the translator for, found in its sources: every string literal and
 * every `prefix.${...}` template head in the files the entry imports statically. Dynamic `import()`s are not
 * followed: what they load waits for the whole catalogue (client/i18n.ts `catalogueReady`).
 *
 * This over-approximates on purpose (a literal that only looks like a key costs a few bytes); what it must never
 * do is miss a key, or the home page would hydrate with a raw key. A key built from a variable that is not a
 * literal in these files would be missed: write such keys as `'ns.' + x` template heads or literals.
 */
export interface EntryKeys {
  /** Literal strings that look like dotted catalogue keys (`home.cta_signup`). */
  keys: string[];
  /** Template heads (`settings.notifications.types.`): every key under them counts. */
  prefixes: string[];
}

const STATIC_IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?!type\b)(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const STRING = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g;
const TEMPLATE_HEAD = /`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/gi;
const KEY_LIKE = /^[a-z][\w-]*(?:\.[\w-]+)+$/i;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null; // packages and virtual modules hold no catalogue keys of ours
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return /\.(ts|tsx)$/.test(file) ? file : null;
  }
  return null;
}

export function entryCatalogueKeys(entry: string): EntryKeys & { files: string[] } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const seen = new Set<string>();
  const queue = [resolve(entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(STATIC_IMPORT)) {
      const next = resolveImport(file, m[1]);
      if (next) queue.push(next);
    }
    for (const m of source.matchAll(STRING)) {
      const text = m[1] ?? m[2];
      if (KEY_LIKE.test(text)) keys.add(text);
    }
    for (const m of source.matchAll(TEMPLATE_HEAD)) prefixes.add(m[1]);
  }
  return { keys: [...keys].sort(), prefixes: [...prefixes].sort(), files: [...seen] };
}
