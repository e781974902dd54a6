import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { SignupStep } from '../../../core/schemas/account';
import type { User } from '../../../core/schemas/user';
import { navigate } from '../../navigation';
import { signupLockedAtom, userAtom } from '../../state/atoms';
import { AboutStep } from './about-step';
import { AccountStep } from './account-step';
import { FlowContext, type FlowContextValue } from './context';
import { SIGNUP_EVENTS, emitSignupEvent, onSignupEvents } from './events';
import { LocationStep } from './location-step';
import { useSaveStep } from './save-step';
import { CheckEmailStep, CompleteStep, PersonalStep, PhotoStep, PushStep } from './steps';

/** The steps a member sees, in order; 'complete' is the end, not a step. */
const VISIBLE_STEPS = ['account', 'photo', 'location', 'personal', 'about', 'push', 'check_email'] as const;
/** Between these the signup is in progress: the modal cannot be closed by backdrop or Escape. */
const IN_PROGRESS: readonly SignupStep[] = ['photo', 'location', 'personal', 'about', 'push'];

/** Where the flow stands: a visitor creates the account; a member continues at `signup_step` (SPEC.md §4). */
export function currentStep(user: User | null): SignupStep {
  if (!user) return 'account';
  if (user.signup_step === 'account') return 'photo';
  if (user.signup_step === 'check_email' && user.status === 'confirmed') return 'complete';
  return user.signup_step;
}

/**
 * Where the finished flow goes: with `api_signup_complete` while the e-mail is unconfirmed, which on a smartphone
 * opens the activation reminder as a modal there (SPEC.md §4, client/components/activation-reminder.tsx).
 */
export function afterSignup(href: string, user: User | null): string {
  if (user?.status !== 'not_confirmed') return href;
  return `${href}${href.includes('?') ? '&' : '?'}api_signup_complete=1`;
}

const STEP_VIEWS: Record<SignupStep, () => React.ReactNode> = {
  account: AccountStep,
  photo: PhotoStep,
  location: LocationStep,
  personal: PersonalStep,
  about: AboutStep,
  push: PushStep,
  check_email: CheckEmailStep,
  complete: CompleteStep,
};

interface SignupFlowProps {
  mode: 'modal' | 'page';
  /** Closes the modal (modal mode). */
  onDone?: () => void;
  /** Where the finished flow goes. */
  completeHref?: string;
}

/**
 * The flow's SPEC.md §4 events: started locks the modal, complete ends the flow, closed and redirect-to-login close
 * it. Returns whether the signup has started and the latest `onDone`.
 */
function useSignupEvents(mode: SignupFlowProps['mode'], completeHref: string, onDone: (() => void) | undefined) {
  const store = useStore();
  const [started, setStarted] = useState(false);
  const finished = useRef(false);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(
    () =>
      onSignupEvents({
        [SIGNUP_EVENTS.started]: () => setStarted(true),
        [SIGNUP_EVENTS.complete]: () => {
          finished.current = true;
          setStarted(false);
          done.current?.();
          navigate(store, afterSignup(completeHref, store.get(userAtom)));
        },
        [SIGNUP_EVENTS.closed]: () => {
          setStarted(false);
          done.current?.();
        },
        [SIGNUP_EVENTS.toLogin]: () => {
          finished.current = true;
          setStarted(false);
          done.current?.();
          navigate(store, '/login');
        },
      }),
    [store, completeHref],
  );

  // The modal's own close icon unmounts the flow: tell whoever listens that the signup was left.
  useEffect(() => {
    if (mode !== 'modal') return;
    return () => {
      if (!finished.current) emitSignupEvent(SIGNUP_EVENTS.closed);
    };
  }, [mode]);

  return { started, done };
}

/** Tells the modal (signupLockedAtom) that backdrop and Escape must not close it while `locked`. */
function useModalLock(locked: boolean) {
  const setLocked = useSetAtom(signupLockedAtom);
  useLayoutEffect(() => {
    setLocked(locked);
    return () => setLocked(false);
  }, [locked, setLocked]);
}

/** A new step moves the focus to its title, so keyboard and screen reader users start at the top of it. */
function useStepFocus(step: SignupStep) {
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current) {
      heading.current?.focus();
      root.current?.scrollTo?.({ top: 0 });
    }
  }, [step]);
  return { root, heading };
}

/** "Step n of m" and its bar, for the visible steps. */
function StepProgress({ index }: { index: number }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <p className="m-0 mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">
        {t('signup.progress', { current: index + 1, total: VISIBLE_STEPS.length })}
      </p>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-gray-200"
        role="progressbar"
        aria-label={t('signup.progress_label')}
        aria-valuemin={1}
        aria-valuemax={VISIBLE_STEPS.length}
        aria-valuenow={index + 1}
      >
        <div
          className="h-full rounded-full bg-primary transition-all"
          style={{ width: `${((index + 1) / VISIBLE_STEPS.length) * 100}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The multi-step signup of SPEC.md §4, the same in the signup modal (client/components/signup-flow.tsx) and on
 * the signup pages. The server keeps the step (`user.signup_step`), so a member who leaves continues there.
 */
export function SignupFlow({ mode, onDone, completeHref = '/members' }: SignupFlowProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const step = currentStep(user);
  const save = useSaveStep();
  const { started, done } = useSignupEvents(mode, completeHref, onDone);
  useModalLock(mode === 'modal' && (started || user !== null) && IN_PROGRESS.includes(step));
  const { root, heading } = useStepFocus(step);

  const context = useMemo<FlowContextValue>(() => ({ mode, save, leave: () => done.current?.() }), [mode, save, done]);
  const View = STEP_VIEWS[step];
  const index = VISIBLE_STEPS.indexOf(step as (typeof VISIBLE_STEPS)[number]);
  const Heading = mode === 'modal' ? 'h3' : 'h2';

  return (
    <FlowContext.Provider value={context}>
      <div
        ref={root}
        data-testid={mode === 'modal' ? 'signup-modal' : 'signup-flow'}
        data-step={step}
        className={mode === 'modal' ? '-mx-2 max-h-[calc(100dvh-10rem)] overflow-y-auto px-2' : ''}
      >
        {index >= 0 && <StepProgress index={index} />}
        <Heading ref={heading} tabIndex={-1} className="m-0 mb-3 text-lg font-bold text-gray-900 outline-none">
          {t(`signup.steps.${step}`)}
        </Heading>
        <View />
      </div>
    </FlowContext.Provider>
  );
}
