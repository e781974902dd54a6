import { useState, type FormEvent } from 'react';
import { StaffSetupSchema } from '../../../core/schemas/staff';
import { Field } from '../components/field';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';

/**
 * The one-time setup link: the authenticator QR (an SVG the server made) and its secret as text, then a password
 * and the first code. The QR is shown as an image from a data URL, never inserted as markup.
 */
export function SetupScreen({ token }: { token: string }) {
  const info = useStaffData(token ? '/api/staff/setup.php' : null, { token });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(StaffSetupSchema, { ...Object.fromEntries(new FormData(event.currentTarget)), token });
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    setBusy(true);
    try {
      await staffSend('post', '/api/staff/setup.php', checked.value);
      location.assign('/staff');
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
      setBusy(false);
    }
  };

  if (!token || info.error) {
    return (
      <>
        <h1>{t('setup.title')}</h1>
        <Problem message={info.error?.message ?? t('setup.no_token')} />
      </>
    );
  }
  if (!info.data) return <Loading />;
  return (
    <>
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro', { email: info.data.email })}</p>
      <img
        className="qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(info.data.qr_svg)}`}
        alt={t('setup.qr_alt')}
        width={200}
        height={200}
      />
      <p>
        {t('setup.secret')} <code data-testid="totp-secret">{info.data.secret}</code>
      </p>
      <form onSubmit={submit} noValidate method="post">
        <Field
          label={t('setup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          hint={t('setup.password_hint')}
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
          error={fields.otp}
        />
        <Problem message={problem} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('setup.submit')}
        </button>
      </form>
    </>
  );
}
