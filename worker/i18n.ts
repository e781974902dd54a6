import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../core/constants';
import type { Catalogue } from '../core/state';

const files = import.meta.glob<Catalogue>('../locales/*.json', { eager: true, import: 'default' });
const CATALOGUES = Object.fromEntries(
  Object.entries(files).map(([file, catalogue]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), catalogue]),
) as Record<Language, Catalogue>;

export function catalogueFor(language: Language): Catalogue {
  return CATALOGUES[language] ?? CATALOGUES[DEFAULT_LANGUAGE];
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
      resources: { [language]: { translation: catalogueFor(language) }, [DEFAULT_LANGUAGE]: { translation: catalogueFor(DEFAULT_LANGUAGE) } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(language, instance);
  }
  return instance.t.bind(instance);
}
