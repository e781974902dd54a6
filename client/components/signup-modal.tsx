import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsAtom, signupLockedAtom, signupModalAtom } from '../state/atoms';
import { withCatalogue } from '../i18n';
import { Modal } from './modal';

// The flow's code loads when the modal first opens, so it costs the home page's initial JavaScript nothing; like
// every lazy part it renders once the whole catalogue is there (client/i18n.ts).
const SignupFlow = lazy(() => withCatalogue(import('./signup-flow')));

/** The signup modal slot of every default and empty layout. */
export function SignupModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(signupModalAtom);
  const settings = useAtomValue(settingsAtom);
  const locked = useAtomValue(signupLockedAtom);
  return (
    <Modal open={open} onClose={() => setOpen(false)} locked={locked} title={t('signup.modal_title', { brand: settings.name })} labelClose={t('common.close')}>
      <Suspense fallback={<p>{t('common.loading')}</p>}>
        <SignupFlow onDone={() => setOpen(false)} />
      </Suspense>
    </Modal>
  );
}
