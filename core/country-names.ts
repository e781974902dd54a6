// One formatter per language: making one loads locale data, which costs more than the lookups.
const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the page's language, from the runtime's own data (the same on server and browser). */
export function countryName(code: string, language: string): string {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  try {
    return regionNames.get(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

// Per list of codes (a brand's settings.countries, one array per brand) and language: every page's state asks.
const namesOf = new WeakMap<readonly string[], Map<string, Record<string, string>>>();

/** The names of `codes` in `language`: a page's state carries its brand's countries (client/lib/country-name.ts). */
export function countryNames(codes: readonly string[], language: string): Record<string, string> {
  let byLanguage = namesOf.get(codes);
  if (!byLanguage) namesOf.set(codes, (byLanguage = new Map()));
  let names = byLanguage.get(language);
  if (!names) byLanguage.set(language, (names = Object.fromEntries(codes.map((code) => [code, countryName(code, language)]))));
  return names;
}
