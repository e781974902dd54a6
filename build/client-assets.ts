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
  /**
   * Per route name, its lazy screen's chunks that the entry does not have (client/app.tsx lazyScreens), for the page
   * head's modulepreload. Empty in dev and for the home page (its screen is in the entry).
   */
  screens: Record<string, string[]>;
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

const APP_SOURCE = 'client/app.tsx';

/**
 * The chunks of each route's lazy screen beyond the entry's own files. Which module serves which routes is read from
 * client/app.tsx's `lazyScreens(() => import('…'), 'route names')` calls, the one place that says it; a call this
 * does not recognise, or a module missing from the manifest, fails the build rather than silently losing a preload.
 */
function screenChunks(manifest: Record<string, ManifestChunk>, entry: EntryAssets): Record<string, string[]> {
  const known = new Set([entry.script, ...entry.preload]);
  const chunksOf = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || known.has(`/${chunk.file}`) || into.has(`/${chunk.file}`)) return into;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) chunksOf(imported, into);
    return into;
  };
  const keyOf = (specifier: string) => {
    const base = join(dirname(APP_SOURCE), specifier).replaceAll('\\', '/');
    const key = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`${specifier} (client/app.tsx lazyScreens) is missing from the client manifest`);
    return key;
  };
  const source = readFileSync(APP_SOURCE, 'utf8');
  const calls = [...source.matchAll(/lazyScreens\(\s*\(\) => import\('([^']+)'\),\s*'([^']+)'\)/g)];
  if (calls.length !== (source.match(/\blazyScreens\(/g)?.length ?? 0) - 1) throw new Error('client/app.tsx: a lazyScreens call this build cannot read');
  // Every lazy screen loads SWR with it (client/lib/swr-boundary.tsx).
  const support = [...chunksOf(keyOf('./lib/swr-boundary'), new Set())];
  const screens: Record<string, string[]> = {};
  for (const [, specifier, names] of calls) {
    const files = [...new Set([...chunksOf(keyOf(specifier), new Set()), ...support])];
    for (const name of names.split(' ')) screens[name] = files;
  }
  return screens;
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
        screens: {},
        dev: true,
        entryKeys: { keys: entryKeys.keys, prefixes: entryKeys.prefixes },
      };
      if (this.environment.mode === 'build' && existsSync(options.manifestPath)) {
        const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
        const manifest = read(options.manifestPath);
        const outDir = join(dirname(options.manifestPath), '..');
        const app = fromManifest(manifest, CLIENT_ENTRIES.app, outDir);
        assets = {
          ...assets,
          app,
          screens: screenChunks(manifest, app),
          lander: fromManifest(manifest, CLIENT_ENTRIES.lander, outDir),
          staff: fromManifest(read(options.staffManifestPath), STAFF_ENTRY, outDir),
          dev: false,
        };
      }
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}
