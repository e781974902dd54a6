// The brands' tenant files, validated by core's schema as the build validates them (core/tenant-files.ts), loaded
// in Node through esbuild (the files are TypeScript that imports core's modules without extensions).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from '../setup.mjs';

/** Every tenants/*.ts, parsed; throws naming the file and the problem when one does not match the schema. */
export async function loadTenants() {
  const files = readdirSync(join(root, 'tenants'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const contents = [
    "import { parseTenants } from './core/tenant-files';",
    ...files.map((f, i) => `import t${i} from './tenants/${f}';`),
    `export default parseTenants({ ${files.map((f, i) => `${JSON.stringify(f)}: { default: t${i} }`).join(', ')} });`,
  ].join('\n');
  return (await importTypeScript(contents, 'tenants-entry.ts')).default;
}

/**
 * A TypeScript entry written in `contents` (importing the working tree's modules from the repository's root),
 * bundled by esbuild and imported in Node: how the deploy runs core's and the worker's own checks.
 */
export async function importTypeScript(contents, sourcefile) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const url = `data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`;
  return import(url);
}
