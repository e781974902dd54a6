import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cloudflare } from '@cloudflare/vite-plugin';
import { pathToFileURL } from 'node:url';
import UnoCSS from 'unocss/vite';
import { parseTenants } from './core/tenant-files';

/** Changes whenever the client's sources change, so /assets/app.js?v=… can be cached for a year. */
function buildId(): string {
  const hash = createHash('sha256');
  for (const dir of ['client', 'core', 'locales', 'tenants']) {
    for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) hash.update(readFileSync(`${file.parentPath}/${file.name}`));
    }
  }
  hash.update(readFileSync('uno.config.ts'));
  return hash.digest('hex').slice(0, 12);
}

/** Fails the build when a brand file does not match core's tenant schema (Node strips the files' types). */
function validateTenants(): Plugin {
  return {
    name: 'validate-tenants',
    apply: 'build',
    async buildStart() {
      const files: Record<string, { default: unknown }> = {};
      for (const name of readdirSync('tenants').filter((f) => f.endsWith('.ts'))) {
        files[name] = await import(pathToFileURL(`tenants/${name}`).href);
      }
      parseTenants(files);
    },
  };
}

export default defineConfig({
  plugins: [
    validateTenants(),
    react(),
    UnoCSS(),
    // PERSIST_TO lets the browser tests and the benchmark use a database of their own, not the one of npm start.
    cloudflare({ persistState: process.env.PERSIST_TO ? { path: process.env.PERSIST_TO } : true }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  // <brand>.localhost reaches each demo brand; production hosts are the Worker's business, not Vite's.
  server: { allowedHosts: ['.localhost'] },
  preview: { allowedHosts: ['.localhost'] },
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: { app: 'client/entry.tsx' },
          // Fixed entry names (cache-busted by ?v=build id): the worker is built first and cannot read a manifest.
          output: {
            entryFileNames: 'assets/[name].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: (info) => (info.names.some((n) => n.endsWith('.css')) ? 'assets/app.css' : 'assets/[name]-[hash][extname]'),
          },
        },
      },
    },
  },
});
