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
        dev: true,
        sources: 'dev',
        entryKeys: { keys: entryKeys.keys, prefixes: entryKeys.prefixes },
      };
      if (this.environment.mode === 'build' && existsSync(options.manifestPath)) {
        const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
        const manifest = read(options.manifestPath);
        const outDir = join(dirname(options.manifestPath), '..');
        assets = {
          ...assets,
          app: fromManifest(manifest, CLIENT_ENTRIES.app, outDir, true),
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
