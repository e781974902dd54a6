import { type ReactNode, useState } from 'react';
import { OPERATIONS_PERIODS, type OperationsPeriod, type OperationsRoute, OVER_LAST_BOUND } from '../../../core/schemas/staff-operations';
import { BrandFilter } from '../components/brand-filter';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';
import { brandName } from '../lib/boot';
import { formatCount, formatDateTime, type StaffKey, t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';

// Back office: the operations screen for owners (issue 48 item 7; README "Reading the operations screen"). How the
// running site does over the last 24 hours or 7 days: per brand and route the error rate and latency, what outside
// parties called, what failed going out (pushes, mails, postbacks), the answer queue now, the background jobs and the
// alert incidents. A table with nothing recorded says so ("no data yet"), never a row of zeros.

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const ms = (value: number | null) => (value === null ? '–' : value >= OVER_LAST_BOUND ? '> 5000 ms' : `≤ ${value} ms`);
const minutes = (value: number | null) => (value === null ? '–' : t('ops.minutes' as StaffKey, { count: Math.floor(value / 60_000) }));

function Section({ id, title, empty, children }: { id: string; title: StaffKey; empty: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`ops-${id}-title`} data-testid={`ops-${id}`}>
      <h2 id={`ops-${id}-title`}>{t(title)}</h2>
      {empty ? <p data-testid={`ops-${id}-empty`}>{t('ops.no_data')}</p> : <TableWrap>{children}</TableWrap>}
    </section>
  );
}

