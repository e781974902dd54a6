import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import type { PaymentMethod } from '../../../core/schemas/payments';
import { CompanyLine } from '../../components/footer';
import { Icon } from '../../components/icon';
import { settingsAtom } from '../../state/atoms';

/**
 * The marks of the payment methods, as static files in public/payment/ (only the shop's pages load them). They come
 * from Iconify's CC0 sets: `logos` (Gil Barbara's SVG logos: Visa, Mastercard, PayPal, Apple Pay) and `simple-icons`
 * (SEPA, Klarna for SOFORT). No package carries iDEAL's or Bancontact's mark; those and the other regional methods
 * show a bank icon beside their name. The name is always written out: a mark alone is not a label.
 */
const MARKS: Partial<Record<PaymentMethod, string[]>> = {
  creditcard: ['visa', 'mastercard'],
  paypal: ['paypal'],
  applepay: ['apple-pay'],
  banktransfer: ['sepa'],
  directdebit: ['sepa'],
  sofort: ['klarna'],
};

export function PaymentMark({ method }: { method: PaymentMethod }) {
  const marks = MARKS[method];
  if (!marks) return <Icon name="i-lucide-landmark" className="text-lg text-gray-600" />;
  return (
    <span className="inline-flex shrink-0 items-center gap-1" aria-hidden="true">
      {marks.map((mark) => (
        <img key={mark} src={`/payment/${mark}.svg`} alt="" width="32" height="20" className="h-5 w-8 object-contain" />
      ))}
    </span>
  );
}

/**
 * What the shop promises, all of it true: the payment goes through the brand's provider (the member's card or bank
 * details never reach this site), nothing is charged without an order of the member's own (a stored mandate only
 * serves "order again", worker/payments/checkout.ts; no schedule charges anyone), and who the seller is.
 */
export function ShopTrust({ methods }: { methods: readonly PaymentMethod[] }) {
  const { t } = useTranslation();
  const { brand } = useAtomValue(settingsAtom);
  return (
    <div className="mt-5 border-0 border-t border-solid border-gray-200 pt-4 text-sm text-gray-700" data-testid="shop-trust">
      <ul
        className="m-0 flex list-none flex-wrap items-center gap-x-4 gap-y-2 p-0"
        aria-label={t('shop.methods_accepted')}
        data-testid="payment-marks"
      >
        {methods.map((m) => (
          <li key={m} className="inline-flex items-center gap-1.5" data-method={m}>
            <PaymentMark method={m} />
            {t(`payment.methods.${m}`)}
          </li>
        ))}
      </ul>
      <ul className="m-0 mt-3 flex list-none flex-col gap-1 p-0">
        <li className="flex items-center gap-2" data-testid="trust-secure">
          <Icon name="i-lucide-shield-check" className="text-success" />
          {t('shop.trust_secure', { provider: PROVIDER_NAMES[brand.payment_provider] })}
        </li>
        <li className="flex items-center gap-2" data-testid="trust-no-subscription">
          <Icon name="i-lucide-ban" className="text-success" />
          {t('shop.trust_no_subscription')}
        </li>
      </ul>
      <p className="m-0 mt-3 text-xs text-gray-600" data-testid="shop-company">
        <CompanyLine company={brand.company} />
      </p>
    </div>
  );
}

const PROVIDER_NAMES: Record<'sandbox' | 'verotel' | 'ccbill' | 'sepa', string> = {
  sepa: 'SEPA',
  sandbox: 'Sandbox',
  verotel: 'Verotel',
  ccbill: 'CCBill',
};
