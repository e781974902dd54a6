import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { SignupStepInput } from '../../../core/schemas/account';
import { Link } from '../../navigation';
import { ChoiceGroup, FormAlert, RichText, SubmitButton, useFormState } from '../form-ui';
import { useHydrated } from '../../lib/hydrated';
import { checkEmailShownAtom, settingsAtom, userAtom } from '../../state/atoms';
import { imageUrl } from '../../../core/image-url';
import { UploadButton } from '../photos/upload-button';
import { useFlow } from './context';
import { SIGNUP_EVENTS, emitSignupEvent } from './events';
import { ResendActivation } from '../activation-reminder';
import { Icon } from '../icon';

const WIDE_BUTTON = 'btn box-border w-full py-3 text-base disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Step 2: the photo. The upload is the photo manager's (POST /api/photos.php): the photo is stored pending review
 * and becomes the main photo. Going on without one is always possible ("later", SPEC.md §4).
 */
export function PhotoStep() {
  const { t } = useTranslation();
  const { save } = useFlow();
  const hydrated = useHydrated();
  const { errors, sending, run } = useFormState();
  const [uploaded, setUploaded] = useState<{ thumb: string } | null>(null);
  const settings = useAtomValue(settingsAtom);
  // The step carries nothing itself: the photo is already stored, so going on is the same call as skipping.
  const next = () => void run(() => save({ step: 'photo', skip: true }));
  return (
    <div data-testid="signup-photo">
      <div className="mb-4 flex items-center gap-4">
        {uploaded ? (
          <img src={imageUrl(settings.cdn_prefix, uploaded.thumb)} alt="" className="h-20 w-20 shrink-0 rounded-full object-cover" />
        ) : (
          <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-gray-300 bg-gray-100 text-4xl text-gray-500">
            <Icon name="i-lucide-camera" />
          </div>
        )}
        <p className="m-0 text-gray-700">{uploaded ? t('signup.photo.uploaded') : t('signup.photo.text')}</p>
      </div>
      {!uploaded && (
        <div className="mb-3">
          <UploadButton
            className={`${WIDE_BUTTON} btn-primary`}
            label={t('signup.photo.choose')}
            disabled={!hydrated || sending}
            onUploaded={(result) => {
              const photo = result.photos.find((p) => p.id === result.uploaded);
              if (photo) setUploaded({ thumb: photo.thumb_filename });
            }}
          />
        </div>
      )}
      {!uploaded && <p className="text-sm text-gray-500">{t('signup.photo.later_hint')}</p>}
      <FormAlert message={errors._form} />
      <button
        type="button"
        className={`${WIDE_BUTTON} ${uploaded ? 'btn-primary' : 'btn-outline border-solid'}`}
        disabled={!hydrated || sending}
        aria-busy={sending || undefined}
        onClick={next}
      >
        {sending ? t('account.sending') : uploaded ? t('signup.next') : t('signup.photo.later')}
      </button>
    </div>
  );
}

const HAIR = ['blond', 'brown', 'black', 'red', 'grey', 'other'] as const;
const EYES = ['blue', 'brown', 'green', 'grey', 'other'] as const;
const BODY = ['slim', 'normal', 'fat'] as const;
const RELATIONSHIP = ['single', 'unmarried', 'living_together', 'married', 'divorced', 'widowed'] as const;
const PERSONAL = { hair_colour: HAIR, eye_colour: EYES, body_type: BODY, relationship_status: RELATIONSHIP } as const;
type PersonalField = keyof typeof PERSONAL;

/** Step 4: hair colour, eye colour, body type and relationship status. */
export function PersonalStep() {
  const { t } = useTranslation();
  const { save } = useFlow();
  const form = useRef<HTMLFormElement>(null);
  const { errors, sending, run } = useFormState(form);
  const [values, setValues] = useState<Record<PersonalField, string>>({
    hair_colour: '',
    eye_colour: '',
    body_type: '',
    relationship_status: '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await save({ step: 'personal', ...values } as SignupStepInput);
      // The schema's message for a missing choice is the generic "invalid value"; nothing chosen reads better as a request.
      for (const field of Object.keys(PERSONAL) as PersonalField[]) {
        if (result[field] && !values[field]) result[field] = t('signup.personal.choose');
      }
      return result;
    });
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="signup-personal">
      <p className="mt-0 text-sm text-gray-600">{t('signup.personal.intro')}</p>
      <FormAlert message={errors._form} />
      {(Object.keys(PERSONAL) as PersonalField[]).map((field) => (
        <ChoiceGroup
          key={field}
          name={field}
          legend={t(`signup.personal.${field}`)}
          columns={3}
          options={PERSONAL[field].map((value) => ({ value, label: t(`profile_values.${field}.${value}`) }))}
          value={values[field]}
          onChange={(value) => setValues((prev) => ({ ...prev, [field]: value }))}
          error={errors[field]}
        />
      ))}
      <SubmitButton sending={sending}>{t('signup.next')}</SubmitButton>
    </form>
  );
}

