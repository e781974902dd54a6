import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/fetch-client';
import { FormAlert } from '../form-ui';

/** A list a step needs could not be loaded: the server's message (or the generic one) and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert message={error instanceof ApiError ? error.message : t('errors.generic')}>
      {' '}
      <button type="button" className="border-0 bg-transparent p-0 font-semibold text-danger underline" onClick={onRetry}>
        {t('account.retry')}
      </button>
    </FormAlert>
  );
}
