import type { Settings } from '../../../core/schemas/settings';
import { intlLocale } from '../../../core/rules/language';

/**
 * The money a message costs at least in the member's country (settings.minimum_message_costs, SPEC.md §3), in
 * the page's language; null when the brand shows no price for that country.
 */
export function messagePrice(settings: Settings, country: string | null | undefined, language: string): string | null {
  const entry = settings.minimum_message_costs[country ?? ''] ?? settings.minimum_message_costs[settings.geoip_selected_country];
  if (!entry) return null;
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: entry.currency }).format(entry.costs);
  } catch {
    return `${entry.costs.toFixed(2)} ${entry.currency}`;
  }
}
