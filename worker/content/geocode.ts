import { REGIONS, type City, type Region } from '../../core/data/regions';
import type { GeocodeResult } from '../../core/schemas/reference';

// Reverse geocoding without a network call (DESIGN.md "Outside services": a bundled cities data set).
//
// offline-geocode-city knows the country of a position, and one place name per S2 level-8 cell (~30-40 km): a
// local town, not necessarily the big city the member lives in (Amsterdam's cell answers "Ouderkerk aan de Amstel").
// It has no coordinates for that name, so "close" is decided with our own cities: within CITY_RADIUS_KM of one of
// core/data/regions.ts the member lives there (and search knows that name); further out the library's town is the
// better answer. The region always comes from our data, because its codes are what profiles and search store.

const EARTH_RADIUS_KM = 6371;
/** A city and its suburbs. */
const CITY_RADIUS_KM = 15;
/**
 * Further than this from every city we list for a country, a position is not a place we serve (open sea, or an
 * overseas territory such as Bonaire, NL). The widest gap inside a served country is north-west Australia, ~950 km.
 */
const SERVED_RADIUS_KM = 1000;

export interface Place {
  cityName: string;
  countryIso2: string;
}

interface Nearest {
  region: Region;
  city: City;
  km: number;
}

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function nearestCity(regions: readonly Region[], lat: number, lon: number): Nearest | null {
  let best: Nearest | null = null;
  for (const region of regions) {
    for (const city of region.cities) {
      const km = haversineKm(lat, lon, city.lat, city.lon);
      if (!best || km < best.km) best = { region, city, km };
    }
  }
  return best;
}

const ALL_REGIONS = Object.values(REGIONS).flat();

/** Two decimals is ~1 km: enough for "near me", and no finer trace of where the member stood is handed around. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Our answer for a position the library placed in `place`; null when that is not somewhere we serve. Pure. */
export function locate(place: Place | null, lat: number, lon: number): GeocodeResult | null {
  const regions = place && REGIONS[place.countryIso2];
  if (!place || !regions) return null;
  const near = nearestCity(regions, lat, lon);
  if (!near || near.km > SERVED_RADIUS_KM) return null;
  const city = near.km <= CITY_RADIUS_KM || !place.cityName ? near.city.name : place.cityName;
  return { country: place.countryIso2, region: near.region.code, region_name: near.region.name, city, lat: round2(lat), lon: round2(lon) };
}

// The library decompresses its whole data set (~110 ms CPU, ~15 MB) when its module is evaluated, so it is loaded
// on the first geocode call of an isolate, never at start-up where every page request would pay for it.
let library: Promise<typeof import('offline-geocode-city')> | undefined;

async function libraryPlace(lat: number, lon: number): Promise<Place | null> {
  library ??= import('offline-geocode-city');
  const { getNearestCity } = await library;
  try {
    // Off-shore it walks from neighbour cell to neighbour cell without a bound and can exhaust the stack.
    return getNearestCity(lat, lon) ?? null;
  } catch {
    return null;
  }
}

/** Where (lat, lon) is, in our country and region codes; null outside the countries of core/data/regions.ts. */
export async function reverseGeocode(lat: number, lon: number): Promise<GeocodeResult | null> {
  // Far from every city we know is never ours; answering that without the library also spares it the open sea.
  const near = nearestCity(ALL_REGIONS, lat, lon);
  if (!near || near.km > SERVED_RADIUS_KM) return null;
  return locate(await libraryPlace(lat, lon), lat, lon);
}
