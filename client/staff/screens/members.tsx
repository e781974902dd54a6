import { useState, type FormEvent } from 'react';
import { Link } from '../components/link';
import { brandName } from '../lib/boot';
import { formatDateTime, t } from '../lib/i18n';
import { navigate, useLocation } from '../lib/router';
import { useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';

/** Back office: find a member by e-mail, name, member id or order id (the address keeps the query: back works). */
export function MembersScreen() {
  const { search } = useLocation();
  const q = new URLSearchParams(search).get('q') ?? '';
  const [text, setText] = useState(q);
  const found = useStaffData(q ? '/api/staff/members.php' : null, { q });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(`/staff/members?q=${encodeURIComponent(text.trim())}`);
  };
  const items = found.data?.items ?? [];
  return (
    <section aria-labelledby="members-title">
      <div className="screen-head">
        <h1 id="members-title">{t('members.title')}</h1>
      </div>
      <form role="search" className="filters" onSubmit={submit}>
        <div className="field">
          <label htmlFor="member-q">{t('members.query')}</label>
          <input
            id="member-q"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="member-q-hint"
            // biome-ignore lint/a11y/noAutofocus: the search screen exists for this one field
            autoFocus
          />
          <small id="member-q-hint">{t('members.query_hint')}</small>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('members.search')}
        </button>
      </form>
      <Problem message={found.error?.message} />
      {q && found.loading && !found.data && <Loading />}
      {q && found.data && (
        <TableWrap>
          <table>
            <caption>{t('members.results', { count: items.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.name')}</th>
                <th scope="col">{t('members.email')}</th>
                <th scope="col">{t('filter.brand')}</th>
                <th scope="col">{t('members.status')}</th>
                <th scope="col">{t('members.credits')}</th>
                <th scope="col">{t('members.signup')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link href={`/staff/members/${m.brand}/${m.id}`}>{m.name || `#${m.id}`}</Link> <small>#{m.id}</small>
                  </td>
                  <td>{m.email}</td>
                  <td>{brandName(m.brand)}</td>
                  <td>
                    {t(`member.status.${m.status}` as 'member.status.confirmed')}
                    {m.blocked && (
                      <>
                        {' '}
                        · <strong>{t('member.blocked')}</strong>
                      </>
                    )}
                    {m.premium && <> · {t('member.premium')}</>}
                  </td>
                  <td>{m.credits}</td>
                  <td>{formatDateTime(m.signup_date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {items.length === 0 && <p className="empty">{t('members.none')}</p>}
        </TableWrap>
      )}
    </section>
  );
}
