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
