import { DEFAULT_LANGUAGE, type Language } from '../../../core/constants';
import { brandText } from '../../../core/rules/brand-text';
import { toLanguage } from '../../../core/rules/language';
import type { Tenant } from '../../../core/schemas/tenant';
import { translatorFor } from '../../i18n';

/** The language a member reads: their saved one, else the brand's own, else Dutch. */
export function memberLanguage(tenant: Tenant, saved: string | null): Language {
  return toLanguage(saved) ?? toLanguage(tenant.settings.domain_language) ?? DEFAULT_LANGUAGE;
}

/**
 * The honest answer to "are you real?", ready to send in one click: a sentence in the member's language naming the
 * profile (no icon: an emoji shows as an empty box without an emoji font, issue 45 item 12), followed by the brand's own fictional_warning when the brand has written
 * it in the member's language (or the member reads the brand's own language): mixing languages would read as a trick.
 */
export function disclosureText(tenant: Tenant, saved: string | null, profileName: string): string {
  const language = memberLanguage(tenant, saved);
  const t = translatorFor(language);
  const { fictional_warning: warning, domain_language: domain } = tenant.settings;
  const sentence = t('staff_answering.disclosure', { name: profileName });
  const written =
    typeof warning === 'string' ? language === toLanguage(domain) : warning[language] !== undefined || language === toLanguage(domain);
  return written ? `${sentence} ${brandText(warning, language, domain)}` : sentence;
}
