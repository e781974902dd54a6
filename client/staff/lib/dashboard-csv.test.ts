import { describe, expect, it } from 'vitest';
import { toCsv } from './dashboard-csv';

describe('the dashboard CSV', () => {
  it('has a header, one row per day, empty cells for days without a value and quotes where needed', () => {
    const csv = toCsv(
      'Day',
      ['2026-06-13', '2026-06-14'],
      [
        { label: 'Signups', values: [3, 0] },
        { label: 'Median, s', values: [3, null] },
      ],
    );
    expect(csv).toBe('Day,Signups,"Median, s"\r\n2026-06-13,3,3\r\n2026-06-14,0,\r\n');
  });

  it("writes a column's cells in the unit its CSV heading names", () => {
    const csv = toCsv(
      'Day',
      ['2026-06-13', '2026-06-14'],
      [
        { label: 'Revenue (EUR)', values: [11995, null], csv: { label: 'Revenue (EUR)', value: (v) => (v / 100).toFixed(2) } },
        { label: 'Median', values: [2500, 0], csv: { label: 'Median (s)', value: (v) => (v / 1000).toFixed(1) } },
      ],
    );
    expect(csv).toBe('Day,Revenue (EUR),Median (s)\r\n2026-06-13,119.95,2.5\r\n2026-06-14,,0.0\r\n');
  });
});
