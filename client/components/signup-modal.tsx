import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation, withCatalogue } from '../i18n';
import { routeAtom, settingsAtom, signupLockedAtom, signupModalAtom, signupReasonAtom, userAtom } from '../state/atoms';
import { Modal } from './modal';

// The flow's code loads when the modal first opens, so it costs the home page's initial JavaScript nothing; like
// every lazy part it renders once the whole catalogue is there (client/i18n.ts).
const SignupFlow = lazy(() => withCatalogue(import('./signup-flow')));

/** The steps after the account at which a signup can be left halfway (the check-e-mail step has its reminder). */
const RESUMABLE = ['account', 'photo', 'location', 'personal', 'about', 'push'];
/** Pages that show the flow themselves. */
const FLOW_PAGES = ['signup', 'signup-matches', 'members-id-signup', 'complete-signup'];
/**
 * Issue 18 item 6. `signup-resume` (this browser) says the flow was open at an unfinished step; `signup-resume-path`
 * (this tab) where. A reload of that page or a new visit reopens it; moving on to another page in the same tab
 * (the member chose to leave it) does not, and closing it forgets it.
 */
const RESUME_KEY = 'signup-resume';
const RESUME_PATH_KEY = 'signup-resume-path';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null; // storage refused (private mode): no resuming, nothing breaks
  }
}

/** The signup modal slot of every default and empty layout. */
export function SignupModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(signupModalAtom);
  const settings = useAtomValue(settingsAtom);
  const locked = useAtomValue(signupLockedAtom);
  const user = useAtomValue(userAtom);
  const route = useAtomValue(routeAtom);
  const [reason, setReason] = useAtom(signupReasonAtom);

  // The server keeps the step (user.signup_step); the browser remembers that the flow was open. In effects: the
  // server's page is the same for every visitor.
  const resumable = user !== null && RESUMABLE.includes(user.signup_step) && !FLOW_PAGES.includes(route.name);
  useEffect(() => {
    if (!resumable || !storage('local')?.getItem(RESUME_KEY)) return;
    const path = storage('session')?.getItem(RESUME_PATH_KEY);
    // A reload may land elsewhere (a member's `/` is `/members`): the browser says it was one.
    const reload = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload';
    if (!path || reload || path === `${location.pathname}${location.search}`) setOpen(true);
  }, [resumable, setOpen]);
  useEffect(() => {
    if (open && resumable) {
      storage('local')?.setItem(RESUME_KEY, '1');
      storage('session')?.setItem(RESUME_PATH_KEY, `${location.pathname}${location.search}`);
    }
    if (user && !RESUMABLE.includes(user.signup_step)) storage('local')?.removeItem(RESUME_KEY);
  }, [open, resumable, user]);

  useEffect(() => {
    if (!open) setReason(null);
  }, [open, setReason]);

  const close = () => {
    storage('local')?.removeItem(RESUME_KEY);
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      onClose={close}
      locked={locked}
      title={t('signup.modal_title', { brand: settings.name })}
      labelClose={t('common.close')}
    >
      {reason && (
        <p className="alert alert-info" role="status" data-testid="signup-reason">
          {reason}
        </p>
      )}
      <Suspense fallback={<p>{t('common.loading')}</p>}>
        <SignupFlow onDone={() => setOpen(false)} />
      </Suspense>
    </Modal>
  );
}
