import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from '../navigation';
import { settingsAtom, signupModalAtom } from '../state/atoms';
import { Modal } from './modal';

/**
 * The signup modal slot of every default and empty layout. The multi-step signup itself is the accounts issue's;
 * until it lands the modal leads to the signup page.
 */
export function SignupModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(signupModalAtom);
  const settings = useAtomValue(settingsAtom);
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={t('signup.modal_title', { brand: settings.name })} labelClose={t('common.close')}>
      <div data-testid="signup-modal">
        <p>{t('signup.modal_text')}</p>
        <Link href="/signup" className="btn btn-primary block text-center" onClick={() => setOpen(false)}>{t('signup.start')}</Link>
        <p className="mt-3 text-center text-sm">
          {t('signup.have_account')} <Link href="/login" onClick={() => setOpen(false)}>{t('nav.login')}</Link>
        </p>
      </div>
    </Modal>
  );
}
