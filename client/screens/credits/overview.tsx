import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useTranslation } from '../../i18n';
import { PHOTO_LIMIT } from '../../../core/constants';
import { Link } from '../../navigation';
import { settingsAtom, signupModalAtom, userAtom } from '../../state/atoms';
import { DiscountBanner } from './discount-banner';
import { PackageGrid } from './package-grid';
import { useActiveDiscount, usePackages } from './shop-data';
import { Icon } from '../../components/icon';
import { ShopTrust } from './payment-marks';

export type ShopKind = 'credits' | 'premium' | 'pricing';

/**
 * The package overview of /credits, /premium and /pricing: the premium claim, the active discount, the bundles
 * in the visitor's currency (styles p0-p3, the popular label) and the refund period. Visitors see the prices and
 * a signup button; members choose a package and go on to /credits/{id}.
 */
export function ShopOverview({ kind, children }: { kind: ShopKind; children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const settings = useAtomValue(settingsAtom);
  const openSignup = useSetAtom(signupModalAtom);
  const { data: shop, error } = usePackages();
  const discount = useActiveDiscount();
  // A premium member is not asked to become premium (issue 46 item 3): their status instead of the claim.
  const premium = user?.paid_user === true;
  const title = kind === 'premium' && premium ? t('shop.title_premium_member') : t(`shop.title_${kind}`);
  usePageTitle(`${title} · ${settings.name}`);

  return (
    <div className="container mx-auto px-3 py-8" data-testid={`shop-${kind}`}>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8" aria-labelledby="shop-title">
        <h1 id="shop-title" className="m-0 text-3xl font-extrabold text-gray-900">
          {title}
        </h1>
        <p className="m-0 mt-2 text-lg font-bold text-primary" data-testid={premium ? 'premium-status' : 'premium-claim'}>
          <Icon name="i-lucide-star" className="mr-1" />
          {premium ? t('shop.premium_member') : t('premium.claim', { percent: shop?.premium_percent ?? 46 })}
        </p>
        <p className="mt-2 text-gray-700">{t(premium ? 'shop.intro_premium_member' : 'shop.intro', { photos: PHOTO_LIMIT.premium })}</p>
        <DiscountBanner discount={discount} />
        {error && (
          <p className="alert alert-danger" role="alert">
            {error.message}
          </p>
        )}
        {!shop && !error && (
          <p className="text-gray-500" role="status">
            {t('common.loading')}
          </p>
        )}
        {shop && (
          <>
            <div className="mt-6">
              <PackageGrid
                shop={shop}
                discount={discount}
                hrefFor={user ? (pkg) => `/credits/${pkg.id}` : null}
                onSignup={() => openSignup(true)}
              />
            </div>
            <p className="mb-0 mt-5 text-sm text-gray-700" data-testid="refund-days">
              {t('shop.refund', { days: shop.refund_days })}
            </p>
            {user && (
              <p className="mb-0 mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                {shop.mandate && shop.last_package_id && (
                  <Link href="/credits/repeat-order" data-testid="repeat-link">
                    <Icon name="i-lucide-repeat" className="mr-1" />
                    {t('shop.repeat', { label: shop.mandate.label })}
                  </Link>
                )}
                {shop.methods.includes('directdebit') && <Link href="/directdebit">{t('shop.directdebit')}</Link>}
                <Link href="/transactions">{t('shop.history')}</Link>
              </p>
            )}
            <ShopTrust methods={shop.methods} />
          </>
        )}
      </section>
      {children}
    </div>
  );
}
