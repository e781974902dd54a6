import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { TokenSchema } from '../../../core/schemas/account';
import { apiSend } from '../../api/typed-fetch';
import { ApiError } from '../../api/fetch-client';
import { Link } from '../../navigation';
import { routeAtom, userAtom } from '../../state/atoms';
import { AccountCard } from '../../components/form-ui';

type State = { kind: 'working' } | { kind: 'done'; email: string | null } | { kind: 'failed'; message: string };

/** /mail-change/do?token=: confirms the new address (PUT /api/mail-change.php) as soon as the page opens. */
export default function MailChangeDoScreen() {
  const { t } = useTranslation();
  const setUser = useSetAtom(userAtom);
  const token = new URLSearchParams(useAtomValue(routeAtom).search).get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link can be used only once, so a second call would report a failure.
    if (sent.current) return;
    sent.current = true;
    const parsed = TokenSchema.safeParse({ token });
    if (!parsed.success) {
      setState({ kind: 'failed', message: t('errors.link_invalid') });
      return;
    }
    // The answer has the user when this browser is logged in as the member; other sessions have ended.
    apiSend('put', '/api/mail-change.php', parsed.data)
      .then(({ user }) => {
        if (user) setUser(user);
        setState({ kind: 'done', email: user?.email ?? null });
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: error instanceof ApiError ? error.message : t('errors.generic') }));
  }, [token, t, setUser]);

  if (state.kind === 'working') {
    return (
      <AccountCard title={t('mail_change.title')} testId="mail-change" icon="i-lucide-hourglass">
        <p className="m-0 text-gray-700" role="status">
          {t('mail_change.working')}
        </p>
      </AccountCard>
    );
  }
  if (state.kind === 'done') {
    return (
      <AccountCard title={t('mail_change.title')} testId="mail-change" icon="i-lucide-circle-check">
        <p className="mt-0 text-gray-700" role="status" data-state="done">
          {state.email ? t('mail_change.done', { email: state.email }) : t('mail_change.done_login')}
        </p>
        {state.email ? (
          <Link href="/notifications" className="btn btn-primary block text-center">
            {t('mail_change.to_settings')}
          </Link>
        ) : (
          <Link href="/login" className="btn btn-primary block text-center">
            {t('nav.login')}
          </Link>
        )}
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('mail_change.failed_title')} testId="mail-change" icon="i-lucide-circle-alert">
      <p className="mt-0 text-danger" role="alert" data-state="failed">
        {state.message}
      </p>
      <Link href="/notifications#email" className="btn btn-outline border-solid block text-center">
        {t('mail_change.to_settings')}
      </Link>
    </AccountCard>
  );
}
