import type { TrafficPayout } from '../../../core/schemas/traffic';
import { TableWrap } from '../components/table-wrap';
import { downloadCsv } from '../lib/dashboard-csv';
import { formatCount, formatMoney, t } from '../lib/i18n';
import { payoutsCsv } from '../lib/traffic-csv';

/** The payout owed per network and month (core/rules/payout.ts) as a table with its CSV download. */
export function TrafficPayouts({ payouts, file }: { payouts: TrafficPayout[]; file: string }) {
  return (
    <section aria-labelledby="traffic-payouts-title" data-testid="traffic-payouts">
      <div className="screen-head">
        <h2 id="traffic-payouts-title">{t('traffic.payouts')}</h2>
        <button
          type="button"
          className="btn btn-outline"
          disabled={payouts.length === 0}
          onClick={() => downloadCsv(`${file}.csv`, payoutsCsv(payouts))}
        >
          {t('traffic.payouts_csv')}
        </button>
      </div>
      {payouts.length === 0 ? (
        <p className="empty">{t('traffic.payouts_empty')}</p>
      ) : (
        <TableWrap>
          <table data-testid="traffic-payouts-table">
            <caption>{t('traffic.payouts_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('traffic.dim_network')}</th>
                <th scope="col">{t('traffic.month')}</th>
                <th scope="col">{t('traffic.leads')}</th>
                <th scope="col">{t('traffic.sales')}</th>
                <th scope="col">{t('traffic.reversed_sales')}</th>
                <th scope="col">{t('traffic.owed')}</th>
                <th scope="col">{t('traffic.held')}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={`${p.network}-${p.month}-${p.currency}`}>
                  <th scope="row">{p.network}</th>
                  <td>{p.month}</td>
                  <td>{formatCount(p.leads)}</td>
                  <td>{formatCount(p.sales)}</td>
                  <td>{formatCount(p.reversed_sales)}</td>
                  <td data-testid="payout-owed">{formatMoney(p.owed, p.currency)}</td>
                  <td>{formatMoney(p.held, p.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}
