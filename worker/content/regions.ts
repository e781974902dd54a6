import { REGIONS } from '../../core/data/regions';
import type { RegionOption, RegionsResponse } from '../../core/schemas/reference';

/** regions.php's answer, also the search page's loader: each country's regions, with their cities when asked. */
export function regionsFor(countries: readonly string[], cities: boolean): RegionsResponse {
  const regions = Object.fromEntries(
    countries.map((country) => [
      country,
      (REGIONS[country] ?? []).map(
        (r): RegionOption =>
          cities ? { code: r.code, name: r.name, cities: r.cities.map((city) => city.name) } : { code: r.code, name: r.name },
      ),
    ]),
  );
  return { regions };
}
