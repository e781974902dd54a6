import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { DISMISS_DAYS, DISMISS_KEYS } from '../../../core/chat-constants';
import { Link } from '../../navigation';
import { pushStateAtom, userAtom } from '../../state/atoms';
import { subscribePush } from '../chat/push-client';
import { dismiss, dismissedRecently as wasDismissed } from '../../lib/dismissals';

type DismissKey = (typeof DISMISS_KEYS)[keyof typeof DISMISS_KEYS];

/** A dismissal is the ISO time it happened (SPEC.md §3); it lapses after DISMISS_DAYS. */
const dismissedRecently = (key: DismissKey) => wasDismissed(key, DISMISS_DAYS);

/**
 * The push opt-in alert and the disabled-notifications alert of SPEC.md §2. Rendered only after hydration (the
 * server cannot know the browser's push state or the dismissals).
 */
export default function PushAlerts() {
  const { t } = useTranslation();
  const store = useStore();
  const state = useAtomValue(pushStateAtom);
  const user = useAtomValue(userAtom);
  const [, rerender] = useState(0);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
  }, []);
  if (!mounted || !user) return null;

  const close = (key: DismissKey) => {
    dismiss(key);
    rerender((n) => n + 1);
  };
  const disabled = (user.notifications_disabled.length > 0 || state === 'denied') && !dismissedRecently(DISMISS_KEYS.disabledAlert);
  const offer = state === 'capable' && !dismissedRecently(DISMISS_KEYS.pushAlert);
  return (
    <>
      {offer && (
        <div className="alert alert-info flex flex-wrap items-center gap-2" role="status" data-testid="push-alert">
          <span className="flex-1">{t('push.alert_text')}</span>
          <button type="button" className="btn btn-primary py-1" onClick={() => void subscribePush(store).catch(() => undefined)}>
            {t('push.alert_enable')}
          </button>
          <button type="button" className="btn btn-outline py-1" onClick={() => close(DISMISS_KEYS.pushAlert)}>
            {t('push.dismiss')}
          </button>
        </div>
      )}
      {disabled && (
        <div className="alert alert-warning flex flex-wrap items-center gap-2" role="status" data-testid="disabled-notifications-alert">
          <span className="flex-1">{t('push.disabled_text')}</span>
          <Link href="/notifications" className="font-bold">
            {t('push.disabled_link')}
          </Link>
          <button type="button" className="btn btn-outline py-1" onClick={() => close(DISMISS_KEYS.disabledAlert)}>
            {t('push.dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
