import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { routeAtom, settingsAtom, signupLockedAtom, signupModalAtom, signupReasonAtom, userAtom } from '../state/atoms';
import { withCatalogue } from '../i18n';
import { Modal } from './modal';

// The flow's code loads when the modal first opens, so it costs the home page's initial JavaScript nothing; like
// every lazy part it renders once the whole catalogue is there (client/i18n.ts).
const SignupFlow = lazy(() => withCatalogue(import('./signup-flow')));

/** The steps after the account at which a signup can be left halfway (the check-e-mail step has its reminder). */
const RESUMABLE = ['account', 'photo', 'location', 'personal', 'about', 'push'];
/** Pages that show the flow themselves. */
const FLOW_PAGES = ['signup', 'signup-matches', 'members-id-signup', 'complete-signup'];
/** Set when the member closes the resumed flow: it then waits for the next visit (a new tab session). */
const CLOSED_KEY = 'signup-resume-closed';

/** The signup modal slot of every default and empty layout. */
export function SignupModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(signupModalAtom);
  const settings = useAtomValue(settingsAtom);
  const locked = useAtomValue(signupLockedAtom);
  const user = useAtomValue(userAtom);
  const route = useAtomValue(routeAtom);
  const [reason, setReason] = useAtom(signupReasonAtom);

  // Issue 18 item 6: a member whose signup stopped halfway (a reload, a new visit) finds the flow open again at the
  // step the server kept (user.signup_step). In an effect: the server page stays the same for every visitor.
  const resumable = user !== null && RESUMABLE.includes(user.signup_step) && !FLOW_PAGES.includes(route.name);
  useEffect(() => {
    if (resumable && !sessionStorage.getItem(CLOSED_KEY)) setOpen(true);
  }, [resumable, setOpen]);

  useEffect(() => {
    if (!open) setReason(null);
  }, [open, setReason]);

  const close = () => {
    if (resumable) sessionStorage.setItem(CLOSED_KEY, '1');
    setOpen(false);
  };
  return (
    <Modal open={open} onClose={close} locked={locked} title={t('signup.modal_title', { brand: settings.name })} labelClose={t('common.close')}>
      {reason && <p className="alert alert-info" role="status" data-testid="signup-reason">{reason}</p>}
      <Suspense fallback={<p>{t('common.loading')}</p>}>
        <SignupFlow onDone={() => setOpen(false)} />
      </Suspense>
    </Modal>
  );
}
