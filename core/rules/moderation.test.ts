import { describe, expect, it } from 'vitest';
import { actionsFor, ageDays, appealUntil, canAppeal, dueAt, isOverdue, median } from './moderation';

describe('the appeal window (DSA Art. 20 (1): at least six months)', () => {
  it('ends six calendar months after the statement, the same time of day', () => {
    expect(appealUntil(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });
  it("ends on the month's last day when the month is shorter", () => {
    expect(appealUntil(new Date('2026-08-31T12:00:00Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });
  it('accepts an appeal up to the last moment and refuses it a second later', () => {
    const until = appealUntil(new Date('2026-03-01T00:00:00Z'));
    expect(canAppeal(until, new Date('2026-09-01T00:00:00Z'))).toBe(true);
    expect(canAppeal(until, new Date('2026-09-01T00:00:01Z'))).toBe(false);
  });
});

describe('overdue (the complaint deadline of the market rule)', () => {
  const received = new Date('2026-11-01T08:00:00Z');
  it('is due seven days later and overdue only after that', () => {
    expect(dueAt(received, 7).toISOString()).toBe('2026-11-08T08:00:00.000Z');
    expect(isOverdue(received, new Date('2026-11-08T08:00:00Z'), 7)).toBe(false);
    expect(isOverdue(received, new Date('2026-11-08T08:00:01Z'), 7)).toBe(true);
  });
  it('follows a shorter deadline a brand set', () => {
    expect(isOverdue(received, new Date('2026-11-04T09:00:00Z'), 3)).toBe(true);
  });
  it('counts whole days of age', () => {
    expect(ageDays(received, new Date('2026-11-03T07:59:59Z'))).toBe(1);
  });
});

describe('decisions and figures', () => {
  it('offers removing a photo only for a photo, removing text only for a profile', () => {
    expect(actionsFor('photo')).toContain('remove_photo');
    expect(actionsFor('photo')).not.toContain('remove_text');
    expect(actionsFor('profile')).toContain('remove_text');
    expect(actionsFor('message')).not.toContain('remove_photo');
  });
  it('takes the median of odd and even lists, null for none', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
