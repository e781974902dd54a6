import { describe, expect, it } from 'vitest';
import { nextLimit, nextPause, NO_RULE, pauseEnd, settle } from './spending-limits';

const now = new Date('2026-11-29T12:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('own spending limits', () => {
  it('sets a first limit and lowers it at once', () => {
    const first = nextLimit(null, 5000, now);
    expect(first).toEqual({ ...NO_RULE, amount: 5000 });
    expect(nextLimit(first, 2000, now)).toEqual({ ...NO_RULE, amount: 2000 });
  });

  it('raises or removes a limit only after 24 hours, keeping the old one meanwhile', () => {
    const raised = nextLimit({ ...NO_RULE, amount: 2000 }, 9000, now);
    expect(raised).toEqual({ ...NO_RULE, amount: 2000, pending_amount: 9000, pending_from: '2026-11-30T12:00:00.000Z' });
    expect(settle(raised, later(23.9)).amount).toBe(2000);
    expect(settle(raised, later(24)).amount).toBe(9000);
    const removed = nextLimit({ ...NO_RULE, amount: 2000 }, null, now);
    expect(removed.amount).toBe(2000);
    expect(settle(removed, later(25)).amount).toBeNull();
  });

  it('lowering while a raise waits cancels the raise; asking the same again cancels it too', () => {
    const raised = nextLimit({ ...NO_RULE, amount: 2000 }, 9000, now);
    expect(nextLimit(raised, 1000, later(1))).toEqual({ ...NO_RULE, amount: 1000 });
    expect(nextLimit(raised, 2000, later(1))).toEqual({ ...NO_RULE, amount: 2000 });
  });

  it('a raise whose time has come counts as the limit for the next change', () => {
    const raised = nextLimit({ ...NO_RULE, amount: 2000 }, 9000, now);
    expect(nextLimit(raised, 5000, later(30))).toEqual({ ...NO_RULE, amount: 5000 });
  });
});

describe('pause', () => {
  it('pauses at once, and a longer pause replaces a shorter one at once', () => {
    const day = nextPause(null, 1, now);
    expect(pauseEnd(day, now)).toBe('2026-11-30T12:00:00.000Z');
    const month = nextPause(day, 30, later(1));
    expect(pauseEnd(month, later(1))).toBe('2026-12-29T13:00:00.000Z');
  });

  it('lifts or shortens a pause only after 24 hours', () => {
    const week = nextPause(null, 7, now);
    const lifted = nextPause(week, null, later(2));
    expect(pauseEnd(lifted, later(25))).toBe('2026-12-06T12:00:00.000Z');
    expect(pauseEnd(lifted, later(26))).toBeNull();
    const shorter = nextPause(week, 3, later(2));
    expect(pauseEnd(shorter, later(25))).toBe('2026-12-06T12:00:00.000Z');
    expect(pauseEnd(shorter, later(26))).toBe('2026-12-02T14:00:00.000Z');
  });

  it('a pause that has ended is none', () => {
    const day = nextPause(null, 1, now);
    expect(pauseEnd(day, later(25))).toBeNull();
    expect(nextPause(day, null, later(25))).toEqual(NO_RULE);
  });
});
