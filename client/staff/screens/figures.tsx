import { useState } from 'react';
import { BrandFilter } from '../components/brand-filter';
import { brandName } from '../lib/boot';
import { t } from '../lib/i18n';
import { formatDuration } from '../lib/time';
import { useStaffData } from '../lib/use-data';
import type { StaffAnswerOf } from '../lib/api';
import { Loading, Problem } from '../components/notice';
import { TableWrap } from '../components/table-wrap';

/** Waiting now, answered today, median and p90 answer times: overall, per brand and per operator. */
export function FiguresScreen() {
  const [brand, setBrand] = useState('');
  const figures = useStaffData('/api/staff/figures.php', { brand });
  const f = figures.data;
  return (
    <section aria-labelledby="figures-title">
      <div className="screen-head">
        <h1 id="figures-title">{t('figures.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} />
      </div>
      <Problem message={figures.error?.message} />
      {!f && !figures.error && <Loading />}
      {f && (
        <>
          <FigureTotals figures={f} />
          <BrandTable rows={f.per_brand} />
          <OperatorTable rows={f.per_operator} />
        </>
      )}
    </section>
  );
}

type Figures = StaffAnswerOf<'get', '/api/staff/figures.php'>;

/** Waiting now, answered today, and the answer times' median and 90th percentile. */
function FigureTotals({ figures: f }: { figures: Figures }) {
  return (
    <dl className="totals" data-testid="figures-totals">
      <div>
        <dt>{t('figures.waiting')}</dt>
        <dd>{f.waiting_now}</dd>
      </div>
      <div>
        <dt>{t('figures.answered')}</dt>
        <dd>{f.answered_today}</dd>
      </div>
      <div>
        <dt>{t('figures.median')}</dt>
        <dd>{formatDuration(f.answer_ms.median)}</dd>
      </div>
      <div>
        <dt>{t('figures.p90')}</dt>
        <dd>{formatDuration(f.answer_ms.p90)}</dd>
      </div>
    </dl>
  );
}

function BrandTable({ rows }: { rows: Figures['per_brand'] }) {
  return (
    <TableWrap>
      <table>
        <caption>{t('figures.per_brand')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.brand')}</th>
            <th scope="col">{t('figures.waiting')}</th>
            <th scope="col">{t('figures.answered')}</th>
            <th scope="col">{t('figures.median')}</th>
            <th scope="col">{t('figures.p90')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.brand}>
              <th scope="row">{brandName(r.brand)}</th>
              <td>{r.waiting_now}</td>
              <td>{r.answered_today}</td>
              <td>{formatDuration(r.median_ms)}</td>
              <td>{formatDuration(r.p90_ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function OperatorTable({ rows }: { rows: Figures['per_operator'] }) {
  return (
    <TableWrap>
      <table>
        <caption>{t('figures.per_operator')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.operator')}</th>
            <th scope="col">{t('figures.answered')}</th>
            <th scope="col">{t('figures.median')}</th>
            <th scope="col">{t('figures.p90')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.staff_id}>
              <th scope="row">{r.name}</th>
              <td>{r.answered_today}</td>
              <td>{formatDuration(r.median_ms)}</td>
              <td>{formatDuration(r.p90_ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
