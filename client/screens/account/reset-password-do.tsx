import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { ResetPasswordSchema } from '../../../core/schemas/account';
import { apiSend } from '../../api/typed-fetch';
import { Link, navigate } from '../../navigation';
import { routeAtom, userAtom } from '../../state/atoms';
import { AccountCard, FormAlert, PasswordField, SubmitButton, formValue, useFormState } from '../../components/form-ui';
import { apiErrors, check } from '../../lib/validate';

/** /reset-password/do?token=: the new password, twice (PUT /api/reset-password.php); success logs in. */
export default function ResetPasswordDoScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const setUser = useSetAtom(userAtom);
  const token = new URLSearchParams(useAtomValue(routeAtom).search).get('token') ?? '';
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = check(
      ResetPasswordSchema,
      { token, password: formValue(data, 'password'), password_confirm: formValue(data, 'password_confirm') },
      t,
    );
    if (!checked.ok) return setErrors(checked.errors.token ? { ...checked.errors, _form: t('errors.link_invalid') } : checked.errors);
    void run(async () => {
      try {
        const { user } = await apiSend('put', '/api/reset-password.php', checked.data);
        setUser(user);
        navigate(store, '/members', true);
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };

  return (
    <AccountCard title={t('reset_password.do_title')} testId="reset-password-do">
      {!token ? (
        <FormAlert message={t('errors.link_invalid')} />
      ) : (
        <form ref={form} onSubmit={submit} method="post" noValidate>
          <FormAlert message={errors._form} />
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
          <SubmitButton sending={sending}>{t('reset_password.do_submit')}</SubmitButton>
        </form>
      )}
      {(!token || errors._form) && (
        <p className="mb-0 mt-4 text-center text-sm">
          <Link href="/reset-password">{t('reset_password.request_new')}</Link>
        </p>
      )}
    </AccountCard>
  );
}
