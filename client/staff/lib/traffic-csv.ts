import { TRAFFIC_COUNTS, type TRAFFIC_DIMENSIONS, type TrafficPayout, type TrafficRow } from '../../../core/schemas/traffic';

const COUNTS = TRAFFIC_COUNTS;

const cell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The table as CSV (RFC 4180): money per currency in major units, earnings per click from net revenue. */
export function trafficCsv(by: (typeof TRAFFIC_DIMENSIONS)[number], rows: TrafficRow[]): string {
  const currencies = [...new Set(rows.flatMap((r) => r.revenue.map((m) => m.currency)))].sort();
  const head = [by, ...COUNTS, ...currencies.flatMap((c) => [`gross_${c}`, `net_${c}`, `epc_${c}`])];
  const lines = rows.map((r) => [
    r.key,
    ...COUNTS.map((k) => String(r[k])),
    ...currencies.flatMap((c) => {
      const m = r.revenue.find((x) => x.currency === c);
      return m ? [(m.gross / 100).toFixed(2), (m.net / 100).toFixed(2), r.clicks ? (m.net / 100 / r.clicks).toFixed(4) : ''] : ['', '', ''];
    }),
  ]);
  return `${[head, ...lines].map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** The payout per network and month as CSV: amounts in major units of their currency. */
export function payoutsCsv(payouts: TrafficPayout[]): string {
  const head = ['network', 'month', 'currency', 'leads', 'sales', 'reversed_sales', 'owed', 'held'];
  const lines = payouts.map((p) => [
    p.network,
    p.month,
    p.currency,
    String(p.leads),
    String(p.sales),
    String(p.reversed_sales),
    (p.owed / 100).toFixed(2),
    (p.held / 100).toFixed(2),
  ]);
  return `${[head, ...lines].map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
