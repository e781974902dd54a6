import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const ID = 'virtual:client-assets';
const RESOLVED = `\0${ID}`;
const ENTRY = 'client/entry.tsx';

export interface ClientAssets {
  /** The client entry module, a hashed file name in a build. */
  script: string;
  /** Its static imports, preloaded so they download in parallel. */
  preload: string[];
  css: string[];
  /** Vite's dev server serves the sources and the HMR client. */
  dev: boolean;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * Gives the worker the client's hashed asset names. The build runs the client first (vite.config.ts buildApp),
 * so the worker build can read the client's manifest; dev and tests use the sources.
 */
export function clientAssets(options: { manifestPath: string }): Plugin {
  return {
    name: 'client-assets',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      const assets: ClientAssets = { script: `/${ENTRY}`, preload: [], css: [], dev: true };
      if (this.environment.mode === 'build' && existsSync(options.manifestPath)) {
        const manifest = JSON.parse(readFileSync(options.manifestPath, 'utf8')) as Record<string, ManifestChunk>;
        const entry = manifest[ENTRY];
        if (!entry) throw new Error(`${ENTRY} is missing from the client manifest`);
        const chunks = (entry.imports ?? []).map((key) => manifest[key]).filter(Boolean);
        assets.script = `/${entry.file}`;
        assets.preload = chunks.map((c) => `/${c.file}`);
        assets.css = [entry, ...chunks].flatMap((c) => c.css ?? []).map((f) => `/${f}`);
        assets.dev = false;
      }
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}
