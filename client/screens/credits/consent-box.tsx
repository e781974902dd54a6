import { useTranslation } from '../../i18n';

/** The consent to immediate delivery and to losing the 14-day withdrawal right, asked before every payment. */
export function ConsentBox({ error }: { error?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <label className="flex cursor-pointer items-start gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          name="consent"
          className="m-0 mt-0.5 h-4 w-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'consent-error' : undefined}
          data-testid="consent"
        />
        <span>{t('pay.consent')}</span>
      </label>
      {error && (
        <p id="consent-error" className="m-0 mt-1 text-sm text-danger" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}
