import type { SchemeHealthRow } from '../../../core/schemas/scheme-health';
import { brandName } from '../lib/boot';
import { formatCount, formatDateTime, formatMoney, t } from '../lib/i18n';
import { providerWords } from '../lib/payment-words';
import { labelOr } from '../lib/value-label';
import { useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';

// The card scheme figures of the dashboard (issue 44, item 7): one row per brand, provider and month, with the two
// ratios the schemes judge a merchant by and their marks. Unknown figures say so ("not sent by this provider"),
// never 0. The marks carry a word besides the colour.

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

function Ratio({
  value,
  level,
  partial,
  testId,
}: {
  value: number | null;
  level: SchemeHealthRow['vamp_level'];
  partial?: boolean;
  testId: string;
}) {
  if (value === null) return <td data-testid={testId}>{t('scheme.no_ratio')}</td>;
  const mark = level === 'alert' ? 'alert-danger' : level === 'warning' ? 'alert-warning' : undefined;
  return (
    <td className={mark} data-testid={testId} data-level={level}>
      {percent(value)}
      {partial && ` (${t('scheme.partial')})`}
      {level !== 'ok' && <strong> {t(level === 'alert' ? 'scheme.alert' : 'scheme.warning')}</strong>}
    </td>
  );
}

const unknown = (n: number | null) => (n === null ? <em>{t('scheme.not_sent')}</em> : formatCount(n));

/** The table for the dashboard's scope: one brand, or every brand ('' for owners). */
export function SchemeHealthTable({ scope }: { scope: string }) {
  const health = useStaffData('/api/staff/scheme-health.php', scope ? { brand: scope } : {});
  const d = health.data;
  return (
    <section aria-labelledby="scheme-health-title" data-testid="scheme-health">
      <h2 id="scheme-health-title">{t('scheme.title')}</h2>
      {health.error && <Problem message={health.error.message} />}
      {!d && !health.error && <Loading />}
      {d && d.rows.length === 0 && <p>{t('scheme.none')}</p>}
      {d && d.rows.length > 0 && (
        <TableWrap>
          <table>
            <caption>{t('scheme.caption')}</caption>
            <thead>
              <tr>
                {d.brand === null && <th scope="col">{t('scheme.brand')}</th>}
                <th scope="col">{t('scheme.provider')}</th>
                <th scope="col">{t('scheme.month')}</th>
                <th scope="col">{t('scheme.settled')}</th>
                <th scope="col">{t('scheme.amount')}</th>
                <th scope="col">{t('scheme.disputes')}</th>
                <th scope="col">{t('scheme.fraud')}</th>
                <th scope="col">{t('scheme.refunds')}</th>
                <th scope="col">{t('scheme.vamp')}</th>
                <th scope="col">{t('scheme.ecp')}</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => {
                const id = `${r.brand}-${r.provider}-${r.month}`;
                return (
                  <tr key={id} data-testid={`scheme-${id}`}>
                    {d.brand === null && <td>{brandName(r.brand)}</td>}
                    <th scope="row">{providerWords(r.provider, labelOr)}</th>
                    <td>
                      {r.month}
                      {r.alerted_at && <small> · {t('scheme.mailed', { at: formatDateTime(r.alerted_at) })}</small>}
                    </td>
                    <td>{formatCount(r.settled)}</td>
                    <td>
                      {Object.entries(r.settled_amount)
                        .map(([currency, minor]) => formatMoney(minor, currency))
                        .join(' · ') || '–'}
                    </td>
                    <td>{unknown(r.disputes)}</td>
                    <td>{unknown(r.fraud_reports)}</td>
                    <td>{formatCount(r.refunds)}</td>
                    <Ratio
                      value={r.vamp_ratio}
                      level={r.vamp_level}
                      partial={r.vamp_partial && r.disputes !== null}
                      testId={`vamp-${id}`}
                    />
                    <Ratio value={r.ecp_ratio} level={r.ecp_level} testId={`ecp-${id}`} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      <ul data-testid="scheme-legend">
        <li>{t('scheme.legend_vamp')}</li>
        <li>{t('scheme.legend_ecp')}</li>
        <li>{t('scheme.legend_marks')}</li>
      </ul>
    </section>
  );
}
