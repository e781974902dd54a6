import { GEOLOCATION_MAX_AGE_MS } from '../../../core/constants';
import { type AnswerOf, apiGet } from '../../api/typed-fetch';

/** SPEC.md §4: the geolocation permission is unsupported, unknown, or the browser's own state. */
export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

export interface Position {
  lat: number;
  lon: number;
}

/** GET /api/geocode.php's answer. */
export type GeocodeResult = AnswerOf<'get', '/api/geocode.php'>;

const CACHE_KEY = 'geolocation';

export async function geoPermission(): Promise<GeoPermission> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return 'unsupported';
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    return 'unknown';
  }
}

/** The last position, if younger than the cache age (3,600,000 ms). */
export function cachedPosition(now = Date.now()): Position | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Position & { at: number };
    if (typeof value.lat !== 'number' || typeof value.lon !== 'number' || now - value.at > GEOLOCATION_MAX_AGE_MS) return null;
    return { lat: value.lat, lon: value.lon };
  } catch {
    return null;
  }
}

function remember(position: Position): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify({ ...position, at: Date.now() }));
  } catch {
    // private mode or full storage: the position is simply asked again next time
  }
}

/** The browser's position (asking permission if needed), from the cache when it is fresh enough. */
export function currentPosition(): Promise<Position> {
  const cached = cachedPosition();
  if (cached) return Promise.resolve(cached);
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        // Two decimals (about a kilometre) are plenty to find the city and reveal no more than needed.
        const position = { lat: Math.round(p.coords.latitude * 100) / 100, lon: Math.round(p.coords.longitude * 100) / 100 };
        remember(position);
        resolve(position);
      },
      reject,
      { enableHighAccuracy: false, maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: 20_000 },
    );
  });
}

export function geocode(position: Position): Promise<GeocodeResult> {
  return apiGet('/api/geocode.php', { lat: position.lat, lon: position.lon });
}
