import { useState, type FormEvent } from 'react';
import type { StaffNote } from '../../../core/schemas/staff-answers';
import { StaffNoteSchema } from '../../../core/schemas/staff';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { formatDateTime, t } from '../lib/i18n';

interface Props {
  brand: string;
  conversationId: number;
  subject: 'member' | 'profile';
  subjectId: number;
  title: string;
  notes: StaffNote[];
  onAdded: () => void;
}

/** Operators' notes about the member or the profile, and a form to add one (it also renews the claim). */
export function Notes({ brand, conversationId, subject, subjectId, title, notes, onAdded }: Props) {
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `note-${subject}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(StaffNoteSchema, {
      subject_type: subject,
      subject_id: subjectId,
      body,
      brand,
      conversation_id: conversationId,
    });
    if (!checked.ok) return setProblem(Object.values(checked.fields)[0]);
    setBusy(true);
    setProblem(null);
    try {
      // conversation_id is read by the answering branch's schema (it renews the claim); older servers ignore it.
      await staffSend('post', '/api/staff/notes.php', { ...checked.value, conversation_id: conversationId });
      setBody('');
      onAdded();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card notes" aria-labelledby={`${id}-title`} data-testid={`notes-${subject}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {notes.length === 0 ? (
        <p className="empty">{t('notes.none')}</p>
      ) : (
        <ul>
          {notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <small>
                {n.author} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </small>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="note-form">
        <label htmlFor={id}>{t('notes.add_label')}</label>
        <textarea
          id={id}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={2}
          maxLength={2000}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem && (
          <small id={`${id}-error`} className="error" role="alert">
            {problem}
          </small>
        )}
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {t('notes.add')}
        </button>
      </form>
    </section>
  );
}
