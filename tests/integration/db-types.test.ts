import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the scripts, without a declaration file
import { isOwnTable, renderTables } from '../../scripts/lib/db-types.mjs';
import committed from '../../worker/db/tables.ts?raw';

// worker/db/tables.ts is the one source of D1 row types; a migration that changes a table without
// `npm run db:types` leaves it stale. The D1 here is built from the same migrations (setup.ts).
it('worker/db/tables.ts matches the schema the migrations build (else run npm run db:types)', async () => {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all<{ name: string }>();
  const tables = [];
  for (const { name } of results.filter((row) => isOwnTable(row.name))) {
    const columns = await env.DB.prepare(`PRAGMA table_info("${name}")`).all();
    tables.push({ name, columns: columns.results });
  }
  expect(renderTables(tables)).toBe(committed);
});
