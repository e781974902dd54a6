import { readdirSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cloudflare } from '@cloudflare/vite-plugin';
import UnoCSS from 'unocss/vite';
import { parseTenants } from './core/tenant-files';
import { clientAssets } from './build/client-assets';
import { CLIENT_ENTRIES, STAFF_ENTRY } from './build/client-entries';
import { previewCompression } from './build/preview-compression';
import { staffUno } from './build/staff-uno';

// BUILD_OUT_DIR: a build somewhere else than dist/ (tests/node/production-build.spec.ts builds beside a served dist/).
const OUT = process.env.BUILD_OUT_DIR ?? 'dist';
const CLIENT_OUT = `${OUT}/client`;
const CLIENT_MANIFEST = `${CLIENT_OUT}/.vite/manifest.json`;
// The staff workspace is built apart into the same folder (its hashed names cannot clash), with its own manifest.
const STAFF_MANIFEST_NAME = '.vite/staff-manifest.json';

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

/**
 * Minifies the Worker (Vite leaves SSR builds readable): a smaller upload and less for each isolate to parse at
 * startup. Stack traces stay readable: the build writes source maps and wrangler.toml uploads them
 * (`upload_source_maps`), so Workers Logs show the original file and line.
 */
function minifyWorker(): Plugin {
  return {
    name: 'minify-worker',
    apply: 'build',
    configEnvironment: (name) => (name === 'client' || name === 'staff' ? undefined : { build: { minify: true } }),
  };
}

export default defineConfig({
  plugins: [
    previewCompression(),
    validateTenants(),
    minifyWorker(),
    react(),
    UnoCSS(),
    // The staff workspace's stylesheet, from its own UnoCSS configuration (uno.staff.config.ts).
    staffUno(),
    clientAssets({ manifestPath: CLIENT_MANIFEST, staffManifestPath: `${CLIENT_OUT}/${STAFF_MANIFEST_NAME}` }),
    // PERSIST_TO lets the browser tests and the benchmark use a database of their own, not the one of npm start.
    cloudflare({
      persistState: process.env.PERSIST_TO ? { path: process.env.PERSIST_TO } : true,
      // `npm run dev` names the port it serves on: a local brand's upstream on this server is called there
      // (worker/upstream/client.ts), never on a port a request's Host header names. A build never takes it.
      config: (config) => (process.env.DEV_LOCAL_PORT ? { vars: { ...config.vars, LOCAL_PORT: process.env.DEV_LOCAL_PORT } } : {}),
    }),
  ],
  // <brand>.localhost reaches each demo brand; production hosts are the Worker's business, not Vite's.
  server: { allowedHosts: ['.localhost'] },
  preview: { allowedHosts: ['.localhost'] },
  build: { outDir: OUT },
  environments: {
    client: { build: { manifest: true, rollupOptions: { input: CLIENT_ENTRIES } } },
    // The staff workspace: a browser bundle of its own, so it never touches the members' (build/client-assets.ts).
    staff: {
      consumer: 'client',
      build: { outDir: CLIENT_OUT, emptyOutDir: false, manifest: STAFF_MANIFEST_NAME, rollupOptions: { input: { staff: STAFF_ENTRY } } },
    },
  },
  builder: {
    // The client first, so the worker can be built with the client's hashed asset names (build/client-assets.ts).
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.staff);
      for (const environment of Object.values(builder.environments)) {
        if (environment.name !== 'client' && environment.name !== 'staff') await builder.build(environment);
      }
      // The manifest has served its purpose; it is not a file to publish.
      rmSync(`${CLIENT_OUT}/.vite`, { recursive: true, force: true });
    },
  },
});
