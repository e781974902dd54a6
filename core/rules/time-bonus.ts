import { TIME_BONUS } from '../constants';

/**
 * The time bonus of SPEC.md §4 and §9 as pure functions, shared by the banner, the modal and the server's check.
 * It exists only for a logged-in, unpaid member within 14 400 s of signup_date; it counts down from what is left
 * of that window, so a reload or a second tab shows the same time.
 */
export interface TimeBonusMember {
  paid_user: boolean;
  signup_date: string;
}

/** Whole seconds of the window left at `now`: 0 when logged out, paid, or 4 hours or more after signup. */
export function timeBonusRemaining(member: TimeBonusMember | null, now: Date | number): number {
  if (!member || member.paid_user) return 0;
  const signup = Date.parse(member.signup_date);
  if (Number.isNaN(signup)) return 0;
  const end = signup + TIME_BONUS.windowSeconds * 1000;
  const left = Math.ceil((end - (typeof now === 'number' ? now : now.getTime())) / 1000);
  // A signup date in the future (clock skew) never gives more than the full window.
  return Math.min(Math.max(left, 0), TIME_BONUS.windowSeconds);
}

/** When the bonus ends: signup_date + 4 hours (ISO), the discount code's `expires`. */
export function timeBonusExpires(member: TimeBonusMember): string {
  return new Date(Date.parse(member.signup_date) + TIME_BONUS.windowSeconds * 1000).toISOString();
}

export interface Countdown {
  hours: string;
  minutes: string;
  seconds: string;
}

/** The countdownTimer of SPEC.md §3: hours, minutes and seconds as two-digit text. */
export function countdown(totalSeconds: number): Countdown {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return { hours: two(Math.floor(s / 3600)), minutes: two(Math.floor((s % 3600) / 60)), seconds: two(s % 60) };
}

export const formatCountdown = (c: Countdown) => `${c.hours}:${c.minutes}:${c.seconds}`;

export interface ModalConditions {
  loggedIn: boolean;
  credits: number;
  /** A dismissal is stored under hide-time-bonus-modal. */
  dismissed: boolean;
  bonusVisible: boolean;
  inMembersArea: boolean;
}

/** Whether the time-bonus modal may open (its 40 s timer runs only while this holds). */
export function timeBonusModalAllowed(c: ModalConditions): boolean {
  return c.loggedIn && c.inMembersArea && c.credits === 0 && !c.dismissed && c.bonusVisible;
}

/**
 * How long the modal still waits, from when its wait first started in this browser tab (issue 17, item 4): moving
 * between pages of the members area continues the same 40 s instead of starting it again.
 */
export function modalWaitLeft(startedAt: number, now: number, delayMs: number): number {
  return Math.max(0, Math.min(delayMs, startedAt + delayMs - now));
}

/**
 * When the modal's 40 s began, as the tab should remember it after a page (SPEC.md §4: "leaving the area cancels the
 * timer", issue 46 item 14): outside the members area nothing (the wait is cancelled, and the next entry starts a
 * new 40 s); inside it the wait already running in this tab, else one starting now.
 */
export function modalWaitStart(stored: number | null, inMembersArea: boolean, now: number): number | null {
  if (!inMembersArea) return null;
  return stored !== null && stored > 0 && stored <= now ? stored : now;
}

/** The discount in cents for a price, rounded half up to whole cents (the server charges exactly this). */
export function discountedPrice(priceCents: number, percentage: number): number {
  return priceCents - Math.round((priceCents * percentage) / 100);
}
