import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { LoginSchema } from '../../../core/schemas/account';
import { safeReturnPath } from '../../../core/rules/return-path';
import { apiSend } from '../../api/typed-fetch';
import { Link, navigate } from '../../navigation';
import { routeAtom, signupModalAtom, userAtom } from '../../state/atoms';
import { AccountCard, EmailField, FormAlert, PasswordField, SubmitButton, formValue, useFormState } from '../../components/form-ui';
import { apiErrors, check } from '../../lib/validate';
import type { DataKey } from '../../i18n-keys';

/**
 * /login: e-mail and password (POST /api/user.php). A wrong combination and a temporary block after too many
 * attempts come back as the API's message; success goes back to the page that sent the visitor here (`?next=`,
 * same-site paths only) or to the members area (SPEC.md §2). Before the script has arrived the form posts natively
 * to /login (worker/ssr/forms.ts), which answers with the same redirect, or back here with `?error=` to show.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const setUser = useSetAtom(userAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const query = new URLSearchParams(useAtomValue(routeAtom).search);
  const next = safeReturnPath(query.get('next'));
  const posted = query.get('error');
  // The native post's failure, by its catalogue key (nothing else from the address is shown).
  const postedError =
    posted && /^(errors|validation)\.[a-z_]+$/.test(posted)
      ? t(posted as DataKey, { minutes: Number(query.get('minutes')) || 15 })
      : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = check(LoginSchema, { email: formValue(data, 'email'), password: formValue(data, 'password') }, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        const answer = await apiSend('post', '/api/user.php', checked.data);
        // POST user.php without ?push is the login: its answer is the member (with ?push, { ok }).
        if ('user' in answer) setUser(answer.user);
        navigate(store, next ?? '/members');
        return {};
      } catch (error) {
        // 401 login_failed and 429 login_blocked (with its minutes) name no field: their message shows above the form.
        return apiErrors(error, t);
      }
    });
  };

  return (
    <AccountCard title={t('login.title')} testId="login">
      <form ref={form} onSubmit={submit} method="post" noValidate>
        <FormAlert message={errors._form ?? (Object.keys(errors).length ? undefined : postedError)} />
        <EmailField label={t('account.fields.email')} name="email" autoComplete="username" required error={errors.email} />
        <PasswordField
          label={t('account.fields.password')}
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <p className="-mt-2 mb-4 text-right text-sm">
          <Link href="/reset-password">{t('login.forgot')}</Link>
        </p>
        <SubmitButton sending={sending} native>
          {t('login.submit')}
        </SubmitButton>
      </form>
      <p className="mb-0 mt-5 border-t border-t-solid border-gray-100 pt-4 text-center text-sm text-gray-700">
        {t('login.no_account')}{' '}
        <button
          type="button"
          className="cursor-pointer border-0 bg-transparent p-0 text-primary underline [font:inherit]"
          onClick={() => openSignup(true)}
        >
          {t('login.signup')}
        </button>
      </p>
    </AccountCard>
  );
}
