import { useState, type FormEvent } from 'react';
import { COMPLAINT_STATES, type ComplaintState } from '../../../core/schemas/staff-moderation';
import type { StaffComplaint } from '../../../core/schemas/staff-back-office-answers';
import { ApiError, staffSend } from '../lib/api';
import { formatDateTime, t, type StaffKey } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Problem } from '../components/notice';
import { siteOf } from '../lib/boot';

const stateLabel = (s: ComplaintState) => t(`complaints.state_${s}` as StaffKey);

/** The brand's complaints by state: each with its sender, the profile it names, its replies, a state and a reply form. */
export function Complaints({ brand }: { brand: string }) {
  const [state, setState] = useState<ComplaintState>('new');
  const list = useStaffData('/api/staff/complaints.php', { brand, state });
  return (
    <section aria-labelledby="complaints-title" className="moderation-part">
      <h2 id="complaints-title">{t('complaints.title')}</h2>
      <div className="row" role="group" aria-label={t('complaints.filter')}>
        {COMPLAINT_STATES.map((s) => (
          <button key={s} type="button" className="btn btn-outline" aria-pressed={s === state} onClick={() => setState(s)}>
            {stateLabel(s)}
            {list.data ? ` (${list.data.counts[s]})` : ''}
          </button>
        ))}
      </div>
      <Problem message={list.error?.message} />
      {list.data && list.data.complaints.length === 0 && <p className="empty">{t('complaints.empty')}</p>}
      {list.data?.complaints.map((c) => (
        <ComplaintCard key={c.id} brand={brand} complaint={c} onChanged={() => void list.reload()} />
      ))}
    </section>
  );
}

/** Who sent the complaint (and their member account), whom it concerns, and its language. */
function ComplaintFacts({ brand, complaint: c }: { brand: string; complaint: StaffComplaint }) {
  return (
    <dl className="facts">
      <dt>{t('complaints.sender')}</dt>
      <dd>
        {c.contact_name ?? '–'} &lt;{c.contact_email}&gt; {c.confirmed ? '' : `(${t('complaints.unconfirmed')})`}
        {c.member && (
          <>
            {' '}
            ·{' '}
            <a href={`${siteOf(brand)}/members/${c.member.profile_id ?? ''}`} target="_blank" rel="noreferrer">
              {t('complaints.member', { id: c.member.id, name: c.member.name ?? '' })}
            </a>
          </>
        )}
      </dd>
      <dt>{t('complaints.concerns')}</dt>
      <dd>
        {c.profile ? (
          <a href={`${siteOf(brand)}/members/${c.profile.id}`} target="_blank" rel="noreferrer">
            {t('complaints.profile', { id: c.profile.id, name: c.profile.name })}
            {c.profile.fictional ? ` (${t('profile.fictional')})` : ''}
          </a>
        ) : (
          (c.concerns ?? '–')
        )}
      </dd>
      <dt>{t('complaints.language')}</dt>
      <dd>{c.language}</dd>
    </dl>
  );
}

/** The staff's replies so far, oldest first. */
function ComplaintReplies({ replies }: { replies: StaffComplaint['replies'] }) {
  return (
    <ul className="replies">
      {replies.map((r) => (
        <li key={r.id}>
          <small>
            {r.staff} · {formatDateTime(r.created_at)}
          </small>
          <p className="about">{r.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The reply to the sender, in the complaint's language, closing it by default. */
function ReplyForm({ complaint: c, onSubmit }: { complaint: StaffComplaint; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form onSubmit={onSubmit} className="reply-form">
      <label htmlFor={`reply-${c.id}`}>{t('complaints.reply', { language: c.language })}</label>
      <textarea id={`reply-${c.id}`} name="text" rows={4} maxLength={5000} required />
      <label className="check">
        <input type="checkbox" name="close" defaultChecked /> {t('complaints.close_with_reply')}
      </label>
      <button type="submit" className="btn btn-primary">
        {t('complaints.send')}
      </button>
    </form>
  );
}

/** One complaint: what it says, its replies, the moves to another state and (once confirmed) the reply form. */
function ComplaintCard({ brand, complaint: c, onChanged }: { brand: string; complaint: StaffComplaint; onChanged: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (e: unknown) => setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));

  const move = async (state: ComplaintState) => {
    setProblem(null);
    try {
      await staffSend('put', '/api/staff/complaints.php', { brand, id: c.id, state });
      onChanged();
    } catch (e) {
      fail(e);
    }
  };
  const reply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setProblem(null);
    try {
      await staffSend('post', '/api/staff/complaint-reply.php', {
        brand,
        id: c.id,
        text: String(form.get('text') ?? ''),
        close: form.get('close') === 'on',
      });
      onChanged();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <article className="card complaint" aria-labelledby={`complaint-${c.id}`} data-testid="complaint">
      <h3 id={`complaint-${c.id}`}>
        {c.reference}: {c.subject}
      </h3>
      <p>
        <small>
          <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time> · {stateLabel(c.state)}
          {c.overdue && (
            <strong className="text-danger" data-testid="complaint-overdue">
              {' '}
              · {t('notices.overdue', { due: formatDateTime(c.due_at) })}
            </strong>
          )}
        </small>
      </p>
      <p className="about">{c.text}</p>
      <ComplaintFacts brand={brand} complaint={c} />
      {c.replies.length > 0 && <ComplaintReplies replies={c.replies} />}
      <Problem message={problem} />
      <div className="row">
        {COMPLAINT_STATES.filter((s) => s !== c.state).map((s) => (
          <button key={s} type="button" className="btn btn-outline" onClick={() => void move(s)}>
            {t('complaints.move', { state: stateLabel(s) })}
          </button>
        ))}
      </div>
      {c.confirmed && <ReplyForm complaint={c} onSubmit={reply} />}
    </article>
  );
}
