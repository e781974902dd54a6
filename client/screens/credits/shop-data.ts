import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { type TFunction, useTranslation } from '../../i18n';
import type { SWRConfiguration } from 'swr';
import { TIME_BONUS } from '../../../core/constants';
import { moneyFormatter } from '../../../core/money';
import { bestDiscount, type DiscountChoice, discountProblem, orderPrice } from '../../../core/rules/discount';
import { timeBonusExpires, timeBonusRemaining } from '../../../core/rules/time-bonus';
import type { DiscountCode, PackagesResponse } from '../../../core/schemas/payments';
import { useApi } from '../../api/call';
import { userAtom } from '../../state/atoms';

const FRESH: SWRConfiguration = { revalidateOnMount: undefined, revalidateOnFocus: false, shouldRetryOnError: false };

// The server loader fills PACKAGES_URL (core/api-urls.ts): the same call without a query.
export const usePackages = () => useApi('/api/packages.php', {}, FRESH);

export function useMoney(currency: string | undefined): (cents: number) => string {
  const { i18n } = useTranslation();
  if (!currency) return () => '';
  return moneyFormatter(i18n.language, currency);
}

/** Whether the time bonus runs now; decided after hydration, since the server's clock and the browser's differ. */
function useTimeBonusRunning(): boolean {
  const user = useAtomValue(userAtom);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    const check = () => setRunning(timeBonusRemaining(user, Date.now()) > 0);
    check();
    const timer = setInterval(check, 1000);
    return () => clearInterval(timer);
  }, [user]);
  return running;
}

/**
 * The active discount of SPEC.md §4: the time bonus while it runs, otherwise the member's welcome code. A
 * failed welcome load is ignored (SPEC.md §8): the shop then simply shows full prices.
 */
export function useActiveDiscount(): DiscountCode | null {
  const user = useAtomValue(userAtom);
  const timeBonus = useTimeBonusRunning();
  const { data: welcome } = useApi(user && !user.paid_user && !timeBonus ? '/api/discountcode.php' : null, { welcome: 'true' }, FRESH);
  if (!user || user.paid_user) return null;
  if (timeBonus) {
    return {
      code: TIME_BONUS.code,
      country: null,
      user_id: user.id,
      expires: timeBonusExpires(user),
      value_percentage: TIME_BONUS.percentage,
      currency: null,
      minimum_order_value: 0,
      status: 'active',
      validity: 'once_per_user',
      expired: false,
      paymentmethods: null,
    };
  }
  return welcome && !welcome.expired && welcome.status === 'active' ? welcome : null;
}

/** The price a member pays for a package with a discount, as the server computes it (core/rules/discount.ts). */
export function priceWith(
  price: number,
  discount: DiscountCode | null,
  shop: Pick<PackagesResponse, 'country' | 'currency'>,
  method?: string,
): number {
  return orderPrice(discount, { country: shop.country, currency: shop.currency, listPrice: price, method: method ?? null });
}

/**
 * The checkout's discount: the better of the member's active discount and the code they typed, at the price the
 * server will charge for it (worker/payments/pricing.ts uses the same rule). A typed code never raises the price.
 */
export function checkoutDiscount(
  active: DiscountCode | null,
  typed: DiscountCode | null,
  price: number,
  shop: Pick<PackagesResponse, 'country' | 'currency'>,
  method: string | null,
): DiscountChoice<DiscountCode> {
  return bestDiscount(active, typed, { country: shop.country, currency: shop.currency, listPrice: price, method });
}

/**
 * Why a code does not lower this order's price, in the words the server would refuse it with (the code's own error
 * text), or null when it applies. The total shown is then without it (the welcome discount or the full price): exactly
 * what will be charged.
 */
export function discountProblemText(
  t: TFunction,
  money: (cents: number) => string,
  discount: DiscountCode,
  price: number,
  shop: Pick<PackagesResponse, 'country' | 'currency'>,
  method: string | null,
): string | null {
  const problem = discountProblem(discount, { country: shop.country, currency: shop.currency, listPrice: price, method });
  if (!problem) return null;
  return t(`errors.code_${problem}`, { amount: money(discount.minimum_order_value) });
}
