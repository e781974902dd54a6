import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation, type TFunction } from '../../i18n';
import { ACCOUNT_RECOVERY_DAYS } from '../../../core/constants';
import { signupSchema } from '../../../core/schemas/account';
import { canSignUpOpenly } from '../../../core/rules/visitor';
import { apiSend } from '../../api/typed-fetch';
import { ApiError } from '../../api/fetch-client';
import { EmailField, FormAlert, SubmitButton, useFormState } from '../form-ui';
import { apiErrors, check, localToday, type FieldErrors } from '../../lib/validate';
import { settingsAtom, trafficSourceAtom, userAtom } from '../../state/atoms';
import {
  ConsentFields,
  EMPTY_VALUES,
  EmailTakenInvite,
  GenderFields,
  LoginPrompt,
  MessageAndInviteFields,
  NameAndPasswordFields,
  type Values,
} from './account-fields';
import { BirthdateInput } from './birthdate-input';
import { SIGNUP_EVENTS, emitSignupEvent } from './events';

type Notice = 'email_taken' | 'account_deleted' | null;

/** The form's values as the signup schema takes them: empty choices and blank texts left out. */
function toSignupInput(v: Values) {
  return {
    ...v,
    gender: v.gender || undefined,
    looking_for: v.looking_for || undefined,
    signup_message: v.signup_message.trim() || undefined,
    invite_code: v.invite_code.trim() || undefined,
  };
}

/** The account step's state and its submission to POST /api/signup.php, with the refusals it answers itself. */
function useAccountForm(t: TFunction, inviteOnly: boolean) {
  const setUser = useSetAtom(userAtom);
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const [notice, setNotice] = useState<Notice>(null);
  const [inviteNeeded, setInviteNeeded] = useState(inviteOnly);
  const [today] = useState(localToday);
  const termsErrorId = useId();
  const [v, setV] = useState<Values>(EMPTY_VALUES);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((prev) => ({ ...prev, [key]: value }));

  /** The errors to show for a failed signup; some refusals also change what the form shows. */
  const refused = (error: unknown): FieldErrors => {
    if (error instanceof ApiError) {
      if (error.code === 'email_taken') {
        setNotice('email_taken');
        return { email: error.message };
      }
      if (error.code === 'account_deleted') {
        setNotice('account_deleted');
        return {};
      }
      if (error.code === 'signup_closed') {
        setInviteNeeded(true);
        return { invite_code: error.message };
      }
    }
    return apiErrors(error, t);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = check(signupSchema(localToday()), toSignupInput(v), t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        const { user } = await apiSend('post', '/api/signup.php', checked.data);
        setUser(user);
        emitSignupEvent(SIGNUP_EVENTS.started, { userId: user.id });
        return {};
      } catch (error) {
        return refused(error);
      }
    });
  };

  return { form, errors, sending, notice, inviteNeeded, today, termsErrorId, v, set, submit };
}

/** Step 1: POST /api/signup.php. Success logs the new member in (not yet confirmed) and starts the flow. */
export function AccountStep() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const inviteOnly = !canSignUpOpenly(settings, useAtomValue(trafficSourceAtom));
  const { form, errors, sending, notice, inviteNeeded, today, termsErrorId, v, set, submit } = useAccountForm(t, inviteOnly);

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="signup-account">
      <p className="mt-0 text-sm text-gray-600">{t('signup.account.intro')}</p>
      {notice === 'account_deleted' && (
        <FormAlert tone="info" message={t('signup.account.account_deleted', { days: ACCOUNT_RECOVERY_DAYS })} />
      )}
      <FormAlert message={errors._form} />

      <EmailField
        label={t('account.fields.email')}
        name="email"
        required
        value={v.email}
        onChange={(e) => set('email', e.target.value)}
        error={errors.email}
        after={notice === 'email_taken' ? <EmailTakenInvite /> : undefined}
      />
      <NameAndPasswordFields v={v} set={set} errors={errors} />
      <BirthdateInput value={v.date_of_birth} onChange={(d) => set('date_of_birth', d)} error={errors.date_of_birth} today={today} />
      <GenderFields v={v} set={set} errors={errors} />
      <MessageAndInviteFields v={v} set={set} errors={errors} inviteNeeded={inviteNeeded} />
      <ConsentFields v={v} set={set} errors={errors} termsErrorId={termsErrorId} brand={settings.name} />
      <SubmitButton sending={sending}>{t('signup.account.submit')}</SubmitButton>
      <LoginPrompt />
    </form>
  );
}
