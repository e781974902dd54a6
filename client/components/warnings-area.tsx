import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withCatalogue } from '../i18n';
import { Link } from '../navigation';
import { onlineAtom, userAtom } from '../state/atoms';

// Only members who still have to confirm their e-mail load the reminder (alert or modal, with the resend button).
// Like every lazy part, it renders once the whole catalogue is there (client/i18n.ts).
const ActivationReminder = lazy(() => withCatalogue(import('./activation-reminder')));

/**
 * The warnings area under the navigation (SPEC.md §2): offline state, the account-activation reminder and the
 * profile-photo alert. The push alerts and the welcome-discount banner join it with their issues.
 */
export function WarningsArea() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const online = useAtomValue(onlineAtom);
  const needsActivation = user?.status === 'not_confirmed' && user.profile.status === 'disabled' && user.notifications_disabled.length === 0;
  return (
    <div className="container mx-auto px-3" aria-live="polite">
      {!online && <div className="alert alert-warning" role="status" data-testid="offline-alert">{t('warnings.offline')}</div>}
      {needsActivation && (
        <Suspense fallback={null}>
          <ActivationReminder />
        </Suspense>
      )}
      {user && !user.profile.main_image && (
        <div className="alert alert-info" role="status">
          {t('warnings.add_photo')} <Link href="/profile">{t('warnings.add_photo_link')}</Link>
        </div>
      )}
    </div>
  );
}