type PushSupport = 'unknown' | 'unsupported' | NotificationPermission;

/** Step 6: explains push messages; allowing asks the browser, and the flow goes on whatever the answer. */
export function PushStep() {
  const { t } = useTranslation();
  const { save } = useFlow();
  const { errors, sending, run } = useFormState();
  const [support, setSupport] = useState<PushSupport>('unknown');
  useEffect(() => setSupport(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission), []);

  const allow = () =>
    void run(async () => {
      let granted = false;
      try {
        granted = (await Notification.requestPermission()) === 'granted';
      } catch {
        granted = false;
      }
      return save({ step: 'push', subscribed: granted });
    });
  const later = () => void run(() => save({ step: 'push', subscribed: false }));
  const canAsk = support === 'default' || support === 'granted';

  return (
    <div data-testid="signup-push">
      <p className="m-0 mb-2 text-center text-5xl text-primary">
        <Icon name="i-lucide-bell" />
      </p>
      <p className="mt-0 text-gray-700">{t('signup.push.text')}</p>
      {support === 'unsupported' && <p className="text-sm text-gray-500">{t('signup.push.unsupported')}</p>}
      {support === 'denied' && <p className="text-sm text-gray-500">{t('signup.push.denied')}</p>}
      <FormAlert message={errors._form} />
      <div className="flex flex-col gap-2">
        {canAsk && (
          <button
            type="button"
            className={`${WIDE_BUTTON} btn-primary`}
            onClick={allow}
            disabled={sending}
            aria-busy={sending || undefined}
          >
            {sending ? t('account.sending') : t('signup.push.allow')}
          </button>
        )}
        <button
          type="button"
          className={`${WIDE_BUTTON} ${canAsk ? 'btn-outline border-solid' : 'btn-primary'}`}
          onClick={later}
          disabled={sending || support === 'unknown'}
        >
          {canAsk ? t('signup.push.later') : t('signup.next')}
        </button>
      </div>
    </div>
  );
}

/** Step 7: confirm the e-mail address; messages are not delivered until then (SPEC.md §4). */
export function CheckEmailStep() {
  const { t } = useTranslation();
  const { leave } = useFlow();
  const user = useAtomValue(userAtom);
  const setShown = useSetAtom(checkEmailShownAtom);
  useEffect(() => setShown(true), [setShown]);
  return (
    <div data-testid="signup-check-email">
      <p className="m-0 mb-2 text-center text-5xl text-primary">
        <Icon name="i-lucide-mail" />
      </p>
      <p className="mt-0 text-gray-800">
        <RichText
          text={t('signup.check_email.text', { email: user?.email ?? '' })}
          components={{ strong: <strong className="break-all" /> }}
        />
      </p>
      <p className="text-sm text-gray-600">{t('signup.check_email.no_messages')}</p>
      <p className="text-sm text-gray-600">{t('signup.check_email.spam')}</p>
      <div className="mb-4">
        <ResendActivation />
      </div>
      <p className="text-sm text-gray-600">
        <RichText text={t('signup.check_email.wrong_email')} components={{ link: <Link href="/notifications#email" onClick={leave} /> }} />
      </p>
      <button
        type="button"
        className={`${WIDE_BUTTON} btn-primary`}
        onClick={() => emitSignupEvent(SIGNUP_EVENTS.complete)}
        data-testid="signup-finish"
      >
        {t('signup.check_email.continue')}
      </button>
    </div>
  );
}

/** Signed up and confirmed: nothing left but going in. */
export function CompleteStep() {
  const { t } = useTranslation();
  return (
    <div data-testid="signup-complete">
      <p className="m-0 mb-2 text-center text-5xl text-primary">
        <Icon name="i-lucide-party-popper" />
      </p>
      <p className="mt-0 text-gray-800">{t('signup.complete.text')}</p>
      <button
        type="button"
        className={`${WIDE_BUTTON} btn-primary`}
        onClick={() => emitSignupEvent(SIGNUP_EVENTS.complete)}
        data-testid="signup-finish"
      >
        {t('signup.complete.continue')}
      </button>
    </div>
  );
}
