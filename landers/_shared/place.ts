import { REGIONS, type City } from '../../core/data/regions';

const MAX_LENGTH = 40;
/** What may stay of a slug: letters of any script, digits, spaces and the marks of place names ('s-Hertogenbosch). */
const DISALLOWED = /[^\p{L}\p{M}\p{N} '.-]+/gu;

/** Letters without accents and case, for comparing "munchen" with "München". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

let cityIndex: Map<string, { city: City; country: string }> | null = null;
function knownCity(folded: string): { city: City; country: string } | undefined {
  if (!cityIndex) {
    cityIndex = new Map();
    for (const [country, regions] of Object.entries(REGIONS)) {
      for (const region of regions)
        for (const city of region.cities) if (!cityIndex.has(fold(city.name))) cityIndex.set(fold(city.name), { city, country });
    }
  }
  return cityIndex.get(folded);
}

/**
 * The place (or campaign) a lander URL's slug names, as a headline shows it: "den-haag" -> "Den Haag",
 * "munchen" -> "München" (a city we know is spelled as we know it), anything else title-cased. Everything but
 * letters, digits and a few marks is dropped, so the result is plain text; React escapes it all the same.
 */
export function placeFromSlug(slug: string | undefined): string | null {
  if (!slug) return null;
  let text = slug.slice(0, 200);
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not percent-encoded after all: clean it as it is.
  }
  text = text.normalize('NFC').replace(/[_+]/g, ' ').replace(DISALLOWED, '');
  // Hyphens between words are the URL's spaces; "'s-Hertogenbosch" keeps its own through the city list below.
  const words = text.replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  if (!words || !/[\p{L}\p{N}]/u.test(words)) return null;
  const known = knownCity(fold(words));
  if (known) return known.city.name;
  const titled = words.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
  return titled.slice(0, MAX_LENGTH).trim();
}

/** The city of the visitor's country that a place names, if any (the map centres on it). */
export function cityInCountry(place: string | null, country: string): City | undefined {
  if (!place) return undefined;
  const folded = fold(place);
  for (const region of REGIONS[country] ?? []) for (const city of region.cities) if (fold(city.name) === folded) return city;
  return undefined;
}
