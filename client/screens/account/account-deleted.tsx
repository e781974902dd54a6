import { useTranslation } from '../../i18n';
import { ACCOUNT_RECOVERY_DAYS } from '../../../core/constants';
import { Link } from '../../navigation';
import { AccountCard } from '../../components/form-ui';

/** /account-deleted: the account is gone for now and can come back for 14 days through the mailed link. */
export default function AccountDeletedScreen() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('account_deleted.title')} icon="i-lucide-hand" testId="account-deleted">
      <p className="mt-0 text-gray-700">{t('account_deleted.text')}</p>
      <div className="alert alert-info">{t('account_deleted.recover', { days: ACCOUNT_RECOVERY_DAYS })}</div>
      <Link href="/" className="btn btn-outline border-solid mt-2 block text-center">
        {t('error.back_home')}
      </Link>
    </AccountCard>
  );
}
