import { useTranslation } from '../../i18n';
import { moneyFormatter } from '../../../core/money';
import { useApi } from '../../api/call';
import { Link } from '../../navigation';
import { AccountCard } from '../../components/form-ui';
import { intlLocale } from '../../../core/rules/language';
import { StatementNote } from './statement-note';

/** /transactions without an id: the member's latest orders. */
export function OrderHistory() {
  const { t, i18n } = useTranslation();
  const { data } = useApi('/api/orders.php', {}, { revalidateOnMount: true });
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AccountCard title={t('transaction.history')} testId="order-history">
      {!data && <p role="status">{t('common.loading')}</p>}
      {data && data.orders.length === 0 && <p>{t('transaction.none')}</p>}
      {data && data.orders.length > 0 && (
        <ul className="m-0 list-none p-0">
          {data.orders.map((o) => (
            <li key={o.id} className="border-0 border-b border-solid border-gray-200 py-2 text-sm">
              <Link href={`/transactions/${o.id}`}>{t('transaction.order', { id: o.id })}</Link> · {date.format(new Date(o.created_at))} ·{' '}
              {t('shop.credits', { count: o.credits })} · {moneyFormatter(i18n.language, o.currency)(o.amount)} ·{' '}
              <strong>{t(`transaction.status.${o.status}`)}</strong>
            </li>
          ))}
        </ul>
      )}
      {/* Each descriptor once (a brand may have used more than one provider). */}
      {[...new Set(data?.orders.map((o) => o.statement_descriptor))].map((d) => (
        <StatementNote key={d ?? ''} descriptor={d} />
      ))}
      <p className="mb-0 mt-4">
        <Link href="/credits">{t('shop.title_credits')}</Link>
      </p>
    </AccountCard>
  );
}
