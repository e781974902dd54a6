import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { messagesInPackage } from '../../../core/rules/message-price';
import type { DiscountCode, Package, PackagesResponse } from '../../../core/schemas/payments';
import { Link } from '../../navigation';
import { settingsAtom } from '../../state/atoms';
import { priceWith, useMoney } from './shop-data';

// The premium package overview of SPEC.md §2: styles p0 (smallest) to p3 (largest), one popular package.
const STYLE: Record<Package['style'], string> = {
  p0: 'bg-white ring-gray-300',
  p1: 'bg-[color-mix(in_srgb,var(--c-primary)_6%,white)] ring-primary',
  p2: 'bg-[color-mix(in_srgb,var(--c-secondary)_8%,white)] ring-secondary',
  p3: 'bg-gradient-to-b from-[color-mix(in_srgb,var(--c-secondary)_14%,white)] to-white ring-secondary',
};

interface GridProps {
  shop: PackagesResponse;
  discount: DiscountCode | null;
  /** Where a package leads; null shows the signup button instead (logged out). */
  hrefFor: ((pkg: Package) => string) | null;
  onSignup?: () => void;
}

export function PackageGrid({ shop, discount, hrefFor, onSignup }: GridProps) {
  const { t } = useTranslation();
  const money = useMoney(shop.currency);
  const { message_credits: messageCredits } = useAtomValue(settingsAtom);
  return (
    <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 lg:grid-cols-4" data-testid="packages">
      {shop.packages.map((pkg) => {
        const price = priceWith(pkg.price, discount, shop);
        return (
          <li
            key={pkg.id}
            className={`relative flex flex-col rounded-2xl p-5 shadow-sm ring-2 ${STYLE[pkg.style]}`}
            data-testid={`package-${pkg.id}`}
            data-style={pkg.style}
          >
            {pkg.popular && (
              <span
                className="absolute -top-3 left-1/2 [transform:translateX(-50%)] rounded-full bg-primary px-3 py-0.5 text-xs font-bold uppercase text-white"
                data-testid="popular"
              >
                {t('shop.popular')}
              </span>
            )}
            <h2 className="m-0 text-2xl font-extrabold text-gray-900">{t('shop.credits', { count: pkg.credits })}</h2>
            <p className="m-0 mt-2 text-3xl font-bold text-secondary" data-testid="price">
              {money(price)}
            </p>
            {price !== pkg.price && <p className="m-0 text-sm text-gray-600 line-through">{t('shop.was', { price: money(pkg.price) })}</p>}
            <p className="m-0 mt-1 text-sm text-gray-600">{t('shop.per_credit', { price: money(Math.round(price / pkg.credits)) })}</p>
            {messageCredits > 0 && (
              <p className="m-0 mt-1 text-sm text-gray-600" data-testid="messages">
                {t('shop.messages', { count: messagesInPackage(pkg, messageCredits) })}
              </p>
            )}
            <div className="mt-auto pt-4">
              {hrefFor ? (
                <Link href={hrefFor(pkg)} className="btn btn-primary box-border block w-full text-center" data-testid={`choose-${pkg.id}`}>
                  {t('shop.choose')}
                </Link>
              ) : (
                <button type="button" className="btn btn-primary w-full" onClick={onSignup}>
                  {t('shop.signup_to_buy')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
