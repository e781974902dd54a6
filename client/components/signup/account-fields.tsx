import type { MouseEvent } from 'react';
import { useTranslation } from '../../i18n';
import { MIN_AGE } from '../../../core/constants';
import { Link } from '../../navigation';
import { ChoiceGroup, PasswordField, RichText, TextArea, TextField } from '../form-ui';
import type { FieldErrors } from '../../lib/validate';
import { useFlow } from './context';
import { SIGNUP_EVENTS, emitSignupEvent } from './events';

export type Gender = 'male' | 'female';
export type LookingFor = 'male' | 'female' | 'both';

/** What the account step's form holds while the visitor fills it in. */
export interface Values {
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

export const EMPTY_VALUES: Values = {
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
};

export type SetValue = <K extends keyof Values>(key: K, value: Values[K]) => void;

/** The props of a group of fields: the form's values, their setter and the errors to show. */
interface FieldsProps {
  v: Values;
  set: SetValue;
  errors: FieldErrors;
}

/** The login links end the signup through its event (the flow navigates to /login). */
function toLogin(event: MouseEvent) {
  event.preventDefault();
  emitSignupEvent(SIGNUP_EVENTS.toLogin);
}

/** Under the e-mail field when the address has an account already: log in or reset the password. */
export function EmailTakenInvite() {
  const { t } = useTranslation();
  const { leave } = useFlow();
  return (
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
  );
}

/** The nickname and the new password. */
export function NameAndPasswordFields({ v, set, errors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** The member's gender and whom they look for. */
export function GenderFields({ v, set, errors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** The optional first message, and the invite code when the brand (or this visitor) needs one. */
export function MessageAndInviteFields({ v, set, errors, inviteNeeded }: FieldsProps & { inviteNeeded: boolean }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** The terms and privacy checkbox (required), then the marketing opt-in. */
export function ConsentFields({ v, set, errors, termsErrorId, brand }: FieldsProps & { termsErrorId: string; brand: string }) {
  const { t } = useTranslation();
  return (
    <>
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
          <span>{t('signup.account.marketing', { brand })}</span>
        </label>
      </div>
    </>
  );
}

/** The line under the form for a visitor who has an account already. */
export function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <p className="mb-0 mt-4 text-center text-sm">
      {t('signup.have_account')}{' '}
      <a href="/login" onClick={toLogin} className="font-semibold">
        {t('nav.login')}
      </a>
    </p>
  );
}
