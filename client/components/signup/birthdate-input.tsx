import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { MIN_AGE } from '../../../core/constants';
import { INPUT } from '../form-ui';
import { useHydrated } from '../../lib/hydrated';

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether this browser has a real date picker behind <input type=date> (old Safari and some WebViews do not). */
function supportsDateInput(): boolean {
  const input = document.createElement('input');
  input.setAttribute('type', 'date');
  input.value = 'not-a-date';
  return input.type === 'date' && input.value === '';
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  today: string;
}

/**
 * Date of birth: the native date picker, limited to ages 18..120, or, where there is none, three selects (day,
 * month, year). Both give YYYY-MM-DD; an impossible day (31 February) comes back from the schema as invalid.
 */
export function BirthdateInput({ value, onChange, error, today }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [native, setNative] = useState(true);
  // The limits depend on the browser's calendar day, which the server may not share: set after hydration.
  const hydrated = useHydrated();
  useEffect(() => setNative(supportsDateInput()), []);

  const year = Number(today.slice(0, 4));
  const max = `${year - MIN_AGE}${today.slice(4)}`;
  const min = `${year - 120}${today.slice(4)}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = error ? errorId : hintId;

  return (
    <div className="mb-4">
      {native ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-semibold text-gray-800">
            {t('signup.account.birthdate')}
          </label>
          <input
            id={id}
            name="date_of_birth"
            type="date"
            className={INPUT}
            value={value}
            min={hydrated ? min : undefined}
            max={hydrated ? max : undefined}
            autoComplete="bday"
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            data-testid="birthdate"
          />
        </div>
      ) : (
        <ThreeSelects value={value} onChange={onChange} error={error} describedBy={described} year={year} language={i18n.language} />
      )}
      {!error && (
        <p id={hintId} className="m-0 mt-1 text-xs text-gray-500">
          {t('signup.account.birthdate_hint', { age: MIN_AGE })}
        </p>
      )}
      {error && (
        <p id={errorId} className="m-0 mt-1 text-sm text-danger" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

function monthNames(language: string): string[] {
  try {
    const format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2000, m, 1))));
  } catch {
    return Array.from({ length: 12 }, (_, m) => String(m + 1));
  }
}

function ThreeSelects({
  value,
  onChange,
  error,
  describedBy,
  year,
  language,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  describedBy: string;
  year: number;
  language: string;
}) {
  const { t } = useTranslation();
  const [initialY, initialM, initialD] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-') : ['', '', ''];
  const [parts, setParts] = useState({ d: initialD, m: initialM, y: initialY });
  const set = (key: 'd' | 'm' | 'y', v: string) => {
    const next = { ...parts, [key]: v };
    setParts(next);
    onChange(next.d && next.m && next.y ? `${next.y}-${next.m}-${next.d}` : '');
  };
  const months = monthNames(language);
  const years = Array.from({ length: 120 - MIN_AGE + 1 }, (_, i) => year - MIN_AGE - i);
  const cls = `${INPUT} min-w-0`;
  const invalid = error ? true : undefined;
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0" aria-describedby={describedBy}>
      <legend className="mb-1 p-0 text-sm font-semibold text-gray-800">{t('signup.account.birthdate')}</legend>
      <div className="grid grid-cols-[1fr_2fr_1.4fr] gap-2">
        <label className="min-w-0">
          <span className="sr-only">{t('signup.account.day')}</span>
          <select name="birth_day" className={cls} value={parts.d} onChange={(e) => set('d', e.target.value)} aria-invalid={invalid}>
            <option value="">{t('signup.account.day')}</option>
            {Array.from({ length: 31 }, (_, i) => pad(i + 1)).map((d) => (
              <option key={d} value={d}>
                {Number(d)}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className="sr-only">{t('signup.account.month')}</span>
          <select name="birth_month" className={cls} value={parts.m} onChange={(e) => set('m', e.target.value)} aria-invalid={invalid}>
            <option value="">{t('signup.account.month')}</option>
            {months.map((name, i) => (
              <option key={name} value={pad(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className="sr-only">{t('signup.account.year')}</span>
          <select name="birth_year" className={cls} value={parts.y} onChange={(e) => set('y', e.target.value)} aria-invalid={invalid}>
            <option value="">{t('signup.account.year')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}
