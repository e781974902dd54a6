import { Hono } from 'hono';
import ASSETS from 'virtual:client-assets';
import type { EntryKeys } from '../../build/entry-catalogue-keys';
import { LANGUAGES, type Language } from '../../core/constants';
import type { Catalogue } from '../../core/state';
import type { AppEnv } from '../context';
import { catalogueFor } from '../i18n';

/**
 * A page whose screens are all in the entry bundle (the home page, the error page) carries only the part of the
 * catalogue that bundle can use (build/entry-catalogue-keys.ts); the browser loads the whole catalogue, from a
 * versioned URL cached for a year, before any lazy code renders (client/i18n.ts). See
 * docs/decisions/006-catalogue-splitting.md.
 */

/** Whether the flattened key `key` is one the entry bundle can ask for. */
export function isEntryKey(key: string, entry: EntryKeys): boolean {
  if (entry.prefixes.some((prefix) => key.startsWith(prefix))) return true;
  // i18next plural and context forms (`home.count_one`) are looked up under the key the code names.
  return entry.keys.some((k) => key === k || (key.startsWith(`${k}_`) && !key.slice(k.length + 1).includes('.')));
}

/** The catalogue with only the keys `keep` accepts; empty branches are dropped. */
export function pickKeys(catalogue: Catalogue, keep: (key: string) => boolean, prefix = ''): Catalogue {
  const out: Catalogue = {};
  for (const [name, value] of Object.entries(catalogue)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') {
      if (keep(key)) out[name] = value;
    } else {
      const branch = pickKeys(value, keep, `${key}.`);
      if (Object.keys(branch).length > 0) out[name] = branch;
    }
  }
  return out;
}

const entryCatalogues = new Map<Language, Catalogue>();
const versions = new Map<Language, string>();

/** The part of the language's catalogue the entry bundle uses; computed once per language per isolate. */
export function entryCatalogueFor(language: Language): Catalogue {
  let catalogue = entryCatalogues.get(language);
  if (!catalogue) {
    catalogue = pickKeys(catalogueFor(language), (key) => isEntryKey(key, ASSETS.entryKeys));
    entryCatalogues.set(language, catalogue);
  }
  return catalogue;
}

/** FNV-1a of the catalogue's JSON: changes whenever a text changes, so the URL can be cached for good. */
function versionOf(language: Language): string {
  let version = versions.get(language);
  if (!version) {
    const text = JSON.stringify(catalogueFor(language));
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    version = (hash >>> 0).toString(36);
    versions.set(language, version);
  }
  return version;
}

/** Where the browser gets the whole catalogue of a language. */
export function catalogueUrl(language: Language): string {
  return `/i18n/${language}.${versionOf(language)}.json`;
}

/** GET /i18n/<language>.<version>.json: the whole catalogue; an old version answers 404 (the page reloads it). */
export const catalogueRoute = new Hono<AppEnv>();

catalogueRoute.get('/:file{[a-zA-Z-]{2,5}\\.[a-z0-9]{1,8}\\.json}', (c) => {
  const [language] = c.req.param('file').split('.');
  if (!(LANGUAGES as readonly string[]).includes(language) || catalogueUrl(language as Language) !== `/i18n/${c.req.param('file')}`) {
    return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404, { 'Cache-Control': 'no-store' });
  }
  return c.json(catalogueFor(language as Language), 200, { 'Cache-Control': 'public, max-age=31536000, immutable' });
});
