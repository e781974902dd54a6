import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { downloadCsv, toCsv, type Column } from '../lib/dashboard-csv';
import { hasFigures } from '../lib/dashboard-days';
import { formatDay, t } from '../lib/i18n';
import { TableWrap } from '../components/table-wrap';

const COLOURS = ['#6d28d9', '#0a7d4f', '#c2410c', '#0369a1', '#b91c1c', '#4d7c0f'];

interface ChartProps {
  id: string;
  title: string;
  days: string[];
  columns: Column[];
  /** How a value is written in the table (and the chart's axis and legend). */
  format: (value: number) => string;
  /** The CSV's file name, without .csv. */
  file: string;
}

/**
 * One chart of the dashboard (uPlot, drawn on a canvas) with its text alternative: a table of the same numbers
 * under a disclosure, and the CSV download of exactly those numbers. The canvas is hidden from screen readers;
 * the table is what they read.
 */
export function DashboardChart({ id, title, days, columns, format, file }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const known = hasFigures(columns);
  // One day is a table, not a chart of one dot per series (issue 46, item 8).
  const drawn = known && days.length > 1;
  useEffect(() => {
    const el = box.current;
    if (!el || !drawn) return;
    const lastDay = days.findLastIndex((_, i) => columns.some((c) => c.values[i] !== null));
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        axes: [
          { values: (_, ticks) => ticks.map((ts) => formatDay(new Date(ts * 1000))) },
          { values: (_, ticks) => ticks.map((v) => format(v)), size: 70 },
        ],
        series: [
          // While no day is pointed at, the legend shows the last day with figures, not dashes.
          {
            label: t('dashboard.day'),
            value: (_: uPlot, ts: number | null, _s: number, idx: number | null) =>
              idx === null ? formatDay(new Date(`${days[lastDay]}T00:00:00Z`)) : ts === null ? '–' : formatDay(new Date(ts * 1000)),
          },
          ...columns.map((c, i) => ({
            label: c.label,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            // A day with figures between days without (before the daily roll-up has run) is a dot, not nothing.
            points: { show: true, size: 5, fill: COLOURS[i % COLOURS.length] },
            value: (_: uPlot, v: number | null, _s: number, idx: number | null) => {
              const shown = idx === null ? c.values[lastDay] : v;
              return shown === null ? '–' : format(shown);
            },
          })),
        ],
      },
      [xs, ...columns.map((c) => c.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, columns, format, drawn]);

  return (
    <figure className="chart card" aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <div className="screen-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {known && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => downloadCsv(`${file}.csv`, toCsv(t('dashboard.day'), days, columns))}
          >
            {t('dashboard.csv')}
          </button>
        )}
      </div>
      {!known && (
        <p className="empty" data-testid={`no-data-${id}`}>
          {t('dashboard.no_data')}
        </p>
      )}
      {drawn && <div ref={box} aria-hidden="true" />}
      {known && (
        <details open={!drawn}>
          <summary>{t('dashboard.table', { title })}</summary>
          <TableWrap>
            <table>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.day')}</th>
                  {columns.map((c) => (
                    <th scope="col" key={c.label}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((day, i) => (
                  <tr key={day}>
                    <th scope="row">{day}</th>
                    {columns.map((c) => (
                      <td key={c.label}>{c.values[i] === null ? '–' : format(c.values[i]!)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </details>
      )}
    </figure>
  );
}
