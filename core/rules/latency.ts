/**
 * Request latency without a row per request (issue 48 item 7): each request falls into the first bucket whose
 * upper bound it does not pass; a percentile is the upper bound of the bucket where the running count reaches it.
 * So a p95 of "500" means "95 % of requests took at most 500 ms" (a bound, not an exact figure).
 */
export const LATENCY_BOUNDS = [50, 100, 250, 500, 1000, 2500, 5000] as const;
/** The columns of request_rollups, in the order of LATENCY_BOUNDS, then the open-ended one. */
export const LATENCY_COLUMNS = ['le_50', 'le_100', 'le_250', 'le_500', 'le_1000', 'le_2500', 'le_5000', 'le_inf'] as const;
export type LatencyColumn = (typeof LATENCY_COLUMNS)[number];

/** The bucket a request of `ms` milliseconds counts in. */
export function latencyColumn(ms: number): LatencyColumn {
  const i = LATENCY_BOUNDS.findIndex((bound) => ms <= bound);
  return LATENCY_COLUMNS[i === -1 ? LATENCY_COLUMNS.length - 1 : i];
}

/**
 * The upper bound in ms under which `share` (0.5, 0.95) of the counted requests fall; null without requests;
 * Infinity when it lies in the open-ended bucket (more than 5 s).
 */
export function percentileBound(counts: readonly number[], share: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const needed = Math.ceil(total * share);
  let running = 0;
  for (const [i, n] of counts.entries()) {
    running += n;
    if (running >= needed) return LATENCY_BOUNDS[i] ?? Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}

/** The start of the 15-minute bucket of `at`, as 'YYYY-MM-DDTHH:MM' (UTC). */
export function rollupBucket(at: Date): string {
  const minutes = Math.floor(at.getUTCMinutes() / 15) * 15;
  return `${at.toISOString().slice(0, 14)}${String(minutes).padStart(2, '0')}`;
}
