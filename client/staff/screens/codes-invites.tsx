import { useState, type FormEvent } from 'react';
import type { StaffInviteCode } from '../../../core/schemas/staff-back-office-answers';
import { inviteBatchSchema } from '../../../core/schemas/staff-codes';
import { Field } from '../components/field';
import { ApiError, staffSend } from '../lib/api';
import { validate } from '../lib/form';
import { formatDateTime, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';

/** Invitation codes of the brand: made in batches, each with the members who signed up with it. */
export function InviteCodes({ brand }: { brand: string }) {
  const list = useStaffData('/api/staff/invite-codes.php', { brand });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<string[]>([]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires') ?? '');
    const input = {
      brand,
      count: Number(form.get('count')),
      uses: Number(form.get('uses')),
      expires: expires ? new Date(expires).toISOString() : null,
    };
    const checked = validate(inviteBatchSchema(Date.now()), input);
    if (!checked.ok) return setFields(checked.fields);
    setFields({});
    setProblem(null);
    try {
      const answer = await staffSend('post', '/api/staff/invite-codes.php', input);
      setMade(answer.codes);
      await list.reload();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };

  return (
    <section aria-labelledby="invites-title" className="invites">
      <h2 id="invites-title">{t('invites.title')}</h2>
      {list.data && <p>{list.data.signups === 'all' ? t('invites.open') : t('invites.closed')}</p>}
      <form className="card filters" onSubmit={submit} noValidate>
        <Field label={t('invites.count')} name="count" type="number" min={1} max={200} defaultValue={10} error={fields.count} />
        <Field label={t('invites.uses')} name="uses" type="number" min={1} max={1000} defaultValue={1} error={fields.uses} />
        <Field label={t('codes.expires')} name="expires" type="datetime-local" hint={t('codes.optional')} error={fields.expires} />
        <button type="submit" className="btn btn-primary">
          {t('invites.create')}
        </button>
      </form>
      <Problem message={problem} />
      {made.length > 0 && <MadeCodes made={made} />}
      <Problem message={list.error?.message} />
      {list.data && list.data.codes.length === 0 && <p className="empty">{t('invites.empty')}</p>}
      {list.data && list.data.codes.length > 0 && <InviteTable codes={list.data.codes} />}
    </section>
  );
}

/** The codes of the batch just made, to copy at once. */
function MadeCodes({ made }: { made: string[] }) {
  return (
    <div className="card" role="status">
      <p>{t('invites.made', { n: made.length })}</p>
      <textarea readOnly rows={Math.min(made.length, 8)} value={made.join('\n')} aria-label={t('invites.made', { n: made.length })} />
    </div>
  );
}

/** The brand's invitation codes: uses left, expiry, and who signed up with each. */
function InviteTable({ codes }: { codes: StaffInviteCode[] }) {
  return (
    <TableWrap>
      <table>
        <caption className="sr-only">{t('invites.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('codes.code')}</th>
            <th scope="col">{t('invites.left')}</th>
            <th scope="col">{t('codes.expires')}</th>
            <th scope="col">{t('invites.used_by')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((c) => (
            <tr key={c.code}>
              <th scope="row">
                <code>{c.code}</code>
              </th>
              <td>{c.uses_left}</td>
              <td>{c.expires_at ? formatDateTime(c.expires_at) : t('codes.never')}</td>
              <td>
                {c.used_by.length
                  ? c.used_by.map((m) => `${m.name || '–'} (#${m.member_id}, ${formatDateTime(m.signup_date)})`).join('; ')
                  : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
