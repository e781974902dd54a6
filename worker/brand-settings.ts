import { brandText } from '../core/rules/brand-text';
import { minimumMessageCosts } from '../core/rules/message-price';
import type { Settings } from '../core/schemas/settings';
import type { Tenant } from '../core/schemas/tenant';
import { marketRule } from '../core/markets/tighten';

// Per brand, country and language the object never changes: built once per isolate (a request asks for it several times).
const built = new WeakMap<Tenant, Map<string, Settings>>();

/**
 * The settings object of SPEC.md §3: the brand's settings plus the visitor's geo-IP country, with the brand's texts
 * in the page's language (issue 17, item 5). Shared: never mutate.
 */
export function settingsFor(tenant: Tenant, country: string | null, language: string): Settings {
  let cache = built.get(tenant);
  if (!cache) built.set(tenant, (cache = new Map()));
  const key = `${country ?? ''}|${language}`;
  let settings = cache.get(key);
  if (!settings) cache.set(key, (settings = buildSettings(tenant, country, language)));
  return settings;
}

function buildSettings(tenant: Tenant, country: string | null, language: string): Settings {
  const served = country !== null && tenant.settings.countries.includes(country);
  const text = (value: Parameters<typeof brandText>[0]) => brandText(value, language, tenant.settings.domain_language);
  const market = marketRule(country, tenant.market_rules);
  return {
    ...tenant.settings,
    description: text(tenant.settings.description),
    index_title: text(tenant.settings.index_title),
    fictional_warning: text(tenant.settings.fictional_warning),
    fictional_singular: text(tenant.settings.fictional_singular),
    fictional_plural: text(tenant.settings.fictional_plural),
    // The "vanaf" price every page shows is the one the packages really give (issue 17, item 1).
    minimum_message_costs: minimumMessageCosts(tenant.payments, tenant.settings.message_credits),
    geoip_country: country ?? '',
    geoip_selected_country: served ? country : tenant.settings.countries[0],
    brand: {
      id: tenant.id,
      logo_text: tenant.look.logo_text,
      tagline: text(tenant.look.tagline),
      colors: tenant.look.colors,
      // The visitor's country decides, whatever the language (issue 45 item 1: a UK visitor saw it).
      show_us_footer: market.legal_statements.includes('us_2257'),
      cancellation_path: market.cancellation_path,
      languages: tenant.languages,
      cam_partner: tenant.cams?.partner ?? null,
      live: tenant.upstream_api ? (tenant.upstream_live ?? 'polling') : 'websocket',
      info_pages: Object.entries(tenant.info_pages).map(([token, texts]) => ({
        token,
        titles: Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text!.title])),
      })),
      company: {
        name: tenant.company.name,
        address: tenant.company.address,
        city: tenant.company.city,
        country: tenant.company.country,
        kvk: tenant.company.kvk,
        vat_numbers: tenant.company.vat_numbers,
      },
      payment_provider: tenant.payments.provider,
    },
  };
}
