import { type FormEvent, useState } from 'react';
import { intlLocale } from '../../../core/rules/language';
import type { Statement } from '../../../core/schemas/reports';
import { useApi } from '../../api/call';
import { ApiError } from '../../api/fetch-client';
import { apiSend } from '../../api/typed-fetch';
import { AccountCard, FormAlert, SubmitButton, TextArea } from '../../components/form-ui';
import { useTranslation } from '../../i18n';

/**
 * /appeals (DSA Art. 17 and 20, issue 45 item 7): every statement of reasons about the member's account or content,
 * what was decided, why and how, and the appeal form until six months after it. The statement mail links here.
 */
export default function AppealsScreen() {
  const { t } = useTranslation();
  const { data, mutate } = useApi('/api/statements.php', {}, { revalidateOnMount: true });
  return (
    <AccountCard title={t('reports.appeals.title')} testId="appeals">
      <p className="mt-0 text-sm text-gray-700">{t('reports.appeals.intro')}</p>
      {data && data.statements.length === 0 && <p>{t('reports.appeals.empty')}</p>}
      {data?.statements.map((s) => (
        <StatementCard key={s.id} statement={s} onAppealed={() => void mutate()} />
      ))}
    </AccountCard>
  );
}

function StatementCard({ statement: s, onAppealed }: { statement: Statement; onAppealed: () => void }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(intlLocale(i18n.language), { dateStyle: 'long' });
  const open = !s.appeal && new Date(s.appeal_until).getTime() > Date.now();
  // The confirmation with the appeal's reference lives here, not in the form: the list reloads after the appeal and
  // the form goes (the statement now has its appeal), but the member must still read the reference.
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section className="mb-4 rounded-lg border border-solid border-gray-200 p-4" data-testid="statement" id={`statement-${s.id}`}>
      <h2 className="m-0 mb-2 text-base font-bold">
        {t('reports.appeals.decided', { date: date(s.created_at) })} ({s.reference})
      </h2>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t('reports.appeals.what')}</dt>
        <dd className="m-0">{t(`reports.actions.${s.action}`)}</dd>
        <dt className="font-semibold">{t('reports.appeals.ground')}</dt>
        <dd className="m-0">{t(`reports.grounds.${s.ground}`)}</dd>
        {s.explanation && (
          <>
            <dt className="font-semibold">{t('reports.appeals.explanation')}</dt>
            <dd className="m-0">{s.explanation}</dd>
          </>
        )}
        <dt className="font-semibold">{t('reports.appeals.how')}</dt>
        <dd className="m-0">{t(s.automated ? 'reports.how.automated' : 'reports.how.human')}</dd>
      </dl>
      {s.appeal && (
        <p className="alert alert-info mb-0 mt-3" data-testid="appeal-state">
          {t(`reports.appeals.state_${s.appeal.state}`)}
          {s.appeal.answer ? `: ${s.appeal.answer}` : ''}
        </p>
      )}
      {!s.appeal && !open && !sent && <p className="mb-0 mt-3 text-sm text-gray-600">{t('reports.appeals.closed')}</p>}
      {sent && <FormAlert tone="success" message={sent} />}
      {open && !sent && (
        <AppealForm
          statement={s}
          until={date(s.appeal_until)}
          onAppealed={(message) => {
            setSent(message);
            onAppealed();
          }}
        />
      )}
    </section>
  );
}

function AppealForm({ statement, until, onAppealed }: { statement: Statement; until: string; onAppealed: (message: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await apiSend('post', '/api/appeal.php', { statement_id: statement.id, text: text.trim() });
      onAppealed(t('reports.appeals.appeal_sent', { reference: answer.reference }));
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fields ?? {})[0] ?? e.message) : t('errors.generic'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="mt-3" onSubmit={submit} noValidate data-testid="appeal-form">
      <p className="mt-0 text-sm">{t('reports.appeals.until', { date: until })}</p>
      <TextArea
        name="appeal-text"
        label={t('reports.appeals.appeal_text')}
        value={text}
        maxLength={5000}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
      />
      <SubmitButton sending={sending}>{t('reports.appeals.appeal_submit')}</SubmitButton>
    </form>
  );
}
