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
});