function RouteTable({ rows, caption }: { rows: OperationsRoute[]; caption: StaffKey }) {
  return (
    <table>
      <caption>{t(caption)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('ops.brand')}</th>
          <th scope="col">{t('ops.route')}</th>
          <th scope="col">{t('ops.requests')}</th>
          <th scope="col">{t('ops.errors')}</th>
          <th scope="col">{t('ops.refused')}</th>
          <th scope="col">{t('ops.p50')}</th>
          <th scope="col">{t('ops.p95')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.brand} ${r.route}`} data-testid="ops-route-row">
            <td>{brandName(r.brand)}</td>
            <th scope="row">
              <code>{r.route}</code>
            </th>
            <td>{formatCount(r.requests)}</td>
            <td className={r.error_rate >= 0.05 && r.errors > 0 ? 'alert-danger' : undefined}>
              {formatCount(r.errors)} ({percent(r.error_rate)})
            </td>
            <td>{formatCount(r.refused)}</td>
            <td>{ms(r.p50_ms)}</td>
            <td>{ms(r.p95_ms)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OperationsScreen() {
  const [brand, setBrand] = useState('');
  const [period, setPeriod] = useState<OperationsPeriod>('24h');
  const ops = useStaffData('/api/staff/operations.php', brand ? { brand, period } : { period });
  const d = ops.data;
  return (
    <section aria-labelledby="ops-title" data-testid="operations">
      <div className="screen-head">
        <h1 id="ops-title">{t('ops.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} />
      </div>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('ops.period')}{' '}
          <select value={period} onChange={(e) => setPeriod(e.target.value as OperationsPeriod)} data-testid="ops-period">
            {OPERATIONS_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`ops.period_${p}` as StaffKey)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <Problem message={ops.error?.message} />
      {!d && !ops.error && <Loading />}
      {d && (
        <>
          <p>{t('ops.since', { at: formatDateTime(d.since) })}</p>
          <Section id="routes" title="ops.routes_title" empty={d.routes.length === 0}>
            <RouteTable rows={d.routes} caption="ops.routes_caption" />
          </Section>
          <Section id="webhooks" title="ops.webhooks_title" empty={d.webhooks.length === 0}>
            <RouteTable rows={d.webhooks} caption="ops.webhooks_caption" />
          </Section>
          <Section id="queues" title="ops.queues_title" empty={d.queues.length === 0}>
            <table>
              <caption>{t('ops.queues_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.brand')}</th>
                  <th scope="col">{t('ops.oldest_wait')}</th>
                  <th scope="col">{t('ops.limit')}</th>
                </tr>
              </thead>
              <tbody>
                {d.queues.map((q) => (
                  <tr key={q.brand} data-testid={`ops-queue-${q.brand}`}>
                    <th scope="row">{brandName(q.brand)}</th>
                    <td className={q.wait_ms !== null && q.wait_ms > q.limit_minutes * 60_000 ? 'alert-danger' : undefined}>
                      {q.wait_ms === null ? t('ops.nobody_waits') : minutes(q.wait_ms)}
                    </td>
                    <td>{t('ops.minutes' as StaffKey, { count: q.limit_minutes })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section id="postbacks" title="ops.postbacks_title" empty={d.postbacks.length === 0}>
            <table>
              <caption>{t('ops.postbacks_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.brand')}</th>
                  <th scope="col">{t('ops.network')}</th>
                  <th scope="col">{t('ops.failed')}</th>
                  <th scope="col">{t('ops.retried')}</th>
                  <th scope="col">{t('ops.retrying')}</th>
                  <th scope="col">{t('ops.last_status')}</th>
                </tr>
              </thead>
              <tbody>
                {d.postbacks.map((p) => (
                  <tr key={`${p.brand} ${p.network_id}`}>
                    <td>{brandName(p.brand)}</td>
                    <th scope="row">{p.network}</th>
                    <td>{formatCount(p.failed)}</td>
                    <td>{formatCount(p.retried)}</td>
                    <td>{formatCount(p.retrying)}</td>
                    <td>{p.last_status_code ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section id="deliveries" title="ops.deliveries_title" empty={d.mails.length === 0 && d.pushes.length === 0}>
            <table>
              <caption>{t('ops.deliveries_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.brand')}</th>
                  <th scope="col">{t('ops.mails_failed')}</th>
                  <th scope="col">{t('ops.pushes_sent')}</th>
                  <th scope="col">{t('ops.pushes_refused')}</th>
                  <th scope="col">{t('ops.pushes_failed')}</th>
                </tr>
              </thead>
              <tbody>
                {d.brands
                  .filter((b) => d.mails.some((m) => m.brand === b) || d.pushes.some((p) => p.brand === b))
                  .map((b) => {
                    const mail = d.mails.find((m) => m.brand === b);
                    const push = d.pushes.find((p) => p.brand === b);
                    return (
                      <tr key={b}>
                        <th scope="row">{brandName(b)}</th>
                        <td>
                          {formatCount(mail?.failed ?? 0)}
                          {mail?.last_failed_at && <small> · {formatDateTime(mail.last_failed_at)}</small>}
                        </td>
                        <td>{push ? formatCount(push.sent) : '–'}</td>
                        <td>{push ? formatCount(push.refused) : '–'}</td>
                        <td>{push ? formatCount(push.failed) : '–'}</td>
                      </tr>
                    );
                  })}
              </tbody>
            </table>
          </Section>
          <Section id="jobs" title="ops.jobs_title" empty={d.jobs.length === 0}>
            <table>
              <caption>{t('ops.jobs_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.job')}</th>
                  <th scope="col">{t('ops.started')}</th>
                  <th scope="col">{t('ops.duration')}</th>
                  <th scope="col">{t('ops.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {d.jobs.map((j) => (
                  <tr key={`${j.name} ${j.started_at}`}>
                    <th scope="row">
                      {j.name}
                      {j.cron && <small> · {j.cron}</small>}
                    </th>
                    <td>{formatDateTime(j.started_at)}</td>
                    <td>{formatCount(j.duration_ms)} ms</td>
                    <td className={j.outcome === 'failed' ? 'alert-danger' : undefined}>{t(`ops.outcome_${j.outcome}` as StaffKey)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section id="incidents" title="ops.incidents_title" empty={d.incidents.length === 0}>
            <table>
              <caption>{t('ops.incidents_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.brand')}</th>
                  <th scope="col">{t('ops.incident')}</th>
                  <th scope="col">{t('ops.opened')}</th>
                  <th scope="col">{t('ops.closed')}</th>
                </tr>
              </thead>
              <tbody>
                {d.incidents.map((i) => (
                  <tr key={`${i.brand} ${i.key} ${i.opened_at}`}>
                    <td>{brandName(i.brand)}</td>
                    <th scope="row">
                      {t(`ops.kind_${i.kind}` as StaffKey)} <small>{i.key}</small>
                    </th>
                    <td>{formatDateTime(i.opened_at)}</td>
                    <td>{i.closed_at ? formatDateTime(i.closed_at) : <strong>{t('ops.still_open')}</strong>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
        </>
      )}
    </section>
  );
}
