import type { Settings } from '../../../core/schemas/settings';
import { intlLocale } from '../../../core/rules/language';

/**
 * The money a message costs at least (settings.minimum_message_costs, SPEC.md §3), in the page's language: in the
 * member's own currency when the server named one (issue 46, item 4: a UK member browsing from the US sees pounds),
 * else the country's; null when the brand shows no price for either.
 */
export function messagePrice(
  settings: Settings,
  country: string | null | undefined,
  language: string,
  currency?: string | null,
): string | null {
  const costs = settings.minimum_message_costs;
  const own = currency ? Object.values(costs).find((entry) => entry.currency === currency) : undefined;
  const entry = own ?? costs[country ?? ''] ?? costs[settings.geoip_selected_country];
  if (!entry) return null;
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: entry.currency }).format(entry.costs);
  } catch {
    return `${entry.costs.toFixed(2)} ${entry.currency}`;
  }
}
