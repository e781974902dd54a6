import type { Catalogue } from '../../../core/state';
import { createI18n } from '../../i18n';
import en from '../i18n/en.json';
import nl from '../i18n/nl.json';
import { boot } from './boot';

/**
 * The workspace's own texts (English and Dutch), apart from the members' catalogues in locales/ (the members'
 * bundle and locale checks never see them), in the same format: nested keys, `{{name}}` placeholders and
 * i18next's plural suffixes (`key_one`, `key_other` chosen by `count`), read by the member app's translator
 * (client/i18n.ts), so the worker, the member app and the workspace share one catalogue format and one set of
 * plural rules (docs/decisions/012-the-operation-as-the-unit.md, "One catalogue format").
 */
type KeysOf<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}` }[keyof T & string];
export type StaffKey = KeysOf<typeof en>;

export const staffLanguage = boot.language;
/** The workspace's locale for numbers, amounts and dates. */
const locale = staffLanguage === 'nl' ? 'nl-NL' : 'en-GB';

/** Dutch over English: a text not yet translated shows in English rather than as its key. */
function over(base: Catalogue, top: Catalogue): Catalogue {
  const merged: Catalogue = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const under = merged[key];
    merged[key] = typeof value === 'object' && typeof under === 'object' ? over(under, value) : value;
  }
  return merged;
}

const translator = createI18n(staffLanguage, staffLanguage === 'nl' ? over(en, nl) : en);

export function t(key: StaffKey, values?: Record<string, string | number>): string {
  return translator.t(key as never, values);
}

/** Whether the workspace has a text under this key (a schema's message, an audit action from the server). */
export function hasText(key: string): boolean {
  return translator.t(key as never) !== key;
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
