import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { TIME_BONUS } from '../../../core/constants';
import { formatCountdown, modalWaitLeft, timeBonusModalAllowed } from '../../../core/rules/time-bonus';
import { Link, navigate } from '../../navigation';
import { MEMBERS_AREA } from '../../../core/routes';
import { routeAtom, userAtom } from '../../state/atoms';
import { Modal } from '../modal';
import { clearTimeBonus, startTimeBonus, timeBonusAtom } from './state';
import { waitStart } from './wait';
import { Icon } from '../icon';

/** The dismissal of SPEC.md §3, stored with its timestamp. */
export const DISMISS_KEY = 'hide-time-bonus-modal';

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISS_KEY) !== null;
  } catch {
    return false;
  }
}

/** The welcome-bonus banner (SPEC.md §2 banner 1) and the time-bonus modal (banner 2). */
export default function TimeBonus({ banner }: { banner: boolean }) {
  const store = useStore();
  const user = useAtomValue(userAtom);
  const active = Boolean(user && !user.paid_user);
  useEffect(() => {
    if (active) startTimeBonus(store);
    else clearTimeBonus(store);
    return () => clearTimeBonus(store);
  }, [store, active]);
  return (
    <>
      {banner && <TimeBonusBanner />}
      <TimeBonusModal />
    </>
  );
}

function TimeBonusBanner() {
  const { t } = useTranslation();
  const state = useAtomValue(timeBonusAtom);
  if (!state.isVisible) return null;
  // The translation places the time; it is cut there so the countdown can be an element of its own.
  const [before, after = ''] = t('time_bonus.banner', { time: '\u0000' }).split('\u0000');
  return (
    <div
      className="bg-secondary px-3 py-2 text-center text-sm text-white"
      role="region"
      aria-label={t('time_bonus.special')}
      data-testid="time-bonus-banner"
    >
      <Icon name="i-lucide-sparkles" className="mr-1" />
      <strong>
        {before}
        <time className="font-mono" data-testid="time-bonus-countdown">
          {formatCountdown(state.countdownTimer)}
        </time>
        {after}
      </strong>{' '}
      <Link href="/credits" className="ml-2 font-semibold text-white underline">
        {t('time_bonus.banner_link')}
      </Link>
      <Icon name="i-lucide-sparkles" className="ml-1" />
    </div>
  );
}

/**
 * Opens 40 s after first entering the members area in this tab, counted across its pages; outside the area the
 * timer does not run (the modal opens on coming back, once the time has passed); closing stores a dismissal.
 */
function TimeBonusModal() {
  const { t } = useTranslation();
  const store = useStore();
  const user = useAtomValue(userAtom);
  const route = useAtomValue(routeAtom);
  const { isVisible, countdownTimer } = useAtomValue(timeBonusAtom);
  const [open, setOpen] = useState(false);
  const inMembersArea = MEMBERS_AREA.includes(route.name);
  const allowed = timeBonusModalAllowed({
    loggedIn: Boolean(user),
    credits: user?.credits ?? 0,
    dismissed: dismissed(),
    bonusVisible: isVisible,
    inMembersArea,
  });
  // Leaving the members area cancels the wait (SPEC.md §4): coming back starts 40 s again, not "the time has passed".
  useEffect(() => {
    if (!inMembersArea) waitStart(Date.now(), false);
  }, [inMembersArea]);
  useEffect(() => {
    if (!allowed) return setOpen(false);
    const now = Date.now();
    const start = waitStart(now, true) ?? now;
    const timer = setTimeout(() => setOpen(true), modalWaitLeft(start, now, TIME_BONUS.modalDelayMs));
    return () => clearTimeout(timer);
  }, [allowed]);

  const close = () => {
    try {
      localStorage.setItem(DISMISS_KEY, new Date().toISOString());
    } catch {
      // private mode: the modal may come back on the next visit, nothing worse
    }
    setOpen(false);
  };
  const time = formatCountdown(countdownTimer);
  return (
    <Modal open={open && isVisible} title={t('time_bonus.special')} onClose={close} labelClose={t('time_bonus.close')}>
      {/* The small modal (252 px inside) left "welkomstbonus" at 36 px wider than the box at 390 px; long words
          ("Willkommensbonus") may still break rather than overflow. */}
      <div className="text-center [overflow-wrap:anywhere] hyphens-auto" data-testid="time-bonus-modal">
        <p className="m-0 text-3xl font-extrabold leading-tight text-primary sm:text-4xl">{t('time_bonus.big')}</p>
        <p className="mt-3 font-semibold">{t('time_bonus.unlock')}</p>
        <p className="text-sm text-gray-700">{t('time_bonus.act_fast')}</p>
        <button
          type="button"
          className="btn btn-primary w-full"
          data-testid="time-bonus-cta"
          onClick={() => {
            close();
            navigate(store, '/credits');
          }}
        >
          {t('time_bonus.button', { time })}
        </button>
        <p className="mb-0 mt-3 text-xs text-gray-600">{t('time_bonus.instant')}</p>
      </div>
    </Modal>
  );
}
