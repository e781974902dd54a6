import { useId } from 'react';
import { MAX_AGE, MIN_AGE } from '../../core/constants';
import { useTranslation } from '../i18n';

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

/**
 * The "age from" and "age to" selects of a search form, each with its default (a query's value, or the form's).
 * `error`: what is wrong with the range (issue 46, item 6): both selects are marked and point at the message.
 */
export function AgeRange({ min, max, error }: { min: string | number; max: string | number; error?: string | null }) {
  const { t } = useTranslation();
  const errorId = `${useId()}-age-error`;
  return (
    <>
      <AgeField name="min_age" label={t('search.min_age')} selected={min} errorId={error ? errorId : undefined} />
      <AgeField name="max_age" label={t('search.max_age')} selected={max} errorId={error ? errorId : undefined} />
      {error && (
        <p id={errorId} className="m-0 basis-full text-sm text-danger" data-field-error data-testid="age-range-error">
          {error}
        </p>
      )}
    </>
  );
}

function AgeField({ name, label, selected, errorId }: { name: string; label: string; selected: string | number; errorId?: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={String(selected)} aria-invalid={errorId ? true : undefined} aria-describedby={errorId}>
        {AGES.map((age) => (
          <option key={age} value={age}>
            {age}
          </option>
        ))}
      </select>
    </label>
  );
}
