import { useTranslation } from '../../i18n';
import type { MandatePreview } from '../../../core/schemas/payments';
import { intlLocale, toLanguage } from '../../../core/rules/language';
import { useMoney } from './shop-data';

/**
 * The SEPA mandate the member signs with the SMS code (issue 44 item 10), shown before the code is sent: the standard
 * mandate wording of the member's language with the creditor's name, then the creditor identifier, the mandate
 * reference, the amount, the debit date and the account. Every value comes from the server's preview.
 */
export function MandateText({ mandate }: { mandate: MandatePreview }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(mandate.currency);
  const date = new Intl.DateTimeFormat(intlLocale(toLanguage(i18n.language) ?? 'nl'), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${mandate.debit_date}T00:00:00Z`),
  );
  const facts: [string, string, string][] = [
    ['creditor', t('directdebit.mandate_creditor'), mandate.creditor_name],
    ['creditor-id', t('directdebit.mandate_creditor_id'), mandate.creditor_id],
    ['reference', t('directdebit.mandate_reference'), mandate.mandate_reference],
    ['amount', t('directdebit.mandate_amount'), money(mandate.amount)],
    ['date', t('directdebit.mandate_date'), date],
    ['account', t('directdebit.mandate_account'), `${mandate.holder}, ${mandate.iban}`],
  ];
  return (
    <section className="mb-4 rounded border border-gray-300 p-3 text-sm" data-testid="sepa-mandate" aria-labelledby="sepa-mandate-title">
      <h2 id="sepa-mandate-title" className="m-0 mb-2 text-base font-semibold">
        {t('directdebit.mandate_title')}
      </h2>
      <dl className="m-0 mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {facts.map(([id, label, value]) => (
          <div key={id} className="contents" data-testid={`mandate-${id}`}>
            <dt className="text-gray-600">{label}</dt>
            <dd className="m-0 font-semibold break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="m-0 mb-2">{t('directdebit.mandate_text', { creditor: mandate.creditor_name })}</p>
      <p className="m-0 text-gray-600">{t('directdebit.mandate_prenotice')}</p>
    </section>
  );
}
