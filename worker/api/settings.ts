import type { Settings } from '../../core/schemas/settings';
import type { Tenant } from '../../core/schemas/tenant';
import { minimumMessageCosts } from '../../core/rules/message-price';

// Per brand and country the object never changes: built once per isolate (a request asks for it several times).
const built = new WeakMap<Tenant, Map<string | null, Settings>>();

/** The settings object of SPEC.md §3: the brand's settings plus the visitor's geo-IP country. Shared: never mutate. */
export function settingsFor(tenant: Tenant, country: string | null): Settings {
  let perCountry = built.get(tenant);
  if (!perCountry) built.set(tenant, (perCountry = new Map()));
  let settings = perCountry.get(country);
  if (!settings) perCountry.set(country, (settings = buildSettings(tenant, country)));
  return settings;
}

function buildSettings(tenant: Tenant, country: string | null): Settings {
  const served = country !== null && tenant.settings.countries.includes(country);
  return {
    ...tenant.settings,
    // The "vanaf" price every page shows is the one the packages really give (issue 17, item 1).
    minimum_message_costs: minimumMessageCosts(tenant.payments, tenant.settings.message_credits),
    geoip_country: country ?? '',
    geoip_selected_country: served ? country : tenant.settings.countries[0],
    brand: {
      id: tenant.id,
      logo_text: tenant.look.logo_text,
      tagline: tenant.look.tagline,
      colors: tenant.look.colors,
      show_us_footer: tenant.look.show_us_footer,
      languages: tenant.languages,
      cam_partner: tenant.cams?.partner ?? null,
      info_pages: Object.entries(tenant.info_pages).map(([token, texts]) =>
        ({ token, titles: Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text!.title])) })),
    },
  };
}
