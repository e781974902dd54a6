import { REGIONS } from '../../core/data/regions';
import { pick } from '../_shared/activity';
import { cityInCountry, fold } from '../_shared/place';
import type { LanderProfile } from '../_shared/types';

interface LatLon {
  lat: number;
  lon: number;
}
export interface MapPoint {
  x: number;
  y: number;
}
/** A profile on the map; km is the distance from the visitor's city, null in that same city or where we do not know the visitor's city. */
export interface MapPin extends MapPoint {
  profile: LanderProfile;
  km: number | null;
}
export interface MapModel {
  width: number;
  height: number;
  /** Circles around every city: together they draw the country as a soft landmass. */
  land: MapPoint[];
  radius: number;
  labels: (MapPoint & { name: string })[];
  /** The visitor's city, only when we know it (the URL's slug names a city of the country); else no marker. */
  you: (MapPoint & { name: string }) | null;
  pins: MapPin[];
}

const WIDTH = 400;
const PAD = 36;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function km(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/**
 * A stylised map of the visitor's country drawn from the cities we know (core/data/regions.ts): no tiles, no
 * request. Far-off territories (Alaska, the Canaries) are left out so the mainland fills the picture.
 */
export function buildMap(country: string, place: string | null, profiles: LanderProfile[]): MapModel | null {
  const regions = REGIONS[country];
  if (!regions?.length) return null;
  const all = regions.flatMap((region) => region.cities.map((city) => ({ ...city, region })));
  const mid = { lat: median(all.map((c) => c.lat)), lon: median(all.map((c) => c.lon)) };
  const spread = median(all.map((c) => km(mid, c)));
  const cities = all.filter((c) => km(mid, c) <= Math.max(3 * spread, 150));

  const lats = cities.map((c) => c.lat);
  const lons = cities.map((c) => c.lon);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * kx, 0.5);
  const spanY = Math.max(maxLat - minLat, 0.5);
  let scale = (WIDTH - 2 * PAD) / spanX;
  let height = spanY * scale + 2 * PAD;
  if (height > 540) {
    scale = (540 - 2 * PAD) / spanY;
    height = 540;
  }
  height = Math.max(height, 280);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const project = (p: LatLon): MapPoint => ({
    x: Math.round((offsetX + (p.lon - minLon) * kx * scale) * 10) / 10,
    y: Math.round((offsetY + (maxLat - p.lat) * scale) * 10) / 10,
  });

  const largest = [...regions].sort((a, b) => b.population - a.population);
  // Where the visitor is, only when the URL says so: the largest city is where the map centres its pins without a
  // place, but it is no distance from the visitor (issue 46, item 11: no guessed kilometres).
  const known = cityInCountry(place, country) ?? null;
  const home = known ?? largest[0].cities[0];
  const you = known ? { ...project(known), name: known.name } : null;
  const candidates = largest
    .map((r) => r.cities[0])
    .filter((c) => c.name !== known?.name && cities.some((x) => x.name === c.name && x.lat === c.lat))
    .map((c) => ({ ...project(c), name: c.name }));

  const seen = new Map<string, number>();
  const pins = profiles.map((profile) => {
    const region = regions.find((r) => r.code === profile.region);
    const city = (region ?? { cities: all }).cities.find((c) => fold(c.name) === fold(profile.city ?? '')) ?? region?.cities[0] ?? home;
    const at = project(city);
    // Several people in one city: spread them on a small spiral around it.
    const k = seen.get(city.name) ?? 0;
    seen.set(city.name, k + 1);
    const angle = k * 2.4 + pick(profile.id, 3, 628) / 100;
    const r = k === 0 && city !== home ? 0 : 14 + 9 * k;
    const x = Math.min(WIDTH - 22, Math.max(22, at.x + r * Math.cos(angle)));
    const y = Math.min(height - 8, Math.max(52, at.y + r * Math.sin(angle)));
    // Only real distances between cities from a city the visitor named; someone in that same city shows no number.
    const distance = !known || city === known ? null : Math.max(1, Math.round(km(known, city)));
    return { profile, x, y, km: distance };
  });

  // A city's name only where no pin covers it.
  const near = (a: MapPoint, b: MapPoint, d: number) => Math.abs(a.x - b.x) < d && Math.abs(a.y - b.y) < d;
  const labels: MapModel['labels'] = [];
  for (const l of candidates) {
    if (labels.length === 5 || (you && near(l, you, 40)) || pins.some((p) => near(l, { x: p.x, y: p.y - 20 }, 34))) continue;
    if (labels.some((o) => Math.abs(o.x - l.x) < 80 && Math.abs(o.y - l.y) < 18)) continue;
    labels.push(l);
  }
  return { width: WIDTH, height: Math.round(height), land: cities.map(project), radius: cities.length > 60 ? 26 : 32, labels, you, pins };
}
