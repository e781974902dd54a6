import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts from databases built from the real migrations (storage is isolated per file): every bound
// D1 database (DB, DB_VELVET, ...), since a brand may keep its data in its own (worker/db/request-db.ts).
type Migrations = Parameters<typeof applyD1Migrations>[1];
const migrations = (env as unknown as { TEST_MIGRATIONS: Migrations }).TEST_MIGRATIONS;
for (const [name, db] of Object.entries(env)) if (/^DB(_[A-Z0-9]+)*$/.test(name)) await applyD1Migrations(db as D1Database, migrations);
