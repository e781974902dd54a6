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
/** The workspace's locale for numbers, amounts and dates. */
const locale = staffLanguage === 'nl' ? 'nl-NL' : 'en-GB';

export function t(key: StaffKey, values: Record<string, string | number> = {}): string {
  const text = catalogues[staffLanguage][key] ?? en[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A date and time in the workspace's language. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
}

/** A day (UTC, as the figures count them) in the workspace's language, short: "27 nov.". */
export function formatDay(date: Date): string {
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** A count in the workspace's language. */
export function formatCount(n: number): string {
  return n.toLocaleString(locale);
}

/** An amount in minor units (cents) in the workspace's language: "€ 11,21" in Dutch, "€11.21" in English. */
export function formatMoney(minor: number, currency: string): string {
  return (minor / 100).toLocaleString(locale, { style: 'currency', currency });
}
