import { createContext, use } from 'react';
import rosetta from 'rosetta';
import type { Catalogue } from '../core/state';
import type { CatalogueKey, DataKey } from './i18n-keys';

/** Translates a catalogue key: `{{name}}` is filled from `values`; a missing key comes back as itself. */
export type TFunction = (key: CatalogueKey | DataKey, values?: Record<string, unknown>) => string;

/** The translator of one page: its language, `t`, and the catalogue it reads (the entry's keys until the rest is in). */
export interface I18n {
  language: string;
  t: TFunction;
  /** Adds texts to the catalogue (the whole catalogue after the entry's part). */
  add(catalogue: Catalogue): void;
}

/**
 * One translator per render, holding only the active language's catalogue (the server sends no other).
 * Not i18next in the page: the catalogues use nested keys, `{{x}}` interpolation and i18next's plural suffixes
 * (`key_one`, `key_other`, chosen by `count` with Intl.PluralRules, as i18next does), which rosetta (~0.5 kB) and
 * three lines read as they are; i18next and react-i18next cost 17 kB gzip of the home page's JavaScript
 * (docs/decisions/011-worker-weight.md, "The client's weight"). The server's mails and API messages keep i18next.
 */
export function createI18n(language: string, catalogue: Catalogue): I18n {
  const texts = rosetta<Catalogue>({ [language]: catalogue });
  texts.locale(language);
  let plurals: Intl.PluralRules | undefined;
  const lookup = (key: string, values?: Record<string, unknown>): string | undefined => {
    const text: unknown = texts.t(key, values);
    return typeof text === 'string' && text !== '' ? text : undefined;
  };
  // A text without values is the same each time: looked up once (a page's render asks for hundreds).
  const plain = new Map<string, string>();
  const t: TFunction = (key, values) => {
    if (!values) {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = lookup(key) ?? key));
      return text;
    }
    if (typeof values.count === 'number') {
      plurals ??= new Intl.PluralRules(language);
      const form = lookup(`${key}_${plurals.select(values.count)}`, values);
      if (form !== undefined) return form;
    }
    return lookup(key, values) ?? key;
  };
  // rosetta merges a table one level deep: the whole catalogue's sections replace the entry's partial ones.
  return {
    language,
    t,
    add: (more) => {
      texts.set(language, more);
      plain.clear();
    },
  };
}

const I18nContext = createContext<I18n | null>(null);

/** Gives the page's translator to the tree below (client/app.tsx). */
export const I18nProvider = I18nContext.Provider;

/** The page's translator: `t` and the language. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  return { t: i18n.t, i18n };
}

/**
 * The rest of the catalogue. A page carries only the keys the entry bundle uses
 * (docs/decisions/006-catalogue-splitting.md); lazy code calls `catalogueReady()` before it renders, so it always
 * finds every key. Set once in the browser by `completeCatalogueFrom`; on the server, which has every catalogue,
 * it stays unset and `catalogueReady()` resolves at once.
 */
let source: { i18n: I18n; url: string } | null = null;
let loading: Promise<void> | null = null;

export function completeCatalogueFrom(instance: I18n, url: string): void {
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
      instance.add(catalogue);
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
