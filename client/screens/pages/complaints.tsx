import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../i18n';
import { COMPLAINT_LIMITS, ComplaintSchema } from '../../../core/schemas/complaints';
import { apiSend } from '../../api/typed-fetch';
import { Link } from '../../navigation';
import { routeAtom, userAtom } from '../../state/atoms';
import { AccountCard, EmailField, FormAlert, SubmitButton, TextArea, TextField, formValue, useFormState } from '../../components/form-ui';
import { apiErrors, check, type FieldErrors } from '../../lib/validate';
import { LINK } from './markdown';
import type { IconName } from '../../components/icon';

/**
 * /complaints: a complaint goes to the brand's support once its sender's address is proven. A member who gives
 * their confirmed address is done at once; anyone else is asked to open the link mailed to the address, which comes
 * back here as /complaints?confirmed=<reference> (or =0 when the link was bad).
 */
export default function ComplaintsScreen() {
  const { t } = useTranslation();
  const { form, errors, sending, done, submit, linkResult } = useComplaint();

  if (done && !done.confirmed) {
    return (
      <ResultCard
        title={t('complaints.confirm_title')}
        icon="i-lucide-mail"
        testId="complaint-confirm"
        tone="info"
        message={t('complaints.confirm_sent', { reference: done.reference, email: done.email })}
      />
    );
  }

  if (done || (linkResult && linkResult !== '0')) {
    return (
      <ResultCard
        title={t('complaints.done_title')}
        icon="i-lucide-circle-check"
        testId="complaint-done"
        tone="success"
        message={
          done
            ? t('complaints.done', { reference: done.reference, email: done.email })
            : t('complaints.confirmed', { reference: linkResult })
        }
      />
    );
  }

  return (
    <AccountCard title={t('complaints.title')} testId="complaints">
      <p className="mt-0 text-gray-700">{t('complaints.intro')}</p>
      <p className="text-sm text-gray-600">
        {t('complaints.faq_hint')}{' '}
        <Link href="/pages/faq" className={LINK}>
          {t('footer.faq')}
        </Link>
      </p>
      {linkResult === '0' && <FormAlert message={t('complaints.confirm_failed')} />}
      <ComplaintForm form={form} errors={errors} sending={sending} onSubmit={submit} />
    </AccountCard>
  );
}

/** The complaint's state: the sent complaint, the result the mailed link came back with, and the submit. */
function useComplaint() {
  const { t } = useTranslation();
  const route = useAtomValue(routeAtom);
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, sending, run } = useFormState(form);
  const [done, setDone] = useState<{ reference: string; email: string; confirmed: boolean } | null>(null);
  // Only a reference or 0: the address must not put a text of someone's choosing on the brand's page.
  const linkResult = /^(0|C-\d{1,12})$/.exec(new URLSearchParams(route.search).get('confirmed') ?? '')?.[0] ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = Object.fromEntries(['subject', 'concerns', 'text', 'name', 'email'].map((k) => [k, formValue(data, k)]));
    const checked = check(ComplaintSchema, input, t);
    if (!checked.ok) return setErrors(checked.errors);
    void run(async () => {
      try {
        const answer = await apiSend('post', '/api/complaints.php', checked.data);
        setDone({ reference: answer.reference, email: checked.data.email, confirmed: answer.confirmed });
        return {};
      } catch (error) {
        return apiErrors(error, t);
      }
    });
  };

  return { form, errors, sending, done, submit, linkResult };
}

type ResultCardProps = { title: string; icon: IconName; testId: string; tone: 'info' | 'success'; message: string };

/** The end of a complaint (mail sent to confirm, or received) with the way home. */
function ResultCard({ title, icon, testId, tone, message }: ResultCardProps) {
  const { t } = useTranslation();
  return (
    <AccountCard title={title} icon={icon} testId={testId}>
      <FormAlert tone={tone} message={message} />
      <Link href="/" className="btn btn-outline block border-solid text-center">
        {t('complaints.home')}
      </Link>
    </AccountCard>
  );
}

type ComplaintFormProps = {
  form: RefObject<HTMLFormElement | null>;
  errors: FieldErrors;
  sending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** The complaint's fields; a member's name and address are filled in. */
function ComplaintForm({ form, errors, sending, onSubmit }: ComplaintFormProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  return (
    <form ref={form} onSubmit={onSubmit} method="post" noValidate>
      <FormAlert message={errors._form} />
      <TextField label={t('complaints.subject')} name="subject" maxLength={COMPLAINT_LIMITS.subject} required error={errors.subject} />
      <TextField
        label={t('complaints.concerns')}
        name="concerns"
        maxLength={COMPLAINT_LIMITS.concerns}
        hint={t('complaints.concerns_hint')}
        error={errors.concerns}
      />
      <TextArea label={t('complaints.text')} name="text" rows={6} maxLength={COMPLAINT_LIMITS.text} counter required error={errors.text} />
      <TextField
        label={t('complaints.name')}
        name="name"
        autoComplete="name"
        maxLength={COMPLAINT_LIMITS.name}
        defaultValue={user?.profile.name ?? ''}
        required
        error={errors.name}
      />
      <EmailField
        label={t('complaints.email')}
        name="email"
        defaultValue={user?.email ?? ''}
        hint={t('complaints.email_hint')}
        required
        error={errors.email}
      />
      <SubmitButton sending={sending}>{t('complaints.submit')}</SubmitButton>
    </form>
  );
}
