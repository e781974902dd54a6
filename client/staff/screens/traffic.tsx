import { useState } from 'react';
import { TRAFFIC_DIMENSIONS } from '../../../core/schemas/traffic';
import { BrandFilter, useDefaultBrand } from '../components/brand-filter';
import { Loading, Problem } from '../components/notice';
import { downloadCsv } from '../lib/dashboard-csv';
import { TRAFFIC_COUNTS as COUNTS } from '../../../core/schemas/traffic';
import { trafficCsv } from '../lib/traffic-csv';
import { formatCount, formatDateTime, formatMoney, t, type StaffKey } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';
import { TrafficNetworks } from './traffic-networks';
import { TableWrap } from '../components/table-wrap';
import { TrafficChart } from './traffic-chart';
import { TrafficPayouts } from './traffic-payouts';

// Back office: paid traffic (issue 47 item 5). The funnel by one dimension over a period (default the last 30 days),
// as a table with bars for clicks and CSV export, the funnel per day as the dashboard's chart, the payout per network
// and month, and the brand's networks below it.

type Dimension = (typeof TRAFFIC_DIMENSIONS)[number];
const day = (d: Date) => d.toISOString().slice(0, 10);

export function TrafficScreen() {
  const [brand, setBrand] = useState(useDefaultBrand());
  const [by, setBy] = useState<Dimension>('network');
  const [from, setFrom] = useState(day(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(day(new Date()));
  // Nothing is asked before a brand is chosen (the filter offers no "all brands" here).
  const funnel = useStaffData(brand ? '/api/staff/traffic.php' : null, { brand, by, from, to });
  // The chart is per day whatever the table is by (the same answer when the table is by day).
  const perDay = useStaffData(brand && by !== 'day' ? '/api/staff/traffic.php' : null, { brand, by: 'day', from, to });
  const dayRows = by === 'day' ? funnel.data?.rows : perDay.data?.rows;
  const rows = funnel.data?.rows ?? [];
  const most = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <section aria-labelledby="traffic-title" data-testid="traffic">
      <div className="screen-head">
        <h1 id="traffic-title">{t('traffic.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} allowAll={false} />
      </div>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('traffic.by')}{' '}
          <select value={by} onChange={(e) => setBy(e.target.value as Dimension)}>
            {TRAFFIC_DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {t(`traffic.dim_${d}` as StaffKey)}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t('traffic.from')} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>{' '}
        <label>
          {t('traffic.to')} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>{' '}
        <button
          type="button"
          className="btn"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(`traffic-${brand}-${by}-${from}-${to}.csv`, trafficCsv(by, rows))}
        >
          {t('traffic.csv')}
        </button>
      </form>
      <Problem message={funnel.error?.message} />
      {!funnel.data && !funnel.error && <Loading />}
      {funnel.data && (
        <p data-testid="traffic-note">
          {funnel.data.rolled_up_at ? t('traffic.rolled', { at: formatDateTime(funnel.data.rolled_up_at) }) : t('traffic.not_rolled')}
        </p>
      )}
      {funnel.data && rows.length === 0 && <p className="empty">{t('traffic.empty')}</p>}
      {rows.length > 0 && dayRows && (
        <TrafficChart key={`${brand}-${from}-${to}`} rows={dayRows} from={from} to={to} file={`traffic-${brand}-day-${from}-${to}`} />
      )}
      {rows.length > 0 && (
        <TableWrap>
          <table data-testid="traffic-table">
            <caption>{t('traffic.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`traffic.dim_${by}` as StaffKey)}</th>
                {COUNTS.map((k) => (
                  <th key={k} scope="col">
                    {t(`traffic.${k}` as StaffKey)}
                  </th>
                ))}
                <th scope="col">{t('traffic.revenue')}</th>
                <th scope="col">{t('traffic.epc')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">
                    {r.key || t('traffic.unknown')}
                    {/* A bar for the clicks: the chart of the table, readable without colour by the number beside it. */}
                    <span
                      aria-hidden="true"
                      style={{
                        display: 'block',
                        height: 4,
                        background: 'var(--color-primary, #b0306a)',
                        width: `${(100 * r.clicks) / most}%`,
                      }}
                    />
                  </th>
                  {COUNTS.map((k) => (
                    <td key={k} data-testid={`traffic-${k}`}>
                      {formatCount(r[k])}
                    </td>
                  ))}
                  <td>
                    {r.revenue.map((m) => `${formatMoney(m.gross, m.currency)} / ${formatMoney(m.net, m.currency)}`).join(', ') || '-'}
                  </td>
                  <td>{r.clicks ? r.revenue.map((m) => formatMoney(Math.round(m.net / r.clicks), m.currency)).join(', ') || '-' : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {funnel.data && <TrafficPayouts payouts={funnel.data.payouts} file={`payouts-${brand}-${from}-${to}`} />}
      <TrafficNetworks key={brand} brand={brand} />
    </section>
  );
}
