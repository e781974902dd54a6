import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { CANCELLABLE_CONTRACTS, CANCELLATION_KINDS } from '../../../core/markets/cancellation';
import type { CancelContractAnswer } from '../../../core/schemas/spending';
import { EmailSchema } from '../../../core/schemas/account';
import { apiSend } from '../../api/typed-fetch';
import { useTranslation } from '../../i18n';
import { settingsAtom, userAtom } from '../../state/atoms';
import { AccountCard, ChoiceGroup, EmailField, FormAlert, SubmitButton, TextField, useFormState } from '../../components/form-ui';
import { apiErrors, check, type FieldErrors } from '../../lib/validate';

type Contract = (typeof CANCELLABLE_CONTRACTS)[number];
type Kind = (typeof CANCELLATION_KINDS)[number];
interface Draft {
  name: string;
  contract: Contract;
  kind: Kind;
  /** A visitor's address (the path needs no login); a member's own address is used. */
  email?: string;
}
type Confirmation = CancelContractAnswer;

/**
 * /cancel-contracts, "Verträge hier kündigen" (§ 312k BGB, issue 45 item 4): step 1 identifies the person and the
 * contract, step 2 shows it with the "Jetzt kündigen" button, then the confirmation to keep (also sent by mail) with
 * the date and time the server received it. No login is needed: a visitor gives their account's e-mail address.
 */
export default function CancelContractsScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<Confirmation | null>(null);
  if (done) return <CancelDone done={done} />;
  return (
    <AccountCard title={t('cancel.title')} testId="cancel-contracts">
      {confirming && draft ? (
        <CancelConfirm draft={draft} onBack={() => setConfirming(false)} onDone={setDone} />
      ) : (
        <CancelIdentify
          draft={draft}
          onNext={(next) => {
            setDraft(next);
            setConfirming(true);
          }}
        />
      )}
    </AccountCard>
  );
}

function CancelIdentify({ draft, onNext }: { draft: Draft | null; onNext: (draft: Draft) => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const [contract, setContract] = useState<Contract>(draft?.contract ?? 'all');
  const [kind, setKind] = useState<Kind>(draft?.kind ?? 'ordinary');
  const [errors, setErrors] = useState<FieldErrors>({});
  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    // A visitor names their account's address, checked with the schema the server uses for it.
    const email = user ? null : check(EmailSchema, String(form.get('email') ?? ''), t);
    const found: FieldErrors = {
      ...(name.length < 2 && { name: t('validation.complaint_name') }),
      ...(email && !email.ok && { email: email.errors._form }),
    };
    if (Object.keys(found).length > 0) return setErrors(found);
    onNext({ name, contract, kind, email: email?.ok ? email.data : undefined });
  };
  return (
    <form onSubmit={next} noValidate>
      <p className="mt-0 text-sm text-gray-700">{t('cancel.intro', { brand: settings.name })}</p>
      <TextField name="name" label={t('cancel.name')} autoComplete="name" defaultValue={draft?.name ?? ''} error={errors.name} required />
      {user ? (
        <p className="mb-4 mt-0 text-sm text-gray-700">{t('cancel.email', { email: user.email })}</p>
      ) : (
        <EmailField
          name="email"
          label={t('cancel.email_label')}
          autoComplete="email"
          defaultValue={draft?.email ?? ''}
          error={errors.email}
          required
        />
      )}
      <ChoiceGroup
        name="contract"
        legend={t('cancel.contract')}
        options={CANCELLABLE_CONTRACTS.map((value) => ({ value, label: t(`cancel.contract_${value}`) }))}
        value={contract}
        onChange={setContract}
      />
      <ChoiceGroup
        name="kind"
        legend={t('cancel.kind')}
        options={CANCELLATION_KINDS.map((value) => ({ value, label: t(`cancel.kind_${value}`) }))}
        value={kind}
        onChange={setKind}
      />
      <SubmitButton sending={false}>{t('cancel.next')}</SubmitButton>
    </form>
  );
}

/** Step 2: what will be sent, and the button the law names ("Jetzt kündigen"). */
function CancelConfirm({ draft, onBack, onDone }: { draft: Draft; onBack: () => void; onDone: (done: Confirmation) => void }) {
  const { t } = useTranslation();
  const { errors, sending, run } = useFormState();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      try {
        onDone(await apiSend('post', '/api/cancel-contract.php', draft));
        return {};
      } catch (failure) {
        return apiErrors(failure, t);
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="cancel-confirm">
      <h2 className="m-0 mb-2 text-lg font-semibold">{t('cancel.confirm_title')}</h2>
      <p className="mt-0 text-sm text-gray-700">{t('cancel.confirm_intro')}</p>
      <FormAlert message={errors._form ?? errors.name ?? errors.email} />
      <ul className="mb-4 pl-5 text-sm">
        <li>
          {t('cancel.name')}: {draft.name}
        </li>
        {draft.email && (
          <li>
            {t('cancel.email_label')}: {draft.email}
          </li>
        )}
        <li>{t(`cancel.contract_${draft.contract}`)}</li>
        <li>{t(`cancel.kind_${draft.kind}`)}</li>
      </ul>
      <SubmitButton sending={sending}>{t('cancel.submit')}</SubmitButton>
      <button type="button" className="btn btn-link mt-2 w-full" onClick={onBack}>
        {t('cancel.back')}
      </button>
    </form>
  );
}

/** The confirmation to keep: the same facts as the mail, with the date and time the server received it. */
function CancelDone({ done }: { done: Confirmation }) {
  const { t, i18n } = useTranslation();
  const user = useAtomValue(userAtom);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'long' }).format(new Date(done.received_at));
  return (
    <AccountCard title={t('cancel.done_title')} testId="cancel-done">
      <FormAlert
        tone="success"
        message={t(user ? 'cancel.done_body' : 'cancel.done_body_visitor', { reference: done.reference, date, email: done.email })}
      />
      <ul className="pl-5 text-sm">
        <li>{t(`cancel.contract_${done.contract}`)}</li>
        <li>{t(`cancel.kind_${done.kind}`)}</li>
        <li>{done.name}</li>
      </ul>
      <button type="button" className="btn btn-outline w-full border-solid" onClick={() => window.print()}>
        {t('cancel.print')}
      </button>
    </AccountCard>
  );
}
