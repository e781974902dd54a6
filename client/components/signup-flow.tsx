import { useTranslation } from 'react-i18next';
import { Link } from '../navigation';

/**
 * What the signup modal shows. The multi-step signup of SPEC.md §4 is the accounts issue's; until it lands the
 * modal leads to the signup page.
 */
export default function SignupFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="signup-modal">
      <p>{t('signup.modal_text')}</p>
      <Link href="/signup" className="btn btn-primary block text-center" onClick={onDone}>{t('signup.start')}</Link>
      <p className="mt-3 text-center text-sm">
        {t('signup.have_account')} <Link href="/login" onClick={onDone}>{t('nav.login')}</Link>
      </p>
    </div>
  );
}
