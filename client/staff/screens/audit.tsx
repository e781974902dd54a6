import { useState, type FormEvent } from 'react';
import type { AuditEntry } from '../../../core/schemas/staff-answers';
import { BrandFilter } from '../components/brand-filter';
import { ApiError, staffGet } from '../lib/api';
import { brandName } from '../lib/boot';
import { AuditDetail } from '../components/audit-detail';
import { formatDateTime, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Problem } from '../components/notice';
import { valueLabel } from '../lib/value-label';
import { TableWrap } from '../components/table-wrap';

/** One entry: when, who, where, what (its label and stored code), on what, and its detail. */
function AuditRow({ entry: e }: { entry: AuditEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
      </td>
      <td>{e.staff ? `${e.staff.name} (#${e.staff.id})` : '–'}</td>
      <td>{e.brand ? brandName(e.brand) : '–'}</td>
      <td>
        {valueLabel('audit_action', e.action)}
        {/* The stored code too: the filter searches by it. */}
        <br />
        <small>
          <code>{e.action}</code>
        </small>
      </td>
      <td>{e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : '–'}</td>
      <td>
        <AuditDetail detail={e.detail} />
      </td>
    </tr>
  );
}

/** The entries loaded so far, as a table. */
function AuditTable({ items }: { items: AuditEntry[] }) {
  return (
    <TableWrap>
      <table>
        <caption className="sr-only">{t('audit.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('figures.brand')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The staff member and action filters, applied on submit. */
function AuditFilters({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form className="filters" onSubmit={onSubmit}>
      <div className="field inline">
        <label htmlFor="audit-staff">{t('audit.staff_id')}</label>
        <input id="audit-staff" name="staff_id" inputMode="numeric" pattern="\d*" />
      </div>
      <div className="field inline">
        <label htmlFor="audit-action">{t('audit.action')}</label>
        <input id="audit-action" name="action" maxLength={40} />
      </div>
      <button type="submit" className="btn btn-outline">
        {t('audit.filter')}
      </button>
    </form>
  );
}

/** The audit log (admins and owners): newest first, filtered by brand, staff member and action, paged back. */
export function AuditScreen() {
  const [filter, setFilter] = useState({ brand: '', staff_id: '', action: '' });
  const first = useStaffData('/api/staff/audit.php', filter);
  // The pages loaded after the first, and where the next one starts (null: no older entries).
  const [older, setOlder] = useState<{ entries: AuditEntry[]; next: number | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const items = [...(first.data?.entries ?? []), ...(older?.entries ?? [])];
  const nextBefore = older ? older.next : (first.data?.next_before ?? null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setOlder(null);
    setFilter((f) => ({ ...f, staff_id: String(form.get('staff_id') ?? ''), action: String(form.get('action') ?? '') }));
  };
  const more = async () => {
    if (nextBefore === null) return;
    try {
      const page = await staffGet('/api/staff/audit.php', { ...filter, before: nextBefore });
      setOlder((o) => ({ entries: [...(o?.entries ?? []), ...page.entries], next: page.next_before }));
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };

  return (
    <section aria-labelledby="audit-title">
      <div className="screen-head">
        <h1 id="audit-title">{t('audit.title')}</h1>
        <BrandFilter
          value={filter.brand}
          onChange={(brand) => {
            setOlder(null);
            setFilter((f) => ({ ...f, brand }));
          }}
        />
      </div>
      <AuditFilters onSubmit={apply} />
      <Problem message={first.error?.message ?? problem} />
      <AuditTable items={items} />
      {first.data && items.length === 0 && <p className="empty">{t('audit.empty')}</p>}
      {nextBefore !== null && (
        <button type="button" className="btn btn-outline" onClick={() => void more()}>
          {t('audit.more')}
        </button>
      )}
    </section>
  );
}
