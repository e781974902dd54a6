import i18next, { type i18n } from 'i18next';
import type { Catalogue } from '../core/state';

/**
 * One i18next instance per render, holding only the active language's catalogue (the server sends no other).
 * React reaches it through I18nextProvider, so react-i18next's global plugin is not needed.
 */
export function createI18n(language: string, catalogue: Catalogue): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { translation: catalogue } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

/**
 * The rest of the catalogue. A page carries only the keys the entry bundle uses
 * (docs/decisions/006-catalogue-splitting.md); lazy code calls `catalogueReady()` before it renders, so it always
 * finds every key. Set once in the browser by `completeCatalogueFrom`; on the server, which has every catalogue,
 * it stays unset and `catalogueReady()` resolves at once.
 */
let source: { i18n: i18n; url: string } | null = null;
let loading: Promise<void> | null = null;

export function completeCatalogueFrom(instance: i18n, url: string): void {
  source = { i18n: instance, url };
}

/** Resolves when the whole catalogue is in the translator; starts loading it if nobody has yet. */
export function catalogueReady(): Promise<void> {
  if (!source) return Promise.resolve();
  const { i18n: instance, url } = source;
  loading ??= fetch(url, { credentials: 'same-origin' })
    .then((response) => {
      // After a deploy the old version is gone, as old chunks are: client/lib/chunk-reload.ts reloads the page.
      if (response.status === 404) window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      if (!response.ok) throw new Error(`catalogue ${url}: ${response.status}`);
      return response.json() as Promise<Catalogue>;
    })
    .then((catalogue) => {
      instance.addResourceBundle(instance.language, 'translation', catalogue, true, true);
      source = null;
    })
    .catch((error: unknown) => {
      loading = null; // the next lazy load tries again
      throw error;
    });
  return loading;
}

/** A lazy module that renders translated texts: it resolves once both the code and the whole catalogue are in. */
export function withCatalogue<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, catalogueReady()]).then(([module]) => module);
}
