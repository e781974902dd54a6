import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ContentPageName } from '../../../core/schemas/pages';
import { Link } from '../../navigation';
import { settingsAtom, signupModalAtom, userAtom } from '../../state/atoms';
import { ContentPage, usePageText } from './content-page';

/**
 * /premium and /pricing: what premium means and what things cost, explained before the first purchase, with the
 * brand's fictional-profile notice. The shop itself is /credits; nothing here pretends to sell.
 */
function PriceFacts({ page }: { page: ContentPageName }) {
  const { t } = useTranslation();
  const { data } = usePageText(page);
  const settings = useAtomValue(settingsAtom);
  const rows: [string, string][] = [
    [t('pricing_facts.message'), String(settings.message_credits)],
    [t('pricing_facts.photo'), String(settings.photo_credits)],
    [t('pricing_facts.gift'), String(settings.gift_credits)],
  ];
  return (
    <>
      <table className="my-4 w-full border-collapse text-left text-sm" data-testid="price-facts">
        <caption className="mb-2 text-left font-semibold text-gray-900">{t('pricing_facts.caption')}</caption>
        <thead>
          <tr className="border-0 border-b-2 border-solid border-gray-300">
            <th scope="col" className="py-2 pr-4">{t('pricing_facts.item')}</th>
            <th scope="col" className="py-2">{t('pricing_facts.credits')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-0 border-b border-solid border-gray-200">
              <th scope="row" className="py-2 pr-4 font-medium text-gray-700">{label}</th>
              <td className="py-2 font-semibold text-gray-900">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="m-0 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {data?.values.message_price && (
          <>
            <dt className="font-medium text-gray-700">{t('pricing_facts.message_price')}</dt>
            <dd className="m-0 font-semibold text-gray-900" data-testid="message-price">{data.values.message_price}</dd>
          </>
        )}
        <dt className="font-medium text-gray-700">{t('pricing_facts.refund')}</dt>
        <dd className="m-0 font-semibold text-gray-900">{t('pricing_facts.refund_days', { days: settings.refund_days })}</dd>
      </dl>
    </>
  );
}

function FictionalNotice() {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  return (
    <aside className="alert alert-info my-4" aria-labelledby="fictional-title" data-testid="fictional-notice">
      <h2 id="fictional-title" className="m-0 mb-1 text-base font-bold">
        <span aria-hidden="true">{settings.fictional_icon}</span> {t('pricing_facts.fictional_title')}
      </h2>
      <p className="m-0">{settings.fictional_warning}</p>
    </aside>
  );
}

function NextStep() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const openSignup = useSetAtom(signupModalAtom);
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      {user ? (
        <Link href="/credits" className="btn bg-secondary text-white hover:brightness-110" data-testid="to-credits">{t('pricing_facts.to_credits')}</Link>
      ) : (
        <button type="button" className="btn bg-secondary text-white hover:brightness-110" onClick={() => openSignup(true)}>{t('nav.signup')}</button>
      )}
      <span className="text-sm text-gray-600">{t('pricing_facts.no_obligation')}</span>
    </div>
  );
}

function priceScreen(page: ContentPageName) {
  return function PriceScreen() {
    return (
      <ContentPage page={page}>
        <PriceFacts page={page} />
        <FictionalNotice />
        <NextStep />
      </ContentPage>
    );
  };
}

export const PremiumScreen = priceScreen('premium');
export const PricingScreen = priceScreen('pricing');
