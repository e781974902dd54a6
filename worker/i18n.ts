import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../core/constants';
import type { Catalogue } from '../core/state';
import { lazyJsonByName } from './lazy-json';

// Parsed on first use per isolate: a request pays only for its own language (and the fallback).
const catalogue = lazyJsonByName<Catalogue>(
  import.meta.glob<string>('../locales/*.json', { eager: true, query: '?raw', import: 'default' }),
);

export function catalogueFor(language: Language): Catalogue {
  return catalogue(language) ?? (catalogue(DEFAULT_LANGUAGE) as Catalogue);
}

const instances = new Map<Language, i18n>();

/** Server-side translator for API messages and mails; one instance per language per isolate. */
export function translatorFor(language: Language): i18n['t'] {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: {
        [language]: { translation: catalogueFor(language) },
        [DEFAULT_LANGUAGE]: { translation: catalogueFor(DEFAULT_LANGUAGE) },
      },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(language, instance);
  }
  return instance.t.bind(instance);
}
