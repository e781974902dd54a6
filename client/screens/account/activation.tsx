import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { ResendActivation } from '../../components/activation-reminder';
import { Link } from '../../navigation';
import { userAtom } from '../../state/atoms';
import { AccountCard } from '../../components/form-ui';

/** /activate/done: where the activation link lands when it worked. */
export function ActivateDoneScreen() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const unfinished = user && user.signup_step !== 'complete' && user.signup_step !== 'check_email';
  return (
    <AccountCard title={t('activation.done_title')} icon="i-lucide-circle-check" testId="activate-done">
      <p className="mt-0 text-gray-700">{t('activation.done_text')}</p>
      {unfinished ? (
        <Link href="/complete-signup" className="btn btn-primary block text-center">
          {t('activation.finish_signup')}
        </Link>
      ) : (
        <Link href={user ? '/members' : '/login'} className="btn btn-primary block text-center">
          {user ? t('activation.to_members') : t('nav.login')}
        </Link>
      )}
    </AccountCard>
  );
}

/** /activate/error: the link was expired, used or broken; a logged-in member can have a new one sent. */
export function ActivateErrorScreen() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  return (
    <AccountCard title={t('errors.activation_failed')} icon="i-lucide-circle-alert" testId="activate-error">
      <p className="mt-0 text-gray-700">{t('activation.error_text')}</p>
      {user?.status === 'not_confirmed' ? (
        <ResendActivation className="btn btn-primary box-border w-full" />
      ) : user ? (
        <Link href="/members" className="btn btn-primary block text-center">
          {t('activation.to_members')}
        </Link>
      ) : (
        <>
          <p className="text-sm text-gray-600">{t('activation.error_login')}</p>
          <Link href="/login" className="btn btn-primary block text-center">
            {t('nav.login')}
          </Link>
        </>
      )}
    </AccountCard>
  );
}
