/** Per country the brand sells in, the currency it is sold in (tenant.payments.countries, core/schemas/tenant.ts). */
export type CountryCurrencies = Readonly<Record<string, { currency: string }>>;

/** The currencies a brand sells in, in the order of its countries (the settings' choice). */
export function brandCurrencies(countries: CountryCurrencies): string[] {
  return [...new Set(Object.values(countries).map((c) => c.currency))];
}

/** The currency a member signing up in `country` gets: that country's, else the brand's first country's. */
export function signupCurrency(countries: CountryCurrencies, country: string | null): string {
  const first = Object.values(countries)[0]?.currency ?? 'EUR';
  return (country && countries[country]?.currency) || first;
}

/**
 * The member's one currency (issue 46, item 4): the one they chose or got at signup while the brand still sells in
 * it; otherwise (a member from before the choice was stored, or a currency the brand dropped) the currency of their
 * profile's country, as signup decides it. Never the country they happen to browse from.
 */
export function memberCurrency(countries: CountryCurrencies, stored: string | null, profileCountry: string | null): string {
  if (stored && brandCurrencies(countries).includes(stored)) return stored;
  return signupCurrency(countries, profileCountry);
}

/**
 * The country whose shop (packages, methods, market rule) a page uses: for a visitor (no currency) the geo-IP
 * country as the brand serves it, else its first; for a member the same country when it sells in the member's
 * currency, else the brand's first country that does.
 */
export function shopCountry(countries: CountryCurrencies, selected: string, currency: string | null): string {
  const names = Object.keys(countries);
  const geo = countries[selected] ? selected : names[0];
  if (!currency || countries[geo]?.currency === currency) return geo;
  return names.find((name) => countries[name].currency === currency) ?? geo;
}
