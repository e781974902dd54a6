import { useMemo, useState } from 'react';
import type { Dashboard } from '../../../core/schemas/staff-back-office-answers';
import { TransparencyTable } from './dashboard-transparency';
import type { StaffMe } from '../../../core/schemas/staff-answers';
import { DASHBOARD_DAYS } from '../../../core/schemas/staff-dashboard';
import { brandName } from '../lib/boot';
import type { Column } from '../lib/dashboard-csv';
import { daysWithData } from '../lib/dashboard-days';
import { formatCount, formatDateTime, formatDay, formatMoney, t } from '../lib/i18n';
import { useMe } from '../lib/me';
import { formatDuration } from '../lib/time';
import { useStaffData } from '../lib/use-data';
import { DashboardChart } from './dashboard-chart';
import { SchemeHealthTable } from './scheme-health';
import { Loading, Problem } from '../components/notice';

/** The brands whose figures the staff member may see (admin or owner there); '' is the deployment, for owners. */
function scopes(me: StaffMe): string[] {
  const owner = me.roles.some((r) => r.brand === '*' && r.role === 'owner');
  const admin = me.brands.filter((b) => owner || me.roles.some((r) => r.brand === b.id && r.role === 'admin')).map((b) => b.id);
  return owner ? ['', ...admin] : admin;
}

const count = formatCount;
const seconds = (ms: number) => formatDuration(ms);
// The CSV's cells are plain numbers a spreadsheet reads: amounts in major units (cents / 100), times in seconds.
const major = (minor: number) => (minor / 100).toFixed(2);
const inSeconds = (c: Column): Column => ({ ...c, csv: { label: `${c.label} (s)`, value: (ms) => (ms / 1000).toFixed(1) } });

/** The charts of one answer: members, revenue per currency (alphabetical), messages and answer times. */
function dashboardCharts(d: Dashboard) {
  const s = d.series;
  const col = (key: Parameters<typeof t>[0], values: (number | null)[]): Column => ({ label: t(key), values });
  const money = (currency: string) => (minor: number) => formatMoney(minor, currency);
  return [
    {
      id: 'members',
      title: t('dashboard.members'),
      format: count,
      columns: [
        col('dashboard.signups', s.signups),
        col('dashboard.activations', s.activations),
        col('dashboard.first_purchases', s.first_purchases),
        col('dashboard.paying_members', s.paying_members),
      ],
    },
    ...Object.entries(d.revenue)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, values]) => ({
        id: `revenue-${currency.toLowerCase()}`,
        title: t('dashboard.revenue', { currency }),
        format: money(currency),
        columns: [
          {
            label: t('dashboard.revenue_net', { currency }),
            values,
            csv: { label: t('dashboard.revenue_net', { currency }), value: major },
          },
        ],
      })),
    {
      id: 'messages',
      title: t('dashboard.messages'),
      format: count,
      columns: [
        col('dashboard.messages_members', s.messages_members),
        col('dashboard.messages_staff', s.messages_staff),
        col('dashboard.answered', s.answered),
      ],
    },
    {
      id: 'answer-time',
      title: t('dashboard.answer_time'),
      format: seconds,
      columns: [inSeconds(col('dashboard.median', s.answer_ms_median)), inSeconds(col('dashboard.p90', s.answer_ms_p90))],
    },
  ];
}

interface HeadProps {
  choices: string[];
  scope: string;
  setScope: (scope: string) => void;
  from: string;
  setFrom: (from: string) => void;
  to: string;
  setTo: (to: string) => void;
  /** The answer shown, whose range fills the date pickers until one is chosen. */
  d: Dashboard | undefined;
}

/** The screen's title with its filters: the brand (when there is a choice) and the range of days. */
function DashboardHead({ choices, scope, setScope, from, setFrom, to, setTo, d }: HeadProps) {
  // The range the server accepts (DASHBOARD_DAYS up to today, UTC): the date pickers offer nothing else.
  const today = new Date().toISOString().slice(0, 10);
  const oldest = new Date(Date.now() - (DASHBOARD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return (
    <div className="screen-head">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      {choices.length > 1 && (
        <div className="field inline">
          <label htmlFor="dashboard-scope">{t('filter.brand')}</label>
          <select id="dashboard-scope" value={scope} onChange={(e) => setScope(e.target.value)}>
            {choices.map((b) => (
              <option key={b} value={b}>
                {b ? brandName(b) : t('dashboard.deployment')}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field inline">
        <label htmlFor="dashboard-from">{t('dashboard.from')}</label>
        <input
          id="dashboard-from"
          type="date"
          min={oldest}
          max={today}
          value={from || d?.from || ''}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="field inline">
        <label htmlFor="dashboard-to">{t('dashboard.to')}</label>
        <input id="dashboard-to" type="date" min={oldest} max={today} value={to || d?.to || ''} onChange={(e) => setTo(e.target.value)} />
      </div>
    </div>
  );
}

/**
 * Back office figures (issue 15, item 5): per day for the chosen range (at most the last 90 days) signups,
 * activations, first purchases, paying members, revenue per currency, messages (members and staff apart) and the
 * operators' answer time, for one brand or the whole deployment; today is live. Loaded as its own chunk with uPlot.
 */
export default function DashboardScreen() {
  const me = useMe();
  const choices = scopes(me);
  const [scope, setScope] = useState(choices[0] ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const figures = useStaffData('/api/staff/dashboard.php', { brand: scope, from, to });
  const d = figures.data;
  // Only the days from the first with figures (issue 46, item 8): a young brand has few.
  const shown = useMemo(() => (d ? daysWithData(d) : null), [d]);
  const charts = useMemo(() => (shown ? dashboardCharts(shown) : []), [shown]);
  const scopeName = scope ? brandName(scope) : t('dashboard.deployment');

  return (
    <section aria-labelledby="dashboard-title">
      <DashboardHead choices={choices} scope={scope} setScope={setScope} from={from} setFrom={setFrom} to={to} setTo={setTo} d={d} />
      {choices.length === 0 && <Problem message={t('dashboard.no_access')} />}
      {figures.error && <Problem message={[figures.error.message, ...Object.values(figures.error.fields ?? {})].join(' ')} />}
      {!d && !figures.error && <Loading />}
      {d && (
        <>
          <p data-testid="dashboard-note">
            {t('dashboard.note', {
              scope: scopeName,
              live: formatDateTime(d.live_at),
              rolled: d.rolled_up_at ? formatDateTime(d.rolled_up_at) : '–',
            })}
          </p>
          {!shown && (
            <p className="empty" data-testid="dashboard-no-data">
              {t('dashboard.no_data_range', { scope: scopeName })}
            </p>
          )}
          {shown && shown.days.length < d.days.length && (
            <p data-testid="dashboard-since">{t('dashboard.since', { from: formatDay(new Date(`${shown.days[0]}T00:00:00Z`)) })}</p>
          )}
          {shown &&
            charts.map((c) => (
              <DashboardChart
                key={`${c.id}-${d.from}-${d.to}-${scope}`}
                id={c.id}
                title={c.title}
                days={shown.days}
                columns={c.columns}
                format={c.format}
                file={`figures-${scope || 'all'}-${c.id}-${d.from}-${d.to}`}
              />
            ))}
          <TransparencyTable brand={scope} />
        </>
      )}
      {choices.length > 0 && <SchemeHealthTable scope={scope} />}
    </section>
  );
}
