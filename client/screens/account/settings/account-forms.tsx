import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { ChangePasswordSchema, MailChangeRequestSchema } from '../../../../core/schemas/account';
import { apiSend } from '../../../api/typed-fetch';
import { ApiError } from '../../../api/fetch-client';
import { userAtom } from '../../../state/atoms';
import { EmailField, FormAlert, PasswordField, SubmitButton, formValue, useFormState } from '../../../components/form-ui';
import { apiErrors, check, type FieldErrors } from '../../../lib/validate';

/** The API's expected failures that belong to one field of these forms. */
function fieldOf(error: unknown, t: Parameters<typeof apiErrors>[1], byCode: Record<string, string>): FieldErrors {
  if (error instanceof ApiError && byCode[error.code] && !error.fields) return { [byCode[error.code]]: error.message };
  return apiErrors(error, t);
}

/** Change e-mail: the new address and the password; the change happens when the link mailed to it is opened. */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const target = event.currentTarget;
    const data = new FormData(target);
    const checked = check(MailChangeRequestSchema, { new_email: formValue(data, 'new_email'), password: formValue(data, 'password') }, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        await apiSend('post', '/api/mail-change.php', checked.data);
        setSentTo(checked.data.new_email);
        target.reset();
        return {};
      } catch (error) {
        return fieldOf(error, t, { old_password_wrong: 'password', email_taken: 'new_email', validation_failed: 'new_email' });
      }
    });
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="change-email">
      <p className="mt-0 text-sm text-gray-600">{t('settings.email.current', { email: user?.email ?? '' })}</p>
      {sentTo && <FormAlert tone="success" message={t('settings.email.sent', { email: sentTo })} />}
      <FormAlert message={errors._form} />
      <EmailField label={t('account.fields.new_email')} name="new_email" required error={errors.new_email} />
      <PasswordField
        label={t('account.fields.password')}
        name="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <SubmitButton sending={sending} className="sm:w-auto">
        {t('settings.email.submit')}
      </SubmitButton>
    </form>
  );
}

/** Change password: the old one and the new one twice; other sessions end. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const [changed, setChanged] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChanged(false);
    const target = event.currentTarget;
    const data = new FormData(target);
    const checked = check(
      ChangePasswordSchema,
      {
        old_password: formValue(data, 'old_password'),
        password: formValue(data, 'password'),
        password_confirm: formValue(data, 'password_confirm'),
      },
      t,
    );
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        await apiSend('put', '/api/password.php', checked.data);
        setChanged(true);
        target.reset();
        return {};
      } catch (error) {
        return fieldOf(error, t, { old_password_wrong: 'old_password' });
      }
    });
  };

  return (
    <form ref={form} onSubmit={submit} method="post" noValidate data-testid="change-password">
      {changed && <FormAlert tone="success" message={t('settings.password.changed')} />}
      <FormAlert message={errors._form} />
      <PasswordField
        label={t('account.fields.old_password')}
        name="old_password"
        autoComplete="current-password"
        required
        error={errors.old_password}
      />
      <PasswordField
        label={t('account.fields.new_password')}
        hint={t('account.fields.password_hint')}
        name="password"
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <PasswordField
        label={t('account.fields.password_confirm')}
        name="password_confirm"
        autoComplete="new-password"
        required
        error={errors.password_confirm}
      />
      <SubmitButton sending={sending} className="sm:w-auto">
        {t('settings.password.submit')}
      </SubmitButton>
    </form>
  );
}
