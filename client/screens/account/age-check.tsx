import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import type { AgeCheckStatus } from '../../../core/schemas/age';
import { useApi } from '../../api/call';
import { ApiError } from '../../api/fetch-client';
import { apiSend } from '../../api/typed-fetch';
import { AccountCard, FormAlert } from '../../components/form-ui';
import { useTranslation } from '../../i18n';
import { navigate } from '../../navigation';
import { routeAtom } from '../../state/atoms';

/**
 * /age-check (issue 45 item 2): why the member's country asks a highly effective age check and how it goes, the
 * button to the provider's page, and, back from it (?session=), the outcome; a fail, an inconclusive check or a
 * cancel may be tried again. The server decides everything: this page only shows /api/age-check.php.
 */
export default function AgeCheckScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const route = useAtomValue(routeAtom);
  const session = new URLSearchParams(route.search).get('session') ?? undefined;
  const { data, mutate } = useApi('/api/age-check.php', session ? { session } : undefined, { revalidateOnMount: true });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const start = async () => {
    setStarting(true);
    setError(undefined);
    try {
      const started = await apiSend('post', '/api/age-check.php');
      if (started.url) location.assign(started.url);
      else await mutate(started, { revalidate: false });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <AccountCard title={t('age_check.title')} testId="age-check">
      {data && <AgeCheckBody status={data} />}
      <FormAlert message={error} />
      {data?.status === 'pass' ? (
        <button type="button" className="btn btn-primary w-full" onClick={() => navigate(store, '/chats')}>
          {t('age_check.go_on')}
        </button>
      ) : (
        data?.can_start &&
        data.required_for.length > 0 && (
          <button type="button" className="btn btn-primary w-full" disabled={starting} onClick={start} data-testid="age-check-start">
            {t(data.status === 'none' ? 'age_check.start' : 'age_check.retry')}
          </button>
        )
      )}
    </AccountCard>
  );
}

function AgeCheckBody({ status }: { status: AgeCheckStatus }) {
  const { t } = useTranslation();
  if (status.required_for.length === 0 && status.status !== 'pass') return <p>{t('age_check.not_required')}</p>;
  const features = status.required_for.map((f) => t(`age_check.feature_${f}`)).join(', ');
  const tone = status.status === 'pass' ? 'success' : status.status === 'none' || status.status === 'pending' ? 'info' : 'danger';
  return (
    <>
      {status.status !== 'pass' && (
        <>
          <p>{t('age_check.why', { features })}</p>
          <p className="text-sm text-gray-600">{t('age_check.how')}</p>
        </>
      )}
      <div data-testid="age-check-status" data-status={status.status}>
        <FormAlert tone={tone} message={t(`age_check.status_${status.status}`)} />
      </div>
    </>
  );
}
