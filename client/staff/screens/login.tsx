import { useState, type FormEvent } from 'react';
import { StaffLoginSchema } from '../../../core/schemas/staff';
import { Field } from '../components/field';
import { ApiError, staffSend } from '../lib/api';
import { boot, brandName } from '../lib/boot';
import { validate } from '../lib/form';
import { t } from '../lib/i18n';
import { Problem } from '../components/notice';

/** E-mail, password and the 6-digit code of the authenticator app. */
export function LoginScreen() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const checked = validate(StaffLoginSchema, form);
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    setProblem(null);
    setBusy(true);
    try {
      await staffSend('post', '/api/staff/login.php', checked.value);
      // A full load: the page then carries the brands of the staff member's roles (worker/staff/pages.ts).
      location.assign('/staff');
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{t('login.title', { brand: brandName(boot.brand) })}</h1>
      <form onSubmit={submit} noValidate data-testid="staff-login" method="post">
        <Field label={t('login.email')} name="email" type="email" autoComplete="username" required error={fields.email} />
        <Field
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={fields.password}
        />
        <Field
          label={t('login.otp')}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          hint={t('login.otp_hint')}
          error={fields.otp}
        />
        <Problem message={problem} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </>
  );
}
