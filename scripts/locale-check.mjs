#!/usr/bin/env node
// Compares every locales/*.json against the source catalogue locales/nl.json.
// Per language it reports missing keys, extra keys, {{placeholder}} mismatches,
// type mismatches (string vs. nested object) and key-order / formatting drift.
// Exits with code 1 if any language has a problem. No dependencies.
//
// Usage: node scripts/locale-check.mjs [localesDir]

import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = 'nl';
const here = dirname(fileURLToPath(import.meta.url));
const dir = resolve(process.argv[2] ?? join(here, '..', 'locales'));

/** Flattens a nested catalogue into [['a.b.c', value], ...] in document order. */
function flatten(obj, prefix = '', out = []) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out.push([key, v]);
  }
  return out;
}

/** Sorted list of interpolation tokens, e.g. ['{{brand}}', '{{name}}']. */
function placeholders(value) {
  if (typeof value !== 'string') return [];
  return (value.match(/\{\{\s*[^{}]+?\s*\}\}/g) ?? []).map((p) => p.replace(/\s+/g, '')).sort();
}

function load(file) {
  const text = readFileSync(join(dir, file), 'utf8');
  const data = JSON.parse(text);
  return { text, data };
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
if (!files.includes(`${SOURCE}.json`)) {
  console.error(`Source catalogue ${SOURCE}.json not found in ${dir}`);
  process.exit(1);
}

// Plural forms (`key_one`, `key_few` of a source key with {{count}}) belong to their language: none is required, each
// needs its key in the source and that key's placeholders.
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const baseOf = (key) => key.replace(PLURAL_FORM, '');

const source = load(`${SOURCE}.json`).data;
const sourceAll = new Map(flatten(source));
const isPluralForm = (key) => PLURAL_FORM.test(key) && String(sourceAll.get(baseOf(key)) ?? '').includes('{{count}}');
const srcFlat = [...sourceAll].filter(([k]) => !isPluralForm(k));
const srcMap = new Map(srcFlat);
const srcKeys = srcFlat.map(([k]) => k);

let failed = false;
const summary = [];

for (const file of files) {
  const lang = file.slice(0, -'.json'.length);
  if (lang === SOURCE) continue;

  const problems = [];
  let parsed;
  try {
    parsed = load(file);
  } catch (err) {
    problems.push(`  invalid JSON: ${err.message}`);
  }

  if (parsed) {
    const all = flatten(parsed.data);
    const plurals = all.filter(([k]) => isPluralForm(k));
    const flat = all.filter(([k]) => !isPluralForm(k));
    const map = new Map(flat);

    const missing = srcKeys.filter((k) => !map.has(k));
    const extra = flat.map(([k]) => k).filter((k) => !srcMap.has(k));
    const placeholderIssues = [];
    const typeIssues = [];
    for (const [key, val] of plurals) {
      const want = placeholders(srcMap.get(baseOf(key)));
      if (want.join('|') !== placeholders(val).join('|'))
        placeholderIssues.push(`    ${key}: expected [${want.join(', ')}], got [${placeholders(val).join(', ')}]`);
    }

    for (const [key, srcVal] of srcFlat) {
      if (!map.has(key)) continue;
      const val = map.get(key);
      if (typeof val !== typeof srcVal) {
        typeIssues.push(`    ${key}: expected ${typeof srcVal}, got ${Array.isArray(val) ? 'array' : typeof val}`);
        continue;
      }
      if (typeof val === 'string' && val.trim() === '' && srcVal.trim() !== '') {
        typeIssues.push(`    ${key}: empty translation`);
      }
      const want = placeholders(srcVal);
      const got = placeholders(val);
      if (want.join('|') !== got.join('|')) {
        placeholderIssues.push(`    ${key}: expected [${want.join(', ')}], got [${got.join(', ')}]`);
      }
    }

    // Keys present in both must appear in the same order as in the source.
    const common = srcKeys.filter((k) => map.has(k));
    const order = flat.map(([k]) => k).filter((k) => srcMap.has(k));
    const firstOff = common.findIndex((k, i) => order[i] !== k);

    if (missing.length) problems.push(`  missing keys (${missing.length}):`, ...missing.map((k) => `    ${k}`));
    if (extra.length) problems.push(`  extra keys (${extra.length}):`, ...extra.map((k) => `    ${k}`));
    if (placeholderIssues.length) problems.push(`  placeholder mismatches (${placeholderIssues.length}):`, ...placeholderIssues);
    if (typeIssues.length) problems.push(`  value problems (${typeIssues.length}):`, ...typeIssues);
    if (firstOff !== -1) problems.push(`  key order differs from ${SOURCE}.json, first at: ${common[firstOff]} (found ${order[firstOff]})`);
    if (parsed.text !== `${JSON.stringify(parsed.data, null, 2)}\n`) {
      problems.push('  formatting: expected 2-space indented JSON with a trailing newline');
    }
  }

  if (problems.length) {
    failed = true;
    console.log(`✗ ${lang}`);
    for (const line of problems) console.log(line);
  } else {
    summary.push(lang);
    console.log(`✓ ${lang}: ${srcKeys.length} keys OK`);
  }
}

console.log(
  failed
    ? `\nLocale check FAILED (source: ${SOURCE}.json, ${srcKeys.length} keys).`
    : `\nAll ${summary.length} locales match ${SOURCE}.json (${srcKeys.length} keys).`,
);
process.exit(failed ? 1 : 0);
