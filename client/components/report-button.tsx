import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { REPORT_REASONS, type ReportReason, type ReportTarget } from '../../core/rules/moderation';
import { ApiError } from '../api/fetch-client';
import { apiSend } from '../api/typed-fetch';
import { useTranslation } from '../i18n';
import { userAtom } from '../state/atoms';
import { ChoiceGroup, EmailField, FormAlert, SubmitButton, TextArea } from './form-ui';
import { Modal } from './modal';

/**
 * "Melden" (DSA Art. 16, docs/api/reports.md): a small button and its dialog for a profile, a photo or a message.
 * Visitors may leave an address for the outcome; members get it at their own. The answer's reference is the
 * acknowledgment; a refusal (a flood, something no longer there) shows the server's message.
 */
export function ReportButton({ target, id, className }: { target: ReportTarget; id: number; className?: string }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setDone(null);
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('validation.report_reason'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await apiSend('post', '/api/report.php', {
        target,
        id,
        reason,
        ...(text.trim() ? { text: text.trim() } : {}),
        ...(!user && email.trim() ? { email: email.trim() } : {}),
      });
      setDone(t('reports.done', { reference: answer.reference }));
      setReason('');
      setText('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className ?? 'btn btn-link p-0 text-sm text-gray-600'}
        onClick={() => setOpen(true)}
        data-testid={`report-${target}`}
      >
        {t('reports.button')}
      </button>
      <Modal open={open} title={t(`reports.title_${target}`)} onClose={close} labelClose={t('reports.cancel')}>
        {done ? (
          <FormAlert tone="success" message={done} />
        ) : (
          <form onSubmit={submit} noValidate data-testid="report-form">
            <p className="mt-0 text-sm text-gray-700">{t('reports.intro')}</p>
            <ChoiceGroup
              name="report-reason"
              legend={t('reports.reason')}
              options={REPORT_REASONS.map((r) => ({ value: r, label: t(`reports.reasons.${r}`) }))}
              value={reason}
              onChange={setReason}
            />
            <TextArea
              name="report-text"
              label={t('reports.text')}
              value={text}
              maxLength={2000}
              onChange={(e) => setText(e.target.value)}
              rows={3}
            />
            {!user && (
              <EmailField
                name="report-email"
                label={t('reports.email')}
                hint={t('reports.email_hint')}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
            <FormAlert message={error ?? undefined} />
            <SubmitButton sending={sending}>{t('reports.submit')}</SubmitButton>
          </form>
        )}
      </Modal>
    </>
  );
}
