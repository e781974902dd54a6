import { atom, type createStore } from 'jotai';
import { TIME_BONUS } from '../../../core/constants';
import { countdown, timeBonusExpires, timeBonusRemaining, type Countdown } from '../../../core/rules/time-bonus';
import type { DiscountCode } from '../../../core/schemas/payments';
import { userAtom } from '../../state/atoms';

type Store = ReturnType<typeof createStore>;

/** The time bonus state of SPEC.md §3: visibility, the countdown as two-digit text, and the discount code fields. */
export interface TimeBonusState extends Partial<DiscountCode> {
  isVisible: boolean;
  countdownTimer: Countdown;
  countdownInterval: ReturnType<typeof setInterval> | null;
}

const CLEARED: TimeBonusState = { isVisible: false, countdownTimer: countdown(0), countdownInterval: null };
export const timeBonusAtom = atom<TimeBonusState>(CLEARED);

/**
 * Starts the countdown from what is left of the 4-hour window; starting while it runs is ignored (SPEC.md §4).
 * Each second recomputes from the clock rather than subtracting, so a sleeping tab shows the right time on waking.
 */
export function startTimeBonus(store: Store): void {
  if (store.get(timeBonusAtom).countdownInterval) return;
  const tick = () => {
    const user = store.get(userAtom);
    const left = timeBonusRemaining(user, Date.now());
    if (!user || left === 0) return clearTimeBonus(store);
    store.set(timeBonusAtom, (s) => ({
      ...s,
      isVisible: true,
      countdownTimer: countdown(left),
      code: TIME_BONUS.code,
      value_percentage: TIME_BONUS.percentage,
      expires: timeBonusExpires(user),
      validity: 'once_per_user',
      status: 'active',
      expired: false,
    }));
  };
  store.set(timeBonusAtom, (s) => ({ ...s, countdownInterval: setInterval(tick, 1000) }));
  tick();
}

/** Cleared at zero, on logout and when the member has paid. */
export function clearTimeBonus(store: Store): void {
  const interval = store.get(timeBonusAtom).countdownInterval;
  if (interval) clearInterval(interval);
  store.set(timeBonusAtom, CLEARED);
}
