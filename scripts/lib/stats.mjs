/** The q-quantile (0..1) of a list of numbers, rounded to 0.1. */
export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}
