import { IDEAL_ISSUERS, type Package, type PaymentMethod } from '../../core/schemas/payments';
import type { Tenant } from '../../core/schemas/tenant';
import { settingsFor } from '../brand-settings';

/** What one country of a brand can buy, in which currency, and how it can pay. */
export interface Shop {
  country: string;
  currency: string;
  packages: Package[];
  methods: PaymentMethod[];
}

/**
 * The shop of the visitor's country: the geo-IP country when the brand serves it and has payments there, else the
 * brand's first country. Prices never come from the client.
 */
export function shopFor(tenant: Tenant, geoCountry: string | null): Shop {
  const { countries, packages } = tenant.payments;
  // The country does not depend on the language: the brand's own language will do.
  const selected = settingsFor(tenant, geoCountry, tenant.settings.domain_language).geoip_selected_country;
  const country = countries[selected] ? selected : Object.keys(countries)[0];
  const config = countries[country];
  return { country, currency: config.currency, packages: packages[config.currency], methods: config.methods };
}

export const findPackage = (shop: Shop, id: number) => shop.packages.find((p) => p.id === id) ?? null;

export const isIdealIssuer = (issuer: string) => IDEAL_ISSUERS.some((i) => i.id === issuer);
