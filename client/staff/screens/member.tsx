import { useState } from 'react';
import { MemberAction } from '../components/member-action';
import { Thumb } from '../components/photo';
import { brandName } from '../lib/boot';
import { formatDateTime, formatMoney, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { valueLabel } from '../lib/value-label';
import { Loading, Problem } from '../components/notice';

/**
 * Back office: one member. The account, profile and photos, credits, orders, mandates, conversation counts (never
 * their contents), complaints and the audit trail; the actions each ask for a reason (member-action.tsx).
 */
export function MemberScreen({ brand, id }: { brand: string; id: number }) {
  const detail = useStaffData('/api/staff/member.php', { brand, id });
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => () => {
    setNotice(message);
    void detail.reload();
  };
  if (detail.error) return <Problem message={detail.error.message} />;
  const d = detail.data;
  if (!d) return <Loading />;
  const a = d.account;
  const on = { brand: a.brand, member_id: a.id };
  const gone = a.status === 'deleted';
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
        <section className="card" aria-labelledby="m-account">
          <h2 id="m-account">{t('member.account')}</h2>
          <dl className="facts">
            <dt>{t('members.email')}</dt>
            <dd>{a.email}</dd>
            <dt>{t('members.status')}</dt>
            <dd data-testid="member-status">
              {t(`member.status.${a.status}` as 'member.status.confirmed')}
              {a.blocked_at && (
                <>
                  {' '}
                  · <strong>{t('member.blocked')}</strong> ({formatDateTime(a.blocked_at)}: {a.blocked_reason})
                </>
              )}
            </dd>
            <dt>{t('members.signup')}</dt>
            <dd>{formatDateTime(a.signup_date)}</dd>
            <dt>{t('member.source')}</dt>
            <dd>
              {a.source
                ? Object.entries(a.source)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', ')
                : t('member.direct')}
              {a.invite_code && ` · ${t('member.invite', { code: a.invite_code })}`}
            </dd>
            <dt>{t('member.language')}</dt>
            <dd>{a.language ?? '–'}</dd>
            <dt>{t('member.country')}</dt>
            <dd>{a.country}</dd>
            <dt>{t('member.premium')}</dt>
            <dd>{a.premium ? t('member.yes') : t('member.no')}</dd>
            <dt>{t('members.credits')}</dt>
            <dd data-testid="member-credits">{a.credits}</dd>
            <dt>{t('member.directdebit')}</dt>
            <dd>{a.directdebit_blocked ? t('member.directdebit_blocked') : t('member.directdebit_allowed')}</dd>
          </dl>
          {!gone && (
            <div className="row" role="group" aria-label={t('member.actions')}>
              <MemberAction
                label={t('member.adjust')}
                explain={t('member.adjust_explain')}
                path="/api/staff/credits.php"
                method="post"
                body={on}
                withDelta
                onDone={done(t('member.adjusted'))}
              />
              {a.blocked_at ? (
                <MemberAction
                  label={t('member.unblock')}
                  explain={t('member.unblock_explain')}
                  path="/api/staff/block.php"
                  method="delete"
                  body={on}
                  onDone={done(t('member.unblocked'))}
                />
              ) : (
                <MemberAction
                  label={t('member.block')}
                  explain={t('member.block_explain')}
                  path="/api/staff/block.php"
                  method="post"
                  body={on}
                  danger
                  onDone={done(t('member.blocked_done'))}
                />
              )}
              {a.directdebit_blocked ? (
                <MemberAction
                  label={t('member.dd_unblock')}
                  explain={t('member.dd_unblock_explain')}
                  path="/api/staff/directdebit-block.php"
                  method="delete"
                  body={on}
                  onDone={done(t('member.done'))}
                />
              ) : (
                <MemberAction
                  label={t('member.dd_block')}
                  explain={t('member.dd_block_explain')}
                  path="/api/staff/directdebit-block.php"
                  method="post"
                  body={on}
                  danger
                  onDone={done(t('member.done'))}
                />
              )}
              {a.status === 'not_confirmed' && !a.blocked_at && (
                <MemberAction
                  label={t('member.resend')}
                  explain={t('member.resend_explain')}
                  path="/api/staff/resend-activation.php"
                  method="post"
                  body={on}
                  onDone={done(t('member.resent'))}
                />
              )}
              <MemberAction
                label={t('member.end_sessions')}
                explain={t('member.end_sessions_explain')}
                path="/api/staff/member-sessions.php"
                method="delete"
                body={on}
                danger
                onDone={done(t('member.done'))}
              />
              <MemberAction
                label={t('member.delete')}
                explain={t('member.delete_explain')}
                path="/api/staff/member.php"
                method="delete"
                body={on}
                danger
                onDone={done(t('member.deleted'))}
              />
            </div>
          )}
        </section>

        <section className="card" aria-labelledby="m-profile">
          <h2 id="m-profile">{t('member.profile')}</h2>
          <p>
            {[
              d.profile.name,
              valueLabel('gender', d.profile.gender),
              d.profile.birthdate,
              d.profile.city,
              valueLabel('profile_status', d.profile.status),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {d.profile.about && <p className="about">{d.profile.about}</p>}
          <ul className="photos">
            {d.profile.photos.map((p) => (
              <li key={p.id}>
                <Thumb
                  brand={a.brand}
                  image={p}
                  alt={t('member.photo_alt', { name: d.profile.name, status: valueLabel('photo_status', p.status) })}
                />
              </li>
            ))}
          </ul>
          <h3>{t('member.conversations')}</h3>
          <p>
            {t('member.conversation_counts', {
              members: d.conversations.with_members,
              fictional: d.conversations.with_fictional,
              sent: d.conversations.messages_sent,
            })}
          </p>
        </section>
      </div>

      <div className="table-wrap">
        <table>
          <caption>{t('member.orders', { days: d.refund_days })}</caption>
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
            {d.orders.map((o) => (
              <tr key={o.id} data-testid={`order-${o.id}`}>
                <td>{o.id}</td>
                <td>
                  {valueLabel('order_status', o.status)}
                  {o.refund_reason && ` (${valueLabel('refund_reason', o.refund_reason)})`}
                </td>
                <td>{formatMoney(o.amount, o.currency)}</td>
                <td>{o.credits}</td>
                <td>{valueLabel('payment_method', o.method)}</td>
                <td>{o.paid_at ? formatDateTime(o.paid_at) : '–'}</td>
                <td>
                  {o.refundable && (
                    <MemberAction
                      label={t('member.refund', { id: o.id })}
                      explain={t('member.refund_explain', { amount: formatMoney(o.amount, o.currency), credits: o.credits })}
                      path="/api/staff/refund.php"
                      method="post"
                      body={{ brand: a.brand, order_id: o.id }}
                      danger
                      onDone={(r) => done(t('member.refunded', { credits: r.credits_taken_back }))()}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {d.orders.length === 0 && <p className="empty">{t('member.none')}</p>}
      </div>

      <div className="table-wrap">
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
            {d.ledger.map((l) => (
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
      </div>

      <div className="table-wrap">
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
            {d.mandates.map((m) => (
              <tr key={m.id}>
                <td>{m.method}</td>
                <td>{m.label}</td>
                <td>{valueLabel('mandate_status', m.status)}</td>
                <td>{formatDateTime(m.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {d.mandates.length === 0 && <p className="empty">{t('member.none')}</p>}
      </div>

      <div className="table-wrap">
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
            {d.complaints.map((c) => (
              <tr key={c.id}>
                <td>{c.id}</td>
                <td>{c.subject}</td>
                <td>{valueLabel('complaint_status', c.status)}</td>
                <td>{formatDateTime(c.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {d.complaints.length === 0 && <p className="empty">{t('member.none')}</p>}
      </div>

      <div className="table-wrap">
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
            {d.audit.map((e) => (
              <tr key={e.id}>
                <td>{formatDateTime(e.created_at)}</td>
                <td>{e.staff ?? '–'}</td>
                <td>{valueLabel('audit_action', e.action)}</td>
                <td>{String(e.detail?.reason ?? '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {d.audit.length === 0 && <p className="empty">{t('member.none')}</p>}
      </div>
    </section>
  );
}
