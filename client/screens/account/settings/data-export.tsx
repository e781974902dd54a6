import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { apiSend } from '../../../api/typed-fetch';
import { ApiError } from '../../../api/fetch-client';
import { settingsAtom } from '../../../state/atoms';
import { FormAlert } from '../../../components/form-ui';

/**
 * "Download mijn gegevens" (issue 17, item 8): POST /api/export.php asks for the ZIP; it arrives as a link by mail,
 * valid 24 hours. One request a day: the server's refusal says so.
 */
export function DataExport() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const [state, setState] = useState<{ tone: 'success' | 'danger'; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const request = async () => {
    setSending(true);
    try {
      await apiSend('post', '/api/export.php');
      setState({ tone: 'success', message: t('settings.export.started') });
    } catch (error) {
      setState({ tone: 'danger', message: error instanceof ApiError ? error.message : t('errors.generic') });
    } finally {
      setSending(false);
    }
  };
  return (
    <div data-testid="data-export">
      <p className="mt-0 text-sm text-gray-600">{t('settings.export.text', { brand: settings.name })}</p>
      {state && <FormAlert tone={state.tone} message={state.message} />}
      <button
        type="button"
        className="btn btn-outline border-solid disabled:opacity-60"
        onClick={() => void request()}
        disabled={sending}
        data-testid="data-export-request"
      >
        {t('settings.export.button')}
      </button>
    </div>
  );
}
