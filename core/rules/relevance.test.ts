import { describe, expect, it } from 'vitest';
import { defaultAgeBand, memberBand, rankByRelevance, relevanceScore, visitorBand } from './relevance';

const now = new Date('2026-11-29T20:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('age band', () => {
  it('opens around the member own age, not at 18-99', () => {
    expect(defaultAgeBand(36)).toEqual({ min: 28, max: 44 });
    expect(defaultAgeBand(64)).toEqual({ min: 56, max: 72 });
    // Never below 18 or above 99.
    expect(defaultAgeBand(19)).toEqual({ min: 18, max: 27 });
    expect(defaultAgeBand(95)).toEqual({ min: 87, max: 99 });
  });

  it('moves inside a niche brand band, keeping its width where it can', () => {
    const mature = { min: 40, max: 99 };
    // A 30-year-old on a mature brand sees its youngest members, not nobody.
    expect(defaultAgeBand(30, mature)).toEqual({ min: 40, max: 56 });
    expect(defaultAgeBand(45, mature)).toEqual({ min: 40, max: 53 });
    expect(defaultAgeBand(60, mature)).toEqual({ min: 52, max: 68 });
    expect(defaultAgeBand(70, { min: 20, max: 40 })).toEqual({ min: 24, max: 40 });
  });

  it('a visitor gets the brand band or everyone; a member keeps the band they chose', () => {
    expect(visitorBand()).toEqual({ min: 18, max: 99 });
    expect(visitorBand({ min: 40, max: 99 })).toEqual({ min: 40, max: 99 });
    expect(memberBand({ min: 25, max: 30 }, 50)).toEqual({ min: 25, max: 30 });
    expect(memberBand({ min: null, max: null }, 50)).toEqual({ min: 42, max: 58 });
    expect(memberBand({ min: 40, max: 30 }, 50)).toEqual({ min: 42, max: 58 });
  });
});

describe('relevance', () => {
  const viewer = { band: { min: 28, max: 44 }, region: 'UT', city: 'Utrecht', interests: ['travel', 'music'] };
  const base = { age: 36, region: 'NH', city: 'Haarlem', lastActive: ago(60 * 24 * 20) };

  it('puts the same city before the same region before elsewhere', () => {
    const city = relevanceScore({ ...base, region: 'UT', city: 'utrecht' }, viewer, now);
    const region = relevanceScore({ ...base, region: 'UT', city: 'Amersfoort' }, viewer, now);
    const elsewhere = relevanceScore(base, viewer, now);
    expect(city).toBeGreaterThan(region);
    expect(region).toBeGreaterThan(elsewhere);
  });

  it('prefers someone online over someone active today over someone active weeks ago', () => {
    const online = relevanceScore({ ...base, lastActive: ago(2) }, viewer, now);
    const today = relevanceScore({ ...base, lastActive: ago(300) }, viewer, now);
    const week = relevanceScore({ ...base, lastActive: ago(60 * 24 * 3) }, viewer, now);
    expect(online).toBeGreaterThan(today);
    expect(today).toBeGreaterThan(week);
    expect(week).toBeGreaterThan(relevanceScore(base, viewer, now));
  });

  it('leans to the middle of the band and counts shared interests', () => {
    expect(relevanceScore({ ...base, age: 36 }, viewer, now)).toBeGreaterThan(relevanceScore({ ...base, age: 29 }, viewer, now));
    expect(relevanceScore({ ...base, interests: ['music', 'travel'] }, viewer, now)).toBeGreaterThan(
      relevanceScore({ ...base, interests: ['cars'] }, viewer, now),
    );
  });

  it('ranks the most relevant first; ties keep the query order; the limit cuts after ranking', () => {
    const far = { ...base, id: 1 };
    const near = { ...base, id: 2, region: 'UT' };
    const farToo = { ...base, id: 3 };
    expect(rankByRelevance([far, near, farToo], viewer, now).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(rankByRelevance([far, near, farToo], viewer, now, 1).map((c) => c.id)).toEqual([2]);
  });
});
