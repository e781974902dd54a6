import { IDEAL_ISSUERS, type Package, type PaymentMethod } from '../../core/schemas/payments';
import type { Tenant } from '../../core/schemas/tenant';
import { settingsFor } from '../brand-settings';
import { memberCurrency, shopCountry } from '../../core/rules/currency';

/** What decides a member's currency: their stored choice and their profile's (signup) country. */
export interface CurrencyOwner {
  currency: string | null;
  profile: { country: string };
}

/** What one country of a brand can buy, in which currency, and how it can pay. */
export interface Shop {
  country: string;
  currency: string;
  packages: Package[];
  methods: PaymentMethod[];
}

/**
 * The shop of the visitor's country: the geo-IP country when the brand serves it and has payments there, else the
 * brand's first country. A member shops in their own currency wherever they browse from (issue 46, item 4): the
 * country is then one that sells in it. Prices never come from the client.
 */
export function shopFor(tenant: Tenant, geoCountry: string | null, member: CurrencyOwner | null = null): Shop {
  const { countries, packages } = tenant.payments;
  // The country does not depend on the language: the brand's own language will do.
  const selected = settingsFor(tenant, geoCountry, tenant.settings.domain_language).geoip_selected_country;
  const currency = member && memberCurrency(countries, member.currency, member.profile.country);
  const country = shopCountry(countries, selected, currency);
  const config = countries[country];
  return { country, currency: config.currency, packages: packages[config.currency], methods: config.methods };
}

export const findPackage = (shop: Shop, id: number) => shop.packages.find((p) => p.id === id) ?? null;

export const isIdealIssuer = (issuer: string) => IDEAL_ISSUERS.some((i) => i.id === issuer);
