// Brands made in the workspace (stored in D1, docs/decisions/019 and 023) checked against the schema being deployed:
// a stricter TenantSchema would make a stored version stop serving (the lookup logs `runtime brand no longer valid`
// and the brand answers as an unknown host). `npm run deploy` lists every live and newest version the new schema
// refuses, with the field and the reason, and deploys nothing; the dry run reads the local D1 (.wrangler/state).
import { spawnSync } from 'node:child_process';
import { projectEnv, root } from '../setup.mjs';
import { importTypeScript } from './tenants.mjs';
import { STORED_BRANDS_SQL, rowsOfExecute, storedBrandProblems } from './stored-brands-check.mjs';

/** checkStoredBrand of the working tree (the schema this deploy ships), loaded in Node through esbuild. */
export async function loadStoredBrandCheck() {
  const module = await importTypeScript("export { checkStoredBrand } from './worker/brands/brand-settings';", 'stored-brand-check.ts');
  return module.checkStoredBrand;
}

/**
 * The stored versions of the deployment's primary database (binding DB): `--local` (the state npm start uses) in a
 * dry run, `--remote` with the deploy's config otherwise. `{ rows }`, or `{ none }` saying why there is nothing to
 * read locally (no local database, or one without the brands tables); a remote read that fails is a problem.
 */
export function readStoredBrands({ remote, config, persistTo }) {
  const args = ['d1', 'execute', 'DB', remote ? '--remote' : '--local', '--json', '--command', STORED_BRANDS_SQL];
  if (config) args.push('-c', config);
  if (persistTo && !remote) args.push('--persist-to', persistTo);
  const out = spawnSync('wrangler', args, { env: projectEnv, cwd: root, encoding: 'utf8' });
  const rows = out.status === 0 ? rowsOfExecute(out.stdout) : null;
  if (rows) return { rows };
  const why = `${out.stdout ?? ''}${out.stderr ?? ''}`.replace(/\s+/g, ' ').trim().slice(0, 300);
  if (!remote && /no such table|brands/i.test(why)) return { none: 'the local D1 has no brands table (npm start migrates it)' };
  return remote ? { error: `the stored brands could not be read from D1: ${why}` } : { none: `the local D1 could not be read: ${why}` };
}

/** The deploy step: prints what it checked and returns the problems (every refused field of every stored version). */
export async function checkStoredBrands({ remote, config, persistTo }) {
  const read = readStoredBrands({ remote, config, persistTo });
  if (read.error) return [read.error];
  if (read.none) {
    console.log(`no stored brands checked: ${read.none}`);
    return [];
  }
  const problems = storedBrandProblems(read.rows, await loadStoredBrandCheck());
  const brands = new Set(read.rows.map((r) => r.id));
  console.log(
    problems.length
      ? problems.join('\n')
      : `${read.rows.length} stored version(s) of ${brands.size} brand(s) pass the schema being deployed`,
  );
  return problems;
}
