import type { Language } from '../constants';

// A brand's own texts (tagline, description, index title, fictional warning, singular and plural) may be written
// per language in the tenant file (issue 17, item 5). This is the one place that picks the text for a page.

/** A brand text: one string for every language, or a string per language. */
export type BrandText = string | Partial<Record<Language, string>>;

/**
 * The text for `language`: its own, else the base language's ('en' for 'en-US'), else the brand's domain
 * language's (nl for nl-NL), else the first one written.
 */
export function brandText(text: BrandText, language: string, domainLanguage: string): string {
  if (typeof text === 'string') return text;
  const byLanguage = text as Record<string, string | undefined>;
  return (
    byLanguage[language] ??
    byLanguage[language.slice(0, 2)] ??
    byLanguage[domainLanguage] ??
    byLanguage[domainLanguage.slice(0, 2)] ??
    Object.values(byLanguage).find((value) => value !== undefined) ??
    ''
  );
}
