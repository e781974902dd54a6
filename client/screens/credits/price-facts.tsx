import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { settingsAtom } from '../../state/atoms';
import { usePageText } from '../pages/content-page';
import { FictionalMark } from '../../components/fictional-mark';

/** What a message, photo and gift cost in credits, and the cheapest price of a message (the /pricing page text's values). */
export function PriceFacts() {
  const { t } = useTranslation();
  const { data } = usePageText('pricing');
  const settings = useAtomValue(settingsAtom);
  const rows: [string, number][] = [
    [t('pricing_facts.message'), settings.message_credits],
    [t('pricing_facts.photo'), settings.photo_credits],
    [t('pricing_facts.gift'), settings.gift_credits],
  ];
  return (
    <>
      <table className="my-4 w-full border-collapse text-left text-sm" data-testid="price-facts">
        <caption className="mb-2 text-left font-semibold text-gray-900">{t('pricing_facts.caption')}</caption>
        <thead>
          <tr className="border-0 border-b-2 border-solid border-gray-300">
            <th scope="col" className="py-2 pr-4">
              {t('pricing_facts.item')}
            </th>
            <th scope="col" className="py-2">
              {t('pricing_facts.credits')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-0 border-b border-solid border-gray-200">
              <th scope="row" className="py-2 pr-4 font-medium text-gray-700">
                {label}
              </th>
              <td className="py-2 font-semibold text-gray-900">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data?.values.message_price && (
        <p className="m-0 text-sm">
          <span className="font-medium text-gray-700">{t('pricing_facts.message_price')}: </span>
          <strong data-testid="message-price">{data.values.message_price}</strong>
        </p>
      )}
    </>
  );
}

/** Read before the first purchase: which profiles are fictional. */
export function FictionalNotice() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  return (
    <aside className="alert alert-info my-4" aria-labelledby="fictional-title" data-testid="fictional-notice">
      <h2 id="fictional-title" className="m-0 mb-1 text-base font-bold">
        <FictionalMark text={false} /> {t('pricing_facts.fictional_title')}
      </h2>
      <p className="m-0">{settings.fictional_warning}</p>
    </aside>
  );
}
