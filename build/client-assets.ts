import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { entryCatalogueKeys, type EntryKeys } from './entry-catalogue-keys';
import { type StyleRule, styleRules } from './style-rules';
import { CLIENT_ENTRIES, STAFF_ENTRY } from './client-entries';
import { sourceHash } from './source-hash';

const ID = 'virtual:client-assets';
const RESOLVED = `\0${ID}`;

export interface EntryAssets {
  /** The entry module, a hashed file name in a build. */
  script: string;
  /** Its static imports, preloaded so they download in parallel. */
  preload: string[];
  css: string[];
  /**
   * The stylesheets' rules, for pages that inline the ones their HTML uses instead of waiting for a render-blocking
   * request (worker/ssr/shell.ts); only the app's pages do. Empty where a page links the files alone.
   */
  styleRules: StyleRule[];
}

export interface ClientAssets {
  app: EntryAssets;
  lander: EntryAssets;
  /** The staff workspace (its own build, its own manifest). */
  staff: EntryAssets;
  /**
   * Per route name, the chunks of its lazy screen that the entry does not bring (client/app.tsx `lazyScreens`), for
   * the page head's modulepreload. Empty in dev; the home page has none (its screen is in the entry).
   */
  screens: Record<string, string[]>;
  /** Vite's dev server serves the sources and the HMR client. */
  dev: boolean;
  /** A build's hash of the Worker's sources (build/source-hash.ts); 'dev' where the sources are served as they are. */
  sources: string;
  /** The catalogue keys the app's entry bundle can use (the rest loads with the lazy code that needs it). */
  entryKeys: EntryKeys;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const APP_SOURCE = 'client/app.tsx';

/**
 * The chunks of each route's lazy screen beyond the entry's own files. Which module serves which routes is read from
 * client/app.tsx's `lazyScreens(() => import('…'), 'route names')` calls, the one place that says it; a call this
 * cannot read, or a module missing from the manifest, fails the build rather than silently losing a preload.
 */
function screenChunks(manifest: Record<string, ManifestChunk>, entry: EntryAssets): Record<string, string[]> {
  const inEntry = new Set([entry.script, ...entry.preload]);
  const chunksOf = (key: string, into: Set<string>): Set<string> => {
    const file = `/${manifest[key].file}`;
    if (inEntry.has(file) || into.has(file)) return into;
    into.add(file);
    for (const imported of manifest[key].imports ?? []) chunksOf(imported, into);
    return into;
  };
  const keyOf = (specifier: string) => {
    const base = join(dirname(APP_SOURCE), specifier).replaceAll('\\', '/');
    const key = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`${specifier} (${APP_SOURCE} lazyScreens) is missing from the client manifest`);
    return key;
  };
  const source = readFileSync(APP_SOURCE, 'utf8');
  const calls = [...source.matchAll(/lazyScreens\(\s*\(\) => import\('([^']+)'\),\s*'([^']+)',?\s*\)/g)];
  // Every call but the function's own definition.
  if (calls.length !== (source.match(/\blazyScreens\(/g)?.length ?? 0) - 1)
    throw new Error(`${APP_SOURCE}: a lazyScreens call this build cannot read`);
  // Every lazy screen loads SWR with it (client/lib/swr-boundary.tsx).
  const swr = chunksOf(keyOf('./lib/swr-boundary'), new Set());
  const screens: Record<string, string[]> = {};
  for (const [, specifier, names] of calls) {
    const files = [...new Set([...chunksOf(keyOf(specifier), new Set()), ...swr])];
    for (const name of names.split(' ')) screens[name] = files;
  }
  return screens;
}

function fromManifest(manifest: Record<string, ManifestChunk>, source: string, outDir: string, inline = false): EntryAssets {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is missing from the client manifest`);
  const chunks = (entry.imports ?? []).map((key) => manifest[key]).filter(Boolean);
  const css = [entry, ...chunks].flatMap((c) => c.css ?? []);
  return {
    script: `/${entry.file}`,
    preload: chunks.map((c) => `/${c.file}`),
    css: css.map((f) => `/${f}`),
    styleRules: inline ? inlineRules(css.map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n')) : [],
  };
}

/** The rules a page may inline; none (the page links the file) if one could close the <style> element early. */
function inlineRules(css: string): StyleRule[] {
  const rules = styleRules(css);
  return rules.some((rule) => /<\/style/i.test(rule.css)) ? [] : rules;
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
      const dev = (source: string): EntryAssets => ({ script: `/${source}`, preload: [], css: [], styleRules: [] });
      let assets: ClientAssets = {
        app: dev(CLIENT_ENTRIES.app),
        lander: dev(CLIENT_ENTRIES.lander),
        staff: dev(STAFF_ENTRY),
        screens: {},
        dev: true,
        sources: 'dev',
        entryKeys: { keys: entryKeys.keys, prefixes: entryKeys.prefixes },
      };
      if (this.environment.mode === 'build' && existsSync(options.manifestPath)) {
        const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
        const manifest = read(options.manifestPath);
        const outDir = join(dirname(options.manifestPath), '..');
        const app = fromManifest(manifest, CLIENT_ENTRIES.app, outDir, true);
        assets = {
          ...assets,
          app,
          screens: screenChunks(manifest, app),
          lander: fromManifest(manifest, CLIENT_ENTRIES.lander, outDir),
          staff: fromManifest(read(options.staffManifestPath), STAFF_ENTRY, outDir),
          dev: false,
          sources: sourceHash(),
        };
      }
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}
