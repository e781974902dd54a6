import { describe, expect, it } from 'vitest';
import { ageOn, ageOnDay } from './age';

describe('age', () => {
  it('counts a year only from the birthday on', () => {
    expect(ageOnDay('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOnDay('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOnDay('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOnDay('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('takes the UTC date of an instant', () => {
    expect(ageOn('1990-06-15', new Date('2026-06-14T23:59:59Z'))).toBe(35);
    expect(ageOn('1990-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(36);
  });
});
