#!/usr/bin/env node
// npm run db:types: applies migrations/*.sql in order to an in-memory SQLite and writes worker/db/tables.ts, the
// one place D1 row types come from. `--check` only compares and exits 1 when the committed file is stale.
// tests/integration/db-types.test.ts checks the same against the D1 the tests build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { isOwnTable, renderTables } from './lib/db-types.mjs';

const root = new URL('..', import.meta.url).pathname;
const target = `${root}worker/db/tables.ts`;

const db = new DatabaseSync(':memory:');
for (const file of readdirSync(`${root}migrations`)
  .filter((f) => f.endsWith('.sql'))
  .sort()) {
  db.exec(readFileSync(`${root}migrations/${file}`, 'utf8'));
}
const names = db
  .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
  .all()
  .map((row) => row.name)
  .filter(isOwnTable);
const tables = names.map((name) => ({ name, columns: db.prepare(`PRAGMA table_info("${name}")`).all() }));
const text = renderTables(tables);

if (process.argv.includes('--check')) {
  const stale = readFileSync(target, 'utf8') !== text;
  console.log(stale ? 'worker/db/tables.ts is stale: run npm run db:types' : 'worker/db/tables.ts is up to date');
  process.exit(stale ? 1 : 0);
}
writeFileSync(target, text);
console.log(`worker/db/tables.ts: ${tables.length} tables`);
