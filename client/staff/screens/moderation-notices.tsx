import { type FormEvent, useState } from 'react';
import { actionsFor, type DecisionAction, GROUNDS, GROUND_OF_REASON, type Ground } from '../../../core/rules/moderation';
import type { z } from 'zod';
import type { StaffAppealsSchema, StaffReportsSchema } from '../../../core/schemas/reports';
import { Problem } from '../components/notice';
import { Thumb } from '../components/photo';
import { ApiError, staffSend } from '../lib/api';
import { siteOf } from '../lib/boot';
import { formatDateTime, t, type StaffKey } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';

type Report = z.infer<typeof StaffReportsSchema>['reports'][number];
type Appeal = z.infer<typeof StaffAppealsSchema>['appeals'][number];

const failure = (e: unknown) => (e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));

/** Received, its age in days, and the deadline (overdue in red). */
function Age({ created, age, due, overdue }: { created: string; age: number; due: string; overdue: boolean }) {
  return (
    <p>
      <small>
        <time dateTime={created}>{formatDateTime(created)}</time> · {t('notices.age' as StaffKey, { count: age })} ·{' '}
        <span className={overdue ? 'text-danger font-bold' : ''} data-testid={overdue ? 'overdue' : undefined}>
          {overdue ? t('notices.overdue', { due: formatDateTime(due) }) : t('notices.due', { due: formatDateTime(due) })}
        </span>
      </small>
    </p>
  );
}

/** The brand's open notices (DSA Art. 16), oldest first; each decided with a ground and an explanation (Art. 17). */
export function Notices({ brand }: { brand: string }) {
  const list = useStaffData('/api/staff/reports.php', { brand });
  return (
    <section aria-labelledby="notices-title" className="moderation-part">
      <h2 id="notices-title">
        {t('notices.title')}
        {list.data ? ` (${list.data.reports.length})` : ''}
      </h2>
      {list.data && list.data.flood > 0 && <p className="empty">{t('notices.flood', { count: list.data.flood })}</p>}
      <Problem message={list.error?.message} />
      {list.data && list.data.reports.length === 0 && <p className="empty">{t('notices.empty')}</p>}
      {list.data?.reports.map((r) => (
        <NoticeCard key={r.id} brand={brand} report={r} onDecided={() => void list.reload()} />
      ))}
    </section>
  );
}

function NoticeCard({ brand, report: r, onDecided }: { brand: string; report: Report; onDecided: () => void }) {
  const [action, setAction] = useState<DecisionAction>('no_action');
  const [ground, setGround] = useState<Ground>(GROUND_OF_REASON[r.reason]);
  const [problem, setProblem] = useState<string | null>(null);
  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      await staffSend('post', '/api/staff/report-decision.php', {
        brand,
        report_id: r.id,
        action,
        ground,
        explanation: String(new FormData(event.currentTarget).get('explanation') ?? ''),
      });
      onDecided();
    } catch (e) {
      setProblem(failure(e));
    }
  };
  return (
    <article className="card complaint" aria-labelledby={`notice-${r.id}`} data-testid="notice" data-report-id={r.id}>
      <h3 id={`notice-${r.id}`}>
        {r.reference}: {t(`notices.target_${r.target}` as StaffKey)} · {t(`notices.reason_${r.reason}` as StaffKey)}
      </h3>
      <Age created={r.created_at} age={r.age_days} due={r.due_at} overdue={r.overdue} />
      <p>
        <a href={`${siteOf(brand)}/members/${r.profile.id}`} target="_blank" rel="noreferrer">
          {t('complaints.profile', { id: r.profile.id, name: r.profile.name })}
        </a>
        {r.profile.fictional ? ` (${t('profile.fictional')})` : ''} · {t(r.by_member ? 'notices.by_member' : 'notices.by_visitor')}
      </p>
      {r.photo && <Thumb brand={brand} image={r.photo} alt={t('notices.target_photo')} size={160} />}
      {r.shared_text !== null && (
        <blockquote className="about" data-testid="shared-message">
          {r.shared_text}
        </blockquote>
      )}
      {r.text && <p className="about">{r.text}</p>}
      <Problem message={problem} />
      <form className="row" onSubmit={decide}>
        <label>
          {t('notices.action')}{' '}
          <select value={action} onChange={(e) => setAction(e.target.value as DecisionAction)} data-testid="notice-action">
            {actionsFor(r.target).map((a) => (
              <option key={a} value={a}>
                {t(`notices.action_${a}` as StaffKey)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('notices.ground')}{' '}
          <select value={ground} onChange={(e) => setGround(e.target.value as Ground)}>
            {GROUNDS.map((g) => (
              <option key={g} value={g}>
                {t(`notices.ground_${g}` as StaffKey)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('notices.explanation')} <input name="explanation" required minLength={3} maxLength={2000} data-testid="notice-explanation" />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('notices.decide')}
        </button>
      </form>
    </article>
  );
}

/** Open appeals (DSA Art. 20): the decision appealed and who made it; another staff member decides. */
export function Appeals({ brand }: { brand: string }) {
  const list = useStaffData('/api/staff/appeals.php', { brand });
  return (
    <section aria-labelledby="appeals-title" className="moderation-part">
      <h2 id="appeals-title">
        {t('notices.appeals_title')}
        {list.data ? ` (${list.data.appeals.length})` : ''}
      </h2>
      <Problem message={list.error?.message} />
      {list.data && list.data.appeals.length === 0 && <p className="empty">{t('notices.appeals_empty')}</p>}
      {list.data?.appeals.map((a) => (
        <AppealCard key={a.id} brand={brand} appeal={a} onDecided={() => void list.reload()} />
      ))}
    </section>
  );
}

function AppealCard({ brand, appeal: a, onDecided }: { brand: string; appeal: Appeal; onDecided: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  // Two submit buttons: the one pressed says the outcome.
  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const outcome = submitter?.value === 'reversed' ? 'reversed' : 'upheld';
    try {
      await staffSend('post', '/api/staff/appeal-decision.php', {
        brand,
        appeal_id: a.id,
        outcome,
        answer: String(new FormData(event.currentTarget).get('answer') ?? ''),
      });
      onDecided();
    } catch (e) {
      setProblem(failure(e));
    }
  };
  return (
    <article className="card complaint" aria-labelledby={`appeal-${a.id}`} data-testid="appeal" data-appeal-id={a.id}>
      <h3 id={`appeal-${a.id}`}>
        {a.reference}: {t(`notices.action_${a.action}` as StaffKey)} · {t(`notices.ground_${a.ground}` as StaffKey)}
      </h3>
      <Age created={a.created_at} age={a.age_days} due={a.due_at} overdue={a.overdue} />
      <p>
        {t('notices.member', { id: a.member_id })} · {t('notices.decided_by', { name: a.decided_by?.name ?? t('notices.automated') })}
      </p>
      {a.explanation && <p className="about">{a.explanation}</p>}
      <p className="about">{a.text}</p>
      <Problem message={problem} />
      <form className="row" onSubmit={(e) => void decide(e)}>
        <label>
          {t('notices.answer')} <input name="answer" required minLength={3} maxLength={2000} data-testid="appeal-answer" />
        </label>
        <button type="submit" name="outcome" value="upheld" className="btn btn-outline">
          {t('notices.uphold')}
        </button>
        <button type="submit" name="outcome" value="reversed" className="btn btn-primary" data-testid="appeal-reverse">
          {t('notices.reverse')}
        </button>
      </form>
    </article>
  );
}
