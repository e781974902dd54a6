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

/** The names of `codes` in `language`: a page's state carries its brand's countries (client/lib/country-name.ts). */
export const countryNames = (codes: readonly string[], language: string): Record<string, string> =>
  Object.fromEntries(codes.map((code) => [code, countryName(code, language)]));
