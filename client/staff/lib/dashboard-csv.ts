/** One column of a chart's data: a heading and one value per day (null: no value that day). */
export interface Column {
  label: string;
  values: (number | null)[];
  /** In the CSV: the value in the unit its heading names (money in major units, times in seconds), else as is. */
  csv?: { label?: string; value: (v: number) => string };
}

const cell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A chart's data as CSV (RFC 4180: comma, CRLF, quotes where needed): a header row, then one row per day; a day
 * without a value is an empty cell, never a made-up 0.
 */
export function toCsv(dayLabel: string, days: string[], columns: Column[]): string {
  const rows = [[dayLabel, ...columns.map((c) => c.csv?.label ?? c.label)].map(cell).join(',')];
  const value = (c: Column, v: number | null) => (v === null ? '' : (c.csv?.value ?? String)(v));
  days.forEach((day, i) => rows.push([day, ...columns.map((c) => value(c, c.values[i]))].map(cell).join(',')));
  return `${rows.join('\r\n')}\r\n`;
}

/** Offers `csv` as a file download (a Blob URL, revoked right after). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
