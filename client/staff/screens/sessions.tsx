import { useState } from 'react';
import { ApiError, staffSend } from '../lib/api';
import { formatDateTime, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';

/** The staff member's own sessions, and ending one (or all others). */
export function SessionsScreen() {
  const sessions = useStaffData('/api/staff/sessions.php');
  const [problem, setProblem] = useState<string | null>(null);
  const end = async (id?: string) => {
    setProblem(null);
    try {
      await staffSend('delete', '/api/staff/sessions.php', id ? { id } : { all_others: true });
      await sessions.reload();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };
  const list = sessions.data?.sessions ?? [];
  return (
    <section aria-labelledby="sessions-title">
      <div className="screen-head">
        <h1 id="sessions-title">{t('sessions.title')}</h1>
        {list.length > 1 && (
          <button type="button" className="btn btn-outline" onClick={() => void end()}>
            {t('sessions.end_others')}
          </button>
        )}
      </div>
      <Problem message={sessions.error?.message ?? problem} />
      {!sessions.data && !sessions.error && <Loading />}
      <ul className="session-list">
        {list.map((s) => (
          <li key={s.id} className="card">
            <p>
              <strong>{s.user_agent ?? t('sessions.unknown_device')}</strong>
              {s.current && <> · {t('sessions.current')}</>}
            </p>
            <p>
              {t('sessions.since', { when: formatDateTime(s.created_at) })} · {t('sessions.until', { when: formatDateTime(s.expires_at) })}
            </p>
            {!s.current && (
              <button type="button" className="btn btn-outline" onClick={() => void end(s.id)}>
                {t('sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
