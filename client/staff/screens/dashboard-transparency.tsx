import { Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';
import { t } from '../lib/i18n';
import { useStaffData } from '../lib/use-data';

/**
 * The transparency figures of one brand per month (DSA Art. 15 and 24; what acquirers ask of dating merchants):
 * notices, decisions (restrictions, automated), appeals (reversed) and the median hours from notice to decision.
 * Its own component and call (worker/staff/dashboard/transparency.ts), beside the daily figures.
 */
export function TransparencyTable({ brand }: { brand: string }) {
  const figures = useStaffData(brand ? '/api/staff/transparency.php' : null, { brand });
  if (!brand) return null;
  return (
    <section aria-labelledby="transparency-title" data-testid="transparency">
      <h2 id="transparency-title">{t('transparency.title')}</h2>
      <Problem message={figures.error?.message} />
      {figures.data && figures.data.months.length === 0 && <p className="empty">{t('transparency.empty')}</p>}
      {figures.data && figures.data.months.length > 0 && (
        // Eight columns are wider than a phone (885 px at 390): the table scrolls inside its region, the page does not.
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('transparency.month')}</th>
                <th scope="col">{t('transparency.notices')}</th>
                <th scope="col">{t('transparency.decisions')}</th>
                <th scope="col">{t('transparency.restrictions')}</th>
                <th scope="col">{t('transparency.automated')}</th>
                <th scope="col">{t('transparency.appeals')}</th>
                <th scope="col">{t('transparency.reversed')}</th>
                <th scope="col">{t('transparency.median')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <td>{m.notices}</td>
                  <td>{m.decisions}</td>
                  <td>{m.restrictions}</td>
                  <td>{m.automated}</td>
                  <td>{m.appeals}</td>
                  <td>{m.reversed}</td>
                  <td>{m.median_hours_to_decision ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}
