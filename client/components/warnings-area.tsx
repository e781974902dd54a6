import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DISMISS_DAYS, DISMISS_KEYS } from '../../core/chat-constants';
import { dismiss, dismissedRecently } from '../lib/dismissals';
import { useTranslation, withCatalogue } from '../i18n';
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
  const needsActivation =
    user?.status === 'not_confirmed' && user.profile.status === 'disabled' && user.notifications_disabled.length === 0;
  return (
    <div className="container mx-auto px-3" aria-live="polite">
      {!online && (
        <div className="alert alert-warning" role="status" data-testid="offline-alert">
          {t('warnings.offline')}
        </div>
      )}
      {needsActivation && (
        <Suspense fallback={null}>
          <ActivationReminder />
        </Suspense>
      )}
      {user && !user.profile.main_image && !user.profile.photo_pending && <EnrichAlert />}
    </div>
  );
}

/**
 * The profile-photo alert (SPEC.md §2): until the member has a photo (an uploaded one waiting for review counts),
 * and not for DISMISS_DAYS after they close it (`hide-enrich-alert`). The server cannot see the dismissal: it
 * renders the alert, and the browser hides it after hydration.
 */
function EnrichAlert() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(dismissedRecently(DISMISS_KEYS.enrichAlert, DISMISS_DAYS)), []);
  if (hidden) return null;
  const close = () => {
    dismiss(DISMISS_KEYS.enrichAlert);
    setHidden(true);
  };
  return (
    <div className="alert alert-info flex flex-wrap items-center gap-2" role="status" data-testid="enrich-alert">
      <span className="flex-1">
        {t('warnings.add_photo')} <Link href="/profile">{t('warnings.add_photo_link')}</Link>
      </span>
      <button
        type="button"
        className="cursor-pointer border-0 bg-transparent px-2 text-xl leading-none text-gray-600"
        onClick={close}
        aria-label={t('common.close')}
      >
        ×
      </button>
    </div>
  );
}
