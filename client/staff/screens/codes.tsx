import { useState } from 'react';
import type { StaffDiscountCode } from '../../../core/schemas/staff-back-office-answers';
import { BrandFilter, useDefaultBrand } from '../components/brand-filter';
import { ApiError, staffSend } from '../lib/api';
import { formatDateTime, formatMoney, t, type StaffKey } from '../lib/i18n';
import { methodWords } from '../lib/payment-words';
import { labelOr } from '../lib/value-label';
import { useStaffData } from '../lib/use-data';
import { CodeForm } from './codes-form';
import { InviteCodes } from './codes-invites';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';

/** What a code asks of an order, in one line. */
function conditions(c: StaffDiscountCode): string {
  const parts = [
    c.country && t('codes.only_country', { country: c.country }),
    c.currency && t('codes.only_currency', { currency: c.currency }),
    c.minimum_order_value > 0 && t('codes.from_amount', { amount: formatMoney(c.minimum_order_value, c.currency ?? 'EUR') }),
    c.paymentmethods?.map((m) => methodWords(m, labelOr)).join(', '),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('codes.no_conditions');
}

/** Back office: the brand's discount codes (list, create, edit, expire, uses and revenue) and invitation codes. */
export function CodesScreen() {
  const [brand, setBrand] = useState(useDefaultBrand());
  const list = useStaffData('/api/staff/codes.php', { brand });
  const [editing, setEditing] = useState<StaffDiscountCode | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const expire = async (c: StaffDiscountCode) => {
    if (!confirm(t('codes.expire_confirm', { code: c.code }))) return;
    setProblem(null);
    try {
      await staffSend('delete', '/api/staff/codes.php', { brand, code: c.code });
      await list.reload();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));
    }
  };

  return (
    <section aria-labelledby="codes-title">
      <div className="screen-head">
        <h1 id="codes-title">{t('codes.title')}</h1>
        <BrandFilter
          value={brand}
          onChange={(b) => {
            setEditing(null);
            setBrand(b);
          }}
          allowAll={false}
        />
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('codes.create')}
        </button>
      </div>
      {editing && (
        <CodeForm
          key={editing === 'new' ? 'new' : editing.code}
          brand={brand}
          code={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}
      <Problem message={problem} />
      <Problem message={list.error?.message} />
      {!list.data && !list.error && <Loading />}
      {list.data && list.data.codes.length === 0 && <p className="empty">{t('codes.empty')}</p>}
      {list.data && list.data.codes.length > 0 && (
        <CodesTable codes={list.data.codes} onEdit={setEditing} onExpire={(c) => void expire(c)} />
      )}
      <InviteCodes key={brand} brand={brand} />
    </section>
  );
}

/** The brand's discount codes, one row each with its edit and expire buttons. */
function CodesTable({
  codes,
  onEdit,
  onExpire,
}: {
  codes: StaffDiscountCode[];
  onEdit: (code: StaffDiscountCode) => void;
  onExpire: (code: StaffDiscountCode) => void;
}) {
  return (
    <TableWrap>
      <table data-testid="codes-table">
        <caption className="sr-only">{t('codes.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('codes.code')}</th>
            <th scope="col">{t('codes.percentage')}</th>
            <th scope="col">{t('codes.validity')}</th>
            <th scope="col">{t('codes.conditions')}</th>
            <th scope="col">{t('codes.expires')}</th>
            <th scope="col">{t('codes.uses')}</th>
            <th scope="col">{t('codes.revenue')}</th>
            <th scope="col">
              <span className="sr-only">{t('codes.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((c) => (
            <CodeRow key={c.code} code={c} onEdit={onEdit} onExpire={onExpire} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** One discount code: its terms, uses and revenue, and the buttons to edit it and (while it runs) expire it. */
function CodeRow({
  code: c,
  onEdit,
  onExpire,
}: {
  code: StaffDiscountCode;
  onEdit: (code: StaffDiscountCode) => void;
  onExpire: (code: StaffDiscountCode) => void;
}) {
  return (
    <tr className={c.expired ? 'is-expired' : undefined}>
      <th scope="row">
        <code>{c.code}</code>
      </th>
      <td>{c.value_percentage}%</td>
      <td>{t(`codes.validity_${c.validity}` as StaffKey)}</td>
      <td>{conditions(c)}</td>
      <td>
        {c.expired ? t('codes.expired') : c.expires ? <time dateTime={c.expires}>{formatDateTime(c.expires)}</time> : t('codes.never')}
      </td>
      <td>
        {c.uses}
        {c.reserved > 0 && <small> ({t('codes.reserved', { n: c.reserved })})</small>}
      </td>
      <td>{c.revenue.length ? c.revenue.map((r) => formatMoney(r.amount, r.currency)).join(', ') : '–'}</td>
      <td className="actions">
        <button type="button" className="btn btn-outline" onClick={() => onEdit(c)} aria-label={t('codes.edit', { code: c.code })}>
          {t('profiles.edit_short')}
        </button>
        {!c.expired && (
          <button type="button" className="btn btn-outline" onClick={() => onExpire(c)} aria-label={t('codes.expire_of', { code: c.code })}>
            {t('codes.expire')}
          </button>
        )}
      </td>
    </tr>
  );
}
