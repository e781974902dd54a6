import en from '../i18n/en.json';
import nl from '../i18n/nl.json';
import { boot } from './boot';

/**
 * The workspace's own texts (English and Dutch), apart from the members' catalogues in locales/: the members'
 * bundle and locale checks never see them. Keys are flat; `{{name}}` placeholders are filled as plain text.
 */
export type StaffKey = keyof typeof en;
const catalogues: Record<'en' | 'nl', Record<StaffKey, string>> = { en, nl };

export const staffLanguage = boot.language;

export function t(key: StaffKey, values: Record<string, string | number> = {}): string {
  const text = catalogues[staffLanguage][key] ?? en[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A date and time in the workspace's language. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(staffLanguage === 'nl' ? 'nl-NL' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
}
