import { describe, expect, it } from 'vitest';
import { nicheOfSlug, nicheSlug } from './niche';

describe('niche slugs', () => {
  it('maps niches 1 to 7 to none, she, bdsm, bbw, gilf, milf, gay', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nicheSlug)).toEqual(['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay']);
    expect(nicheSlug(8)).toBe('');
  });

  it("reads a lander slug's niche prefix and leaves the rest as the place", () => {
    expect(nicheOfSlug('milf-amsterdam')).toEqual({ niche: 6, rest: 'amsterdam' });
    expect(nicheOfSlug('gay-den-haag')).toEqual({ niche: 7, rest: 'den-haag' });
    expect(nicheOfSlug('gay')).toEqual({ niche: 7, rest: undefined });
    expect(nicheOfSlug('BBW-Utrecht')).toEqual({ niche: 4, rest: 'Utrecht' });
    // Only a whole prefix counts: a city that starts with the letters is a city.
    expect(nicheOfSlug('shenzhen')).toEqual({ niche: null, rest: 'shenzhen' });
    expect(nicheOfSlug('den-haag')).toEqual({ niche: null, rest: 'den-haag' });
    expect(nicheOfSlug(undefined)).toEqual({ niche: null, rest: undefined });
  });
});
