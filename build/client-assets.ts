import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { entryCatalogueKeys, type EntryKeys } from './entry-catalogue-keys';

const ID = 'virtual:client-assets';
const RESOLVED = `\0${ID}`;

/** The client's entry points: the hydrated app, and the small script landers use instead of it. */
export const CLIENT_ENTRIES = { app: 'client/entry.tsx', lander: 'landers/runtime.ts' } as const;

/**
 * The staff workspace's entry. It is built by an environment of its own (vite.config.ts `staff`), not as a third
 * input of the client build: Rollup would move what it shares with the app (React) into a common chunk and so
 * change the members' entry bundle. Built apart, the members' files stay byte for byte what they were.
 */
export const STAFF_ENTRY = 'client/staff/entry.tsx';

export interface EntryAssets {
  /** The entry module, a hashed file name in a build. */
  script: string;
  /** Its static imports, preloaded so they download in parallel. */
  preload: string[];
  css: string[];
  /** The stylesheets' text, for pages that inline them instead of waiting for a render-blocking request. */
  inlineCss: string;
}

export interface ClientAssets {
  app: EntryAssets;
  lander: EntryAssets;
  /** The staff workspace (its own build, its own manifest). */
  staff: EntryAssets;
  /** Vite's dev server serves the sources and the HMR client. */
  dev: boolean;
  /** The catalogue keys the app's entry bundle can use (the rest loads with the lazy code that needs it). */
  entryKeys: EntryKeys;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

function fromManifest(manifest: Record<string, ManifestChunk>, source: string, outDir: string): EntryAssets {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is missing from the client manifest`);
  const chunks = (entry.imports ?? []).map((key) => manifest[key]).filter(Boolean);
  const css = [entry, ...chunks].flatMap((c) => c.css ?? []);
  return {
    script: `/${entry.file}`,
    preload: chunks.map((c) => `/${c.file}`),
    css: css.map((f) => `/${f}`),
    inlineCss: css.map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n'),
  };
}

/**
 * Gives the worker the client's hashed asset names. The build runs the client first (vite.config.ts buildApp),
 * so the worker build can read the client's manifest; dev and tests use the sources.
 */
export function clientAssets(options: { manifestPath: string; staffManifestPath: string }): Plugin {
  return {
    name: 'client-assets',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      const entryKeys = entryCatalogueKeys(CLIENT_ENTRIES.app);
      // In dev the key list follows the sources as they change.
      for (const file of entryKeys.files) this.addWatchFile(file);
      const dev = (source: string): EntryAssets => ({ script: `/${source}`, preload: [], css: [], inlineCss: '' });
      let assets: ClientAssets = {
        app: dev(CLIENT_ENTRIES.app),
        lander: dev(CLIENT_ENTRIES.lander),
        staff: dev(STAFF_ENTRY),
        dev: true,
        entryKeys: { keys: entryKeys.keys, prefixes: entryKeys.prefixes },
      };
      if (this.environment.mode === 'build' && existsSync(options.manifestPath)) {
        const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
        const manifest = read(options.manifestPath);
        const outDir = join(dirname(options.manifestPath), '..');
        assets = {
          ...assets,
          app: fromManifest(manifest, CLIENT_ENTRIES.app, outDir),
          lander: fromManifest(manifest, CLIENT_ENTRIES.lander, outDir),
          staff: fromManifest(read(options.staffManifestPath), STAFF_ENTRY, outDir),
          dev: false,
        };
      }
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}
