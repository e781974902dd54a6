import { MAX_AGE, MIN_AGE } from '../../core/constants';
import { useTranslation } from '../i18n';

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);

/** The "age from" and "age to" selects of a search form, each with its default (a query's value, or the form's). */
export function AgeRange({ min, max }: { min: string | number; max: string | number }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        <span>{t('search.min_age')}</span>
        <select name="min_age" defaultValue={String(min)}>
          <AgeOptions />
        </select>
      </label>
      <label className="field">
        <span>{t('search.max_age')}</span>
        <select name="max_age" defaultValue={String(max)}>
          <AgeOptions />
        </select>
      </label>
    </>
  );
}

function AgeOptions() {
  return AGES.map((age) => (
    <option key={age} value={age}>
      {age}
    </option>
  ));
}
