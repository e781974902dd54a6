import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ACCOUNT_RECOVERY_DAYS, MIN_AGE } from '../../../core/constants';
import { signupSchema } from '../../../core/schemas/account';
import { canSignUpOpenly } from '../../../core/rules/visitor';
import { apiSend } from '../../api/call';
import { ApiError } from '../../api/fetch-client';
import { Link } from '../../navigation';
import {
  ChoiceGroup,
  EmailField,
  FormAlert,
  PasswordField,
  RichText,
  SubmitButton,
  TextArea,
  TextField,
  useFormState,
} from '../../screens/account/ui';
import { apiErrors, check, localToday } from '../../screens/account/validate';
import { settingsAtom, trafficSourceAtom, userAtom } from '../../state/atoms';
import { BirthdateInput } from './birthdate-input';
import { useFlow } from './context';
import { SIGNUP_EVENTS, emitSignupEvent } from './events';

type Gender = 'male' | 'female';
type LookingFor = 'male' | 'female' | 'both';

interface Values {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
  gender: Gender | '';
  looking_for: LookingFor | '';
  signup_message: string;
  invite_code: string;
  accept_terms: boolean;
  marketing: boolean;
}

type Notice = 'email_taken' | 'account_deleted' | null;

/** Step 1: POST /api/signup.php. Success logs the new member in (not yet confirmed) and starts the flow. */
export function AccountStep() {
  const { t } = useTranslation();
  const { leave } = useFlow();
  const settings = useAtomValue(settingsAtom);
  const inviteOnly = !canSignUpOpenly(settings, useAtomValue(trafficSourceAtom));
  const setUser = useSetAtom(userAtom);
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const [notice, setNotice] = useState<Notice>(null);
  const [inviteNeeded, setInviteNeeded] = useState(inviteOnly);
  const [today] = useState(localToday);
  const termsErrorId = useId();
  const [v, setV] = useState<Values>({
    email: '',
    name: '',
    password: '',
    date_of_birth: '',
    gender: '',
    looking_for: '',
    signup_message: '',
    invite_code: '',
    accept_terms: false,
    marketing: false,
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((prev) => ({ ...prev, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = check(
      signupSchema(localToday()),
      {
        ...v,
        gender: v.gender || undefined,
        looking_for: v.looking_for || undefined,
        signup_message: v.signup_message.trim() || undefined,
        invite_code: v.invite_code.trim() || undefined,
      },
      t,
    );
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        const { user } = await apiSend('post', '/api/signup.php', checked.data);
        setUser(user);
        emitSignupEvent(SIGNUP_EVENTS.started, { userId: user.id });
        return {};
      } catch (error) {
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
      }
    });
  };

  const toLogin = (event: MouseEvent) => {
    event.preventDefault();
    emitSignupEvent(SIGNUP_EVENTS.toLogin);
  };

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
        after={
          notice === 'email_taken' ? (
            <p className="m-0 text-sm" data-testid="email-taken">
              <RichText
                text={t('signup.account.email_taken_invite')}
                components={{
                  // biome-ignore lint/a11y/useAnchorContent: RichText puts the translated link text inside
                  login: <a href="/login" onClick={toLogin} className="font-semibold" />,
                  reset: <Link href="/reset-password" onClick={leave} />,
                }}
              />
            </p>
          ) : undefined
        }
      />
      <TextField
        label={t('signup.account.name')}
        hint={t('signup.account.name_hint')}
        name="name"
        autoComplete="nickname"
        autoCapitalize="off"
        required
        maxLength={30}
        value={v.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
      />
      <PasswordField
        label={t('account.fields.password')}
        hint={t('account.fields.password_hint')}
        name="password"
        autoComplete="new-password"
        required
        value={v.password}
        onChange={(e) => set('password', e.target.value)}
        error={errors.password}
      />
      <BirthdateInput value={v.date_of_birth} onChange={(d) => set('date_of_birth', d)} error={errors.date_of_birth} today={today} />
      <ChoiceGroup<Gender>
        name="gender"
        legend={t('signup.account.gender')}
        options={[
          { value: 'male', label: t('signup.account.male') },
          { value: 'female', label: t('signup.account.female') },
        ]}
        value={v.gender}
        onChange={(g) => set('gender', g)}
        error={errors.gender}
      />
      <ChoiceGroup<LookingFor>
        name="looking_for"
        legend={t('signup.account.looking_for')}
        columns={3}
        options={[
          { value: 'male', label: t('signup.account.looking_male') },
          { value: 'female', label: t('signup.account.looking_female') },
          { value: 'both', label: t('signup.account.looking_both') },
        ]}
        value={v.looking_for}
        onChange={(g) => set('looking_for', g)}
        error={errors.looking_for}
      />
      <TextArea
        label={t('signup.account.message')}
        hint={t('signup.account.message_hint')}
        name="signup_message"
        rows={2}
        maxLength={500}
        value={v.signup_message}
        onChange={(e) => set('signup_message', e.target.value)}
        error={errors.signup_message}
      />
      {inviteNeeded && (
        <TextField
          label={t('signup.account.invite_code')}
          hint={t('signup.account.invite_needed')}
          name="invite_code"
          autoComplete="off"
          autoCapitalize="off"
          maxLength={64}
          value={v.invite_code}
          onChange={(e) => set('invite_code', e.target.value)}
          error={errors.invite_code}
        />
      )}
      <div className="mb-4">
        <label className="flex cursor-pointer items-start gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            name="accept_terms"
            checked={v.accept_terms}
            onChange={(e) => set('accept_terms', e.target.checked)}
            className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
            aria-invalid={errors.accept_terms ? true : undefined}
            aria-describedby={errors.accept_terms ? termsErrorId : undefined}
          />
          <span>
            <RichText
              text={t('signup.account.accept_terms', { age: MIN_AGE })}
              components={{
                // biome-ignore lint/a11y/useAnchorContent: RichText puts the translated link text inside
                terms: <a href="/pages/terms" target="_blank" rel="noopener" />,
                // biome-ignore lint/a11y/useAnchorContent: RichText puts the translated link text inside
                privacy: <a href="/pages/privacy" target="_blank" rel="noopener" />,
              }}
            />
          </span>
        </label>
        {errors.accept_terms && (
          <p id={termsErrorId} className="m-0 mt-1 text-sm text-danger" data-field-error>
            {errors.accept_terms}
          </p>
        )}
      </div>
      {/* Opt-in: unticked until the member ticks it, and it says what it is for (issue 17, item 6). */}
      <div className="mb-4">
        <label className="flex cursor-pointer items-start gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            name="marketing"
            checked={v.marketing}
            onChange={(e) => set('marketing', e.target.checked)}
            className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
            data-testid="signup-marketing"
          />
          <span>{t('signup.account.marketing', { brand: settings.name })}</span>
        </label>
      </div>
      <SubmitButton sending={sending}>{t('signup.account.submit')}</SubmitButton>
      <p className="mb-0 mt-4 text-center text-sm">
        {t('signup.have_account')}{' '}
        <a href="/login" onClick={toLogin} className="font-semibold">
          {t('nav.login')}
        </a>
      </p>
    </form>
  );
}
