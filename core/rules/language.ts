import { COUNTRY_LANGUAGES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The locale dates, times and amounts are written in: our 'en' is British English ('en-US' is the US variant). */
export function intlLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/** The US variant of English is used for US visitors who read English. */
export function regionalVariant(language: Language, country: string | null): Language {
  if (language === 'en' && country === 'US') return 'en-US';
  if (language === 'en-US' && country !== 'US') return 'en';
  return language;
}

/** 'de-DE' -> 'de', 'en-US' -> 'en-US', 'nb-NO' -> 'nb'; null when we do not serve it. */
export function toLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  if (isLanguage(value)) return value;
  const short = value.slice(0, 2).toLowerCase();
  return isLanguage(short) ? short : null;
}

export interface LanguageInputs {
  /** The language a logged-in member saved. */
  memberLanguage?: string | null;
  /** The i18n_redirected cookie. */
  cookie?: string | null;
  /** The brand's domain_language setting. */
  domainLanguage?: string | null;
  /** The visitor's geo-IP country. */
  country?: string | null;
}

/**
 * Language choice of DESIGN.md: the member's saved language, else the cookie, else the brand's domain language,
 * else the first visible language of the visitor's country, else nl.
 */
export function chooseLanguage(inputs: LanguageInputs): Language {
  const country = inputs.country ?? null;
  const picked =
    toLanguage(inputs.memberLanguage) ??
    toLanguage(inputs.cookie) ??
    toLanguage(inputs.domainLanguage) ??
    (country ? COUNTRY_LANGUAGES[country]?.[0] : undefined) ??
    DEFAULT_LANGUAGE;
  return regionalVariant(picked, country);
}

/**
 * The languages the switcher offers: the visible languages of the visitor's country, plus the current language
 * and the brand's own, so a visitor can always return to them.
 */
export function switcherLanguages(country: string | null, current: Language, brandLanguages: readonly Language[]): Language[] {
  const visible = (country ? COUNTRY_LANGUAGES[country] : undefined) ?? [];
  const all = [current, ...visible.map((l) => regionalVariant(l, country)), ...brandLanguages];
  return [...new Set(all)];
}
