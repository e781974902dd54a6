import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { apiGet, apiSend } from '../api/typed-fetch';
import { ApiError } from '../api/fetch-client';
import { Link } from '../navigation';
import { checkEmailShownAtom, routeAtom, userAtom } from '../state/atoms';
import { Modal } from './modal';
import { Icon } from './icon';

const isSmartphone = () =>
  /Mobi|Android|iPhone|iPod/i.test(navigator.userAgent) || matchMedia('(max-width: 575.98px) and (pointer: coarse)').matches;

// This file is a lazy chunk of its own (see warnings-area.tsx); the resend button lives here too, so the chunk needs
// no other and the signup flow and the activation pages share it.

/**
 * The account-activation reminder of SPEC.md §4, loaded only for members who need it: a modal on a smartphone
 * arriving with `api_signup_complete` in the query, otherwise an alert in the warnings area. Both can send the
 * activation mail again.
 */
export default function ActivationReminder() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const route = useAtomValue(routeAtom);
  const shownInFlow = useAtomValue(checkEmailShownAtom);
  const [modal, setModal] = useState(false);
  // Whether this is a smartphone is known only in the browser: the server renders the alert, the browser may swap.
  // Not after the signup flow's own "check your e-mail" step: the modal would say it a second time.
  useEffect(() => {
    if (new URLSearchParams(route.search).has('api_signup_complete') && isSmartphone() && !shownInFlow) setModal(true);
  }, [route.search, shownInFlow]);

  const unfinished = user && !['check_email', 'complete'].includes(user.signup_step);

  if (modal) {
    return (
      <Modal open title={t('activation.modal_title')} onClose={() => setModal(false)} labelClose={t('common.close')}>
        <div data-testid="activation-modal">
          <p className="m-0 mb-2 text-center text-5xl text-primary">
            <Icon name="i-lucide-mail" />
          </p>
          <p className="mt-0 text-gray-800">{t('activation.modal_text', { email: user?.email ?? '' })}</p>
          <ResendActivation className="btn btn-outline border-solid box-border w-full" />
          <button type="button" className="btn btn-primary mt-3 box-border w-full" onClick={() => setModal(false)}>
            {t('activation.ok')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <div className="alert alert-info flex flex-wrap items-center gap-x-3 gap-y-2" role="status" data-testid="activation-alert">
      <span className="min-w-0 flex-1 basis-60">{t('warnings.activate')}</span>
      {unfinished && (
        <Link href="/complete-signup" className="font-semibold">
          {t('activation.finish_signup')}
        </Link>
      )}
      <ResendActivation className="btn btn-outline border-solid px-3 py-1 text-sm" compact />
    </div>
  );
}

type Result = { tone: 'ok' | 'error'; text: string } | null;

/**
 * Sends the activation mail again (POST /api/resend-activation.php). The server limits how often; its message
 * (with the waiting time) is shown as it comes. When the address turns out to be confirmed already, the user is
 * reloaded so every reminder disappears.
 */
export function ResendActivation({
  className = 'btn btn-outline border-solid',
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const setUser = useSetAtom(userAtom);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const resend = async () => {
    setSending(true);
    setResult(null);
    try {
      await apiSend('post', '/api/resend-activation.php');
      setResult({ tone: 'ok', text: t('activation.resent') });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_confirmed') {
        setResult({ tone: 'ok', text: error.message });
        const { user } = await apiGet('/api/user.php').catch(() => ({ user: undefined }));
        if (user !== undefined) setUser(user);
      } else {
        setResult({ tone: 'error', text: error instanceof ApiError ? error.message : t('errors.generic') });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <span className={compact ? 'inline' : 'block'}>
      <button
        type="button"
        className={`${className} disabled:cursor-not-allowed disabled:opacity-60`}
        onClick={() => void resend()}
        disabled={sending}
        aria-busy={sending || undefined}
        data-testid="resend-activation"
      >
        {sending ? t('activation.resending') : t('activation.resend')}
      </button>
      <span
        role="status"
        aria-live="polite"
        className={`${compact ? 'ml-2' : 'mt-2 block'} text-sm ${result?.tone === 'error' ? 'text-danger' : 'text-success'}`}
      >
        {result?.text}
      </span>
    </span>
  );
}
