import { describe, expect, it } from 'vitest';
import { TIME_BONUS } from '../constants';
import {
  countdown,
  discountedPrice,
  modalWaitStart,
  formatCountdown,
  modalWaitLeft,
  timeBonusExpires,
  timeBonusModalAllowed,
  timeBonusRemaining,
} from './time-bonus';

const signup = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('timeBonusRemaining', () => {
  it('is the rest of the 4-hour window after signup', () => {
    expect(timeBonusRemaining({ paid_user: false, signup_date: signup }, at('2026-03-01T10:00:00Z'))).toBe(14_400);
    expect(timeBonusRemaining({ paid_user: false, signup_date: signup }, at('2026-03-01T13:59:59Z'))).toBe(1);
    expect(timeBonusRemaining({ paid_user: false, signup_date: signup }, at('2026-03-01T11:30:00.400Z'))).toBe(9000);
  });
  it('is zero at and after 4 hours, when paid, logged out or with a broken date', () => {
    expect(timeBonusRemaining({ paid_user: false, signup_date: signup }, at('2026-03-01T14:00:00Z'))).toBe(0);
    expect(timeBonusRemaining({ paid_user: false, signup_date: signup }, at('2026-03-02T10:00:00Z'))).toBe(0);
    expect(timeBonusRemaining({ paid_user: true, signup_date: signup }, at('2026-03-01T10:00:01Z'))).toBe(0);
    expect(timeBonusRemaining(null, at('2026-03-01T10:00:01Z'))).toBe(0);
    expect(timeBonusRemaining({ paid_user: false, signup_date: 'soon' }, at('2026-03-01T10:00:01Z'))).toBe(0);
  });
  it('never exceeds the window when the signup date lies ahead of the clock', () => {
    expect(timeBonusRemaining({ paid_user: false, signup_date: signup }, at('2026-03-01T09:00:00Z'))).toBe(TIME_BONUS.windowSeconds);
  });
  it('ends at signup + 14 400 s', () => {
    expect(timeBonusExpires({ paid_user: false, signup_date: signup })).toBe('2026-03-01T14:00:00.000Z');
  });
});

describe('countdown', () => {
  it('gives two-digit hours, minutes and seconds', () => {
    expect(countdown(14_400)).toEqual({ hours: '04', minutes: '00', seconds: '00' });
    expect(formatCountdown(countdown(3 * 3600 + 5 * 60 + 9))).toBe('03:05:09');
    expect(formatCountdown(countdown(-5))).toBe('00:00:00');
  });
});

describe('timeBonusModalAllowed', () => {
  const ok = { loggedIn: true, credits: 0, dismissed: false, bonusVisible: true, inMembersArea: true };
  it('opens only for a logged-in member with 0 credits in the members area, not dismissed, bonus visible', () => {
    expect(timeBonusModalAllowed(ok)).toBe(true);
    expect(timeBonusModalAllowed({ ...ok, loggedIn: false })).toBe(false);
    expect(timeBonusModalAllowed({ ...ok, credits: 5 })).toBe(false);
    expect(timeBonusModalAllowed({ ...ok, dismissed: true })).toBe(false);
    expect(timeBonusModalAllowed({ ...ok, bonusVisible: false })).toBe(false);
    expect(timeBonusModalAllowed({ ...ok, inMembersArea: false })).toBe(false);
  });
});

describe('discountedPrice', () => {
  it('takes the percentage off in whole cents', () => {
    expect(discountedPrice(1995, 25)).toBe(1496);
    expect(discountedPrice(1000, 25)).toBe(750);
    expect(discountedPrice(999, 33.3)).toBe(666);
  });
});

describe('the time-bonus modal wait (issue 17, item 4)', () => {
  it('continues from when it first started instead of starting again', () => {
    expect(modalWaitLeft(1_000, 1_000, 40_000)).toBe(40_000);
    expect(modalWaitLeft(1_000, 31_000, 40_000)).toBe(10_000);
    expect(modalWaitLeft(1_000, 90_000, 40_000)).toBe(0);
    // A start in the future (a clock moved back) waits no longer than the delay.
    expect(modalWaitLeft(100_000, 1_000, 40_000)).toBe(40_000);
  });
});

describe('the modal wait across pages (issue 46 item 14)', () => {
  it('is cancelled outside the members area and starts again on the next entry', () => {
    expect(modalWaitStart(1_000, false, 5_000)).toBeNull();
    expect(modalWaitStart(null, true, 5_000)).toBe(5_000);
    // Within the area, the wait that runs continues over navigations.
    expect(modalWaitStart(1_000, true, 5_000)).toBe(1_000);
    // A start in the future (a changed clock) is not trusted.
    expect(modalWaitStart(9_000, true, 5_000)).toBe(5_000);
  });
});
