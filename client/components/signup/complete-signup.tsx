import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { SignupFlow } from './flow';
import { Link } from '../../navigation';
import { userAtom } from '../../state/atoms';
import { AccountCard } from '../form-ui';

/** /complete-signup: a member continues the signup at their step, or is asked to confirm the e-mail address. */
export default function CompleteSignupScreen() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  if (!user) {
    return (
      <AccountCard title={t('complete_signup.title')} testId="complete-signup">
        <p className="text-gray-700">{t('complete_signup.login')}</p>
        <Link href="/login" className="btn btn-primary block text-center">
          {t('nav.login')}
        </Link>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('complete_signup.title')} testId="complete-signup">
      <SignupFlow mode="page" />
    </AccountCard>
  );
}
