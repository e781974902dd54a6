import { MAX_AGE, MIN_AGE } from '../../core/constants';
import { useTranslation } from '../i18n';

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

/** The "age from" and "age to" selects of a search form, each with its default (a query's value, or the form's). */
export function AgeRange({ min, max }: { min: string | number; max: string | number }) {
  const { t } = useTranslation();
  return (
    <>
      <AgeField name="min_age" label={t('search.min_age')} selected={min} />
      <AgeField name="max_age" label={t('search.max_age')} selected={max} />
    </>
  );
}

function AgeField({ name, label, selected }: { name: string; label: string; selected: string | number }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={String(selected)}>
        {AGES.map((age) => (
          <option key={age} value={age}>
            {age}
          </option>
        ))}
      </select>
    </label>
  );
}
