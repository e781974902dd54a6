import { describe, expect, it } from 'vitest';
import { latencyColumn, percentileBound, rollupBucket } from './latency';

describe('latency buckets', () => {
  it('counts a request in the first bucket it does not pass', () => {
    expect(latencyColumn(0)).toBe('le_50');
    expect(latencyColumn(50)).toBe('le_50');
    expect(latencyColumn(51)).toBe('le_100');
    expect(latencyColumn(4999)).toBe('le_5000');
    expect(latencyColumn(60_000)).toBe('le_inf');
  });

  it('reads p50 and p95 as the bound where the running count reaches them', () => {
    // 90 fast, 5 at most 500 ms, 5 slower than 5 s.
    const counts = [90, 0, 0, 5, 0, 0, 0, 5];
    expect(percentileBound(counts, 0.5)).toBe(50);
    expect(percentileBound(counts, 0.95)).toBe(500);
    expect(percentileBound(counts, 0.96)).toBe(Number.POSITIVE_INFINITY);
    expect(percentileBound([0, 0, 0, 0, 0, 0, 0, 0], 0.95)).toBeNull();
  });

  it('puts a moment in its 15-minute bucket (UTC)', () => {
    expect(rollupBucket(new Date('2026-06-15T12:14:59.999Z'))).toBe('2026-06-15T12:00');
    expect(rollupBucket(new Date('2026-06-15T12:15:00.000Z'))).toBe('2026-06-15T12:15');
    expect(rollupBucket(new Date('2026-06-15T23:59:00.000Z'))).toBe('2026-06-15T23:45');
  });
});
