import { useState } from 'react';
import { brandName } from '../lib/boot';
import { useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';
import { AccountCard, type Done, ProfileCard } from './member-cards';
import { AuditTable, ComplaintsTable, LedgerTable, MandatesTable, OrdersTable } from './member-tables';

/**
 * Back office: one member. The account, profile and photos, credits, orders, mandates, conversation counts (never
 * their contents), complaints and the audit trail; the actions each ask for a reason (member-action.tsx).
 */
export function MemberScreen({ brand, id }: { brand: string; id: number }) {
  const detail = useStaffData('/api/staff/member.php', { brand, id });
  const [notice, setNotice] = useState<string | null>(null);
  const done: Done = (message) => () => {
    setNotice(message);
    void detail.reload();
  };
  if (detail.error) return <Problem message={detail.error.message} />;
  const d = detail.data;
  if (!d) return <Loading />;
  const a = d.account;
  return (
    <section aria-labelledby="member-title" className="member">
      <div className="screen-head">
        <h1 id="member-title">
          {d.profile.name || a.email}{' '}
          <small>
            #{a.id} · {brandName(a.brand)}
          </small>
        </h1>
      </div>
      <p role="status" aria-live="polite" className={notice ? 'alert alert-success' : 'sr-only'}>
        {notice}
      </p>

      <div className="member-grid">
        <AccountCard account={a} done={done} />
        <ProfileCard brand={a.brand} profile={d.profile} conversations={d.conversations} />
      </div>

      <OrdersTable brand={a.brand} orders={d.orders} refundDays={d.refund_days} done={done} />
      <LedgerTable ledger={d.ledger} />
      <MandatesTable mandates={d.mandates} />
      <ComplaintsTable complaints={d.complaints} />
      <AuditTable audit={d.audit} />
    </section>
  );
}
