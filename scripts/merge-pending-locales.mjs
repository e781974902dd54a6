#!/usr/bin/env node
// Merges locales/pending/*.json ({ "<lang>": { nested keys } }) into locales/<lang>.json, keeping key order
// (new keys are appended to their namespace), then deletes the merged pending files (kept with --keep, so a branch
// can merge again after taking another branch's catalogues). Used when several people add strings at once; run
// scripts/locale-check.mjs afterwards.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const dir = new URL('../locales/', import.meta.url);
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    else target[key] = value;
  }
  return target;
};
for (const file of readdirSync(new URL('pending/', dir)).filter((f) => f.endsWith('.json'))) {
  const pending = JSON.parse(readFileSync(new URL(`pending/${file}`, dir), 'utf8'));
  for (const [language, strings] of Object.entries(pending)) {
    const path = new URL(`${language}.json`, dir);
    const catalogue = merge(JSON.parse(readFileSync(path, 'utf8')), strings);
    writeFileSync(path, `${JSON.stringify(catalogue, null, 2)}\n`);
  }
  if (!process.argv.includes('--keep')) rmSync(new URL(`pending/${file}`, dir));
  console.log(`merged ${file}`);
}
