/**
 * The traffic source of SPEC.md §3 (network, ref, sub1, sub2, sub3): read from a landing URL, stored for the visitor,
 * used by the signup rules (SPEC.md §6) and in reports. Values come from anyone's URL, so each is cut down to a
 * short token of [A-Za-z0-9._-] before it is kept anywhere.
 */
export const TRAFFIC_SOURCE_FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrafficSourceField = (typeof TRAFFIC_SOURCE_FIELDS)[number];
export type TrafficSource = Partial<Record<TrafficSourceField, string>>;

export const TRAFFIC_SOURCE_MAX_LENGTH = 64;
/** Longer input is not a tracking token; it is cut before cleaning so a huge value costs nothing. */
const MAX_INPUT = 1024;
const DISALLOWED = /[^A-Za-z0-9._-]+/g;

/** One value: disallowed characters dropped, at most 64 left; null when nothing usable remains. */
export function sanitizeTrafficValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.slice(0, MAX_INPUT).replace(DISALLOWED, '').slice(0, TRAFFIC_SOURCE_MAX_LENGTH);
  return clean === '' ? null : clean;
}

type Lookup = URLSearchParams | Record<string, unknown>;
const get = (from: Lookup, key: string): unknown => (from instanceof URLSearchParams ? from.get(key) : from[key]);

/** The traffic source in a query (or any record), fields in a fixed order; null when no field has a usable value. */
export function parseTrafficSource(from: Lookup | null | undefined): TrafficSource | null {
  if (!from) return null;
  const source: TrafficSource = {};
  for (const field of TRAFFIC_SOURCE_FIELDS) {
    const value = sanitizeTrafficValue(get(from, field));
    if (value !== null) source[field] = value;
  }
  return Object.keys(source).length > 0 ? source : null;
}

/** The stored form: compact JSON of the sanitised fields (the `ts` cookie's value). */
export function serializeTrafficSource(source: TrafficSource): string {
  return JSON.stringify(parseTrafficSource(source) ?? {});
}

/** Reads a stored value back, sanitising again: a cookie is the visitor's to change. */
export function parseStoredTrafficSource(stored: string | null | undefined): TrafficSource | null {
  if (!stored || stored.length > MAX_INPUT) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? parseTrafficSource(value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
