import { describe, expect, it } from 'vitest';
import { showState } from './cam-show';

const at = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00Z`);

describe("a cam performer's daily show", () => {
  it('is live from its start for its length', () => {
    const show = { start: 20 * 60, minutes: 180 }; // 20:00-23:00 UTC
    expect(showState(show, at('20:00'))).toEqual({ live: true, startsInMinutes: 0 });
    expect(showState(show, at('22:59'))).toEqual({ live: true, startsInMinutes: 0 });
    expect(showState(show, at('23:00'))).toEqual({ live: false, startsInMinutes: 21 * 60 });
    expect(showState(show, at('19:30'))).toEqual({ live: false, startsInMinutes: 30 });
  });

  it('runs over midnight', () => {
    const show = { start: 23 * 60, minutes: 120 }; // 23:00-01:00 UTC
    expect(showState(show, at('00:30')).live).toBe(true);
    expect(showState(show, at('01:00'))).toEqual({ live: false, startsInMinutes: 22 * 60 });
  });
});
