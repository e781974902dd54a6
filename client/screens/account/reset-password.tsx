import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { routeAtom } from '../../state/atoms';
import { useTranslation } from '../../i18n';
import { ResetRequestSchema } from '../../../core/schemas/account';
import { apiSend } from '../../api/typed-fetch';
import { ApiError } from '../../api/fetch-client';
import { Link } from '../../navigation';
import { AccountCard, EmailField, FormAlert, SubmitButton, formValue, useFormState } from '../../components/form-ui';
import { apiErrors, check } from '../../lib/validate';

/** /reset-password: asks for the reset mail (POST /api/reset-password.php). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const restored = new URLSearchParams(useAtomValue(routeAtom).search).has('mail_restored');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(ResetRequestSchema, { email: formValue(new FormData(event.currentTarget), 'email') }, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        await apiSend('post', '/api/reset-password.php', checked.data);
        setSentTo(checked.data.email);
        return {};
      } catch (error) {
        // 404 email_not_found belongs to the field; 429 reset_limit to the form.
        return error instanceof ApiError && error.code === 'email_not_found' ? { email: error.message } : apiErrors(error, t);
      }
    });
  };

  if (sentTo) {
    return (
      <AccountCard title={t('reset_password.title')} icon="i-lucide-mail" testId="reset-password">
        <FormAlert tone="success" message={t('reset_password.sent', { email: sentTo })} />
        <p className="text-sm text-gray-600">{t('signup.check_email.spam')}</p>
        <Link href="/login" className="btn btn-outline border-solid block text-center">
          {t('reset_password.back_to_login')}
        </Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('reset_password.title')} testId="reset-password">
      {/* Arrived from the old address's undo link (issue 46, item 5): the address is back, a new password is next. */}
      {restored && <FormAlert tone="success" message={t('reset_password.mail_restored')} />}
      <p className="mt-0 text-gray-700">{t('reset_password.intro')}</p>
      <form ref={form} onSubmit={submit} method="post" noValidate>
        <FormAlert message={errors._form} />
        <EmailField label={t('account.fields.email')} name="email" required error={errors.email} />
        <SubmitButton sending={sending}>{t('reset_password.submit')}</SubmitButton>
      </form>
      <p className="mb-0 mt-4 text-center text-sm">
        <Link href="/login">{t('reset_password.back_to_login')}</Link>
      </p>
    </AccountCard>
  );
}
