import { useAtomValue } from 'jotai';
import { ACCOUNT_RECOVERY_DAYS } from '../../../../core/constants';
import { moneyFormatter } from '../../../../core/money';
import { intlLocale } from '../../../../core/rules/language';
import { useApi } from '../../../api/call';
import { useTranslation } from '../../../i18n';
import { settingsAtom } from '../../../state/atoms';

/**
 * What deleting the account means for credits the member paid for and has not used (issue 45 item 5): how many, that
 * they lapse (and come back with the account within the recovery period), and which orders the brand's refund rule
 * still lets them ask back, until when and how. All from the server's figures; nothing is shown without them (a
 * brand's own backend that does not answer the call), and nothing when no paid credits are left.
 */
export function UnusedCreditsNotice() {
  const { t, i18n } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const { data } = useApi('/api/unused-credits.php', {}, { revalidateOnMount: true });
  if (!data || data.paid_unused <= 0) return null;
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' });
  return (
    <section className="alert alert-warning mb-4 text-sm" data-testid="unused-credits">
      <p className="m-0">{t('settings.delete.credits_paid', { credits: data.paid_unused, days: ACCOUNT_RECOVERY_DAYS })}</p>
      {data.refundable.length > 0 ? (
        <>
          <p className="mb-1">{t('settings.delete.credits_refund', { days: data.refund_days })}</p>
          <ul className="m-0 pl-5">
            {data.refundable.map((o) => (
              <li key={o.order_id}>
                {t('settings.delete.credits_order', {
                  credits: o.credits,
                  amount: moneyFormatter(i18n.language, o.currency)(o.amount),
                  paid: date.format(new Date(o.paid_at)),
                  until: date.format(new Date(o.refundable_until)),
                })}
              </li>
            ))}
          </ul>
          <p className="mb-0">
            {t('settings.delete.credits_ask')} <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </p>
        </>
      ) : (
        <p className="mb-0">{t('settings.delete.credits_refund_over', { days: data.refund_days })}</p>
      )}
    </section>
  );
}
