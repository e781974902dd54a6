import type { StaffMemberDetail } from '../../../core/schemas/staff-back-office-answers';
import { MemberAction } from '../components/member-action';
import { formatDateTime, formatMoney, t } from '../lib/i18n';
import { mandateWords, methodWords, providerWords } from '../lib/payment-words';
import { labelOr, valueLabel } from '../lib/value-label';
import type { Done } from './member-cards';
import { TableWrap } from '../components/table-wrap';

/** The member's orders, each paid one inside the refund days with its refund action. */
export function OrdersTable({
  brand,
  orders,
  refundDays,
  done,
}: {
  brand: string;
  orders: StaffMemberDetail['orders'];
  refundDays: number;
  done: Done;
}) {
  return (
    <TableWrap>
      <table>
        <caption>{t('member.orders', { days: refundDays })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('members.status')}</th>
            <th scope="col">{t('member.amount')}</th>
            <th scope="col">{t('members.credits')}</th>
            <th scope="col">{t('member.method')}</th>
            <th scope="col">{t('member.paid_at')}</th>
            <th scope="col">
              <span className="sr-only">{t('member.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} data-testid={`order-${o.id}`}>
              <td>{o.id}</td>
              <td>
                {valueLabel('order_status', o.status)}
                {o.refund_reason && ` (${valueLabel('refund_reason', o.refund_reason)})`}
              </td>
              <td>{formatMoney(o.amount, o.currency)}</td>
              <td>{o.credits}</td>
              <td>{methodWords(o.method, labelOr)}</td>
              <td>{o.paid_at ? formatDateTime(o.paid_at) : '–'}</td>
              <td>
                {o.refundable && (
                  <MemberAction
                    label={t('member.refund', { id: o.id })}
                    explain={t('member.refund_explain', { amount: formatMoney(o.amount, o.currency), credits: o.credits })}
                    path="/api/staff/refund.php"
                    method="post"
                    body={{ brand, order_id: o.id }}
                    danger
                    onDone={(r) => done(t('member.refunded', { credits: r.credits_taken_back }))()}
                  />
                )}
                {o.paid_at && (
                  // Issue 44 item 5: the ZIP for a chargeback's representment (the download is audited).
                  <a
                    className="btn btn-link"
                    href={`/api/staff/evidence.php?${new URLSearchParams({ brand, order_id: String(o.id) })}`}
                    download
                    title={t('member.evidence_title', { id: o.id })}
                  >
                    {t('member.evidence')}
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {orders.length === 0 && <p className="empty">{t('member.none')}</p>}
    </TableWrap>
  );
}

/** The member's credit ledger: every grant and spend. */
export function LedgerTable({ ledger }: { ledger: StaffMemberDetail['ledger'] }) {
  return (
    <TableWrap>
      <table>
        <caption>{t('member.ledger')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('member.when')}</th>
            <th scope="col">{t('member.delta')}</th>
            <th scope="col">{t('member.kind')}</th>
            <th scope="col">{t('member.ref')}</th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((l) => (
            <tr key={l.id}>
              <td>{formatDateTime(l.created_at)}</td>
              <td>{l.delta > 0 ? `+${l.delta}` : l.delta}</td>
              <td>{valueLabel('ledger_reason', l.reason)}</td>
              <td>
                <code>{l.ref}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The member's payment mandates (direct debit and the like). */
export function MandatesTable({ mandates }: { mandates: StaffMemberDetail['mandates'] }) {
  return (
    <TableWrap>
      <table>
        <caption>{t('member.mandates')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('member.method')}</th>
            <th scope="col">{t('member.label')}</th>
            <th scope="col">{t('members.status')}</th>
            <th scope="col">{t('member.when')}</th>
          </tr>
        </thead>
        <tbody>
          {mandates.map((m) => (
            <tr key={m.id}>
              <td>
                {methodWords(m.method, labelOr)} <small>({providerWords(m.provider, labelOr)})</small>
              </td>
              <td>{mandateWords(m.label, labelOr)}</td>
              <td>{valueLabel('mandate_status', m.status)}</td>
              <td>{formatDateTime(m.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {mandates.length === 0 && <p className="empty">{t('member.none')}</p>}
    </TableWrap>
  );
}

/** The member's complaints. */
export function ComplaintsTable({ complaints }: { complaints: StaffMemberDetail['complaints'] }) {
  return (
    <TableWrap>
      <table>
        <caption>{t('member.complaints')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('member.subject')}</th>
            <th scope="col">{t('members.status')}</th>
            <th scope="col">{t('member.when')}</th>
          </tr>
        </thead>
        <tbody>
          {complaints.map((c) => (
            <tr key={c.id}>
              <td>{c.id}</td>
              <td>{c.subject}</td>
              <td>{valueLabel('complaint_status', c.status)}</td>
              <td>{formatDateTime(c.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {complaints.length === 0 && <p className="empty">{t('member.none')}</p>}
    </TableWrap>
  );
}

/** What staff did to this member, with the reason they gave. */
export function AuditTable({ audit }: { audit: StaffMemberDetail['audit'] }) {
  return (
    <TableWrap>
      <table>
        <caption>{t('member.audit')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('member.when')}</th>
            <th scope="col">{t('member.staff')}</th>
            <th scope="col">{t('member.action')}</th>
            <th scope="col">{t('member.audit_reason')}</th>
          </tr>
        </thead>
        <tbody>
          {audit.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.created_at)}</td>
              <td>{e.staff ?? '–'}</td>
              <td>{valueLabel('audit_action', e.action)}</td>
              <td>{String(e.detail?.reason ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {audit.length === 0 && <p className="empty">{t('member.none')}</p>}
    </TableWrap>
  );
}
