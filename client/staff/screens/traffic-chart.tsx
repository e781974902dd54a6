import { useMemo } from 'react';
import type { TrafficRow } from '../../../core/schemas/traffic';
import type { Column } from '../lib/dashboard-csv';
import { formatCount, t, type StaffKey } from '../lib/i18n';
import { DashboardChart } from './dashboard-chart';

const SERIES = ['clicks', 'signups', 'confirmed', 'first_purchases', 'repeat_purchases'] as const;
const formatNumber = (v: number) => formatCount(Math.round(v));

/** The funnel per day of the period as the figures dashboard draws it (its chart, with its table and CSV). */
export function TrafficChart({ rows, from, to, file }: { rows: TrafficRow[]; from: string; to: string; file: string }) {
  const { days, columns } = useMemo(() => {
    const days: string[] = [];
    for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`) && days.length < 92; d += 86_400_000)
      days.push(new Date(d).toISOString().slice(0, 10));
    const byDay = new Map(rows.map((r) => [r.key, r]));
    // A day without a row had no clicks or conversions: 0, not unknown (the funnel counts every day it covers).
    const columns: Column[] = SERIES.map((k) => ({
      label: t(`traffic.${k}` as StaffKey),
      values: days.map((d) => byDay.get(d)?.[k] ?? 0),
    }));
    return { days, columns };
  }, [rows, from, to]);
  return <DashboardChart id="traffic-funnel" title={t('traffic.chart')} days={days} columns={columns} format={formatNumber} file={file} />;
}
