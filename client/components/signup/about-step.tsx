import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { useApi } from '../../api/call';
import { FormAlert, SOFT_PRIMARY, SubmitButton, TextArea, useFormState } from '../form-ui';
import { useFlow } from './context';
import { LoadError } from './load-error';
import { ABOUT_MAX_LENGTH } from '../../../core/constants';
import type { InterestOption } from '../../../core/schemas/reference';

const MAX_INTERESTS = 20;

/** Step 5: a few words about yourself and interests chosen from /api/interests.php. */
export function AboutStep() {
  const { t } = useTranslation();
  const { save } = useFlow();
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const hintId = useId();
  const [about, setAbout] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const { data, error, isLoading, mutate } = useApi(
    '/api/interests.php',
    {},
    {
      revalidateOnMount: true,
      dedupingInterval: 3_600_000,
    },
  );

  const toggle = (id: number) =>
    setChosen((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : prev.length >= MAX_INTERESTS ? prev : [...prev, id]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => save({ step: 'about', about, interests: chosen }));
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="signup-about">
      <FormAlert message={errors._form} />
      <TextArea
        label={t('signup.about.about')}
        hint={t('signup.about.about_hint')}
        name="about"
        maxLength={ABOUT_MAX_LENGTH}
        counter
        value={about}
        onChange={(e) => setAbout(e.target.value)}
        error={errors.about}
      />
      <fieldset className="mx-0 mb-4 mt-0 min-w-0 border-0 p-0" aria-describedby={hintId}>
        <legend className="mb-1 p-0 text-sm font-semibold text-gray-800">{t('signup.about.interests')}</legend>
        <p id={hintId} className="m-0 mb-2 text-xs text-gray-500" aria-live="polite">
          {t('signup.about.interests_hint', { max: MAX_INTERESTS, count: chosen.length })}
        </p>
        {isLoading && !data && <p className="text-sm text-gray-500">{t('common.loading')}</p>}
        {error && <LoadError error={error} onRetry={() => void mutate()} />}
        <InterestList interests={data?.interests} chosen={chosen} onToggle={toggle} />
        {errors.interests && (
          <p className="m-0 mt-1 text-sm text-danger" data-field-error>
            {errors.interests}
          </p>
        )}
      </fieldset>
      <SubmitButton sending={sending}>{t('signup.next')}</SubmitButton>
    </form>
  );
}

/** The interests to choose from, as chips; none until they have loaded. */
function InterestList({
  interests,
  chosen,
  onToggle,
}: {
  interests: InterestOption[] | undefined;
  chosen: number[];
  onToggle: (id: number) => void;
}) {
  return (
    <ul className="m-0 flex list-none flex-wrap gap-2 p-0" data-testid="interests">
      {interests?.map((interest) => (
        <InterestChip
          key={interest.id}
          interest={interest}
          on={chosen.includes(interest.id)}
          full={chosen.length >= MAX_INTERESTS}
          onToggle={() => onToggle(interest.id)}
        />
      ))}
    </ul>
  );
}

interface InterestChipProps {
  interest: InterestOption;
  on: boolean;
  /** The most interests are chosen: the others cannot be ticked. */
  full: boolean;
  onToggle: () => void;
}

/** One interest as a tickable chip. */
function InterestChip({ interest, on, full, onToggle }: InterestChipProps) {
  return (
    <li>
      <label
        className={`flex cursor-pointer items-center gap-1.5 rounded-full border border-solid px-3 py-1.5 text-sm ${on ? `border-primary ${SOFT_PRIMARY} font-semibold` : 'border-gray-300 bg-white hover:bg-gray-50'}`}
      >
        <input type="checkbox" className="m-0 h-4 w-4 accent-primary" checked={on} disabled={!on && full} onChange={onToggle} />
        <span aria-hidden="true">{interest.icon}</span>
        {interest.name}
      </label>
    </li>
  );
}
