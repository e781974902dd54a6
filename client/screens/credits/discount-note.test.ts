import { describe, expect, it } from 'vitest';
import { TIME_BONUS } from '../../../core/constants';
import { moneyFormatter } from '../../../core/money';
import type { Catalogue } from '../../../core/state';
import type { DiscountCode } from '../../../core/schemas/payments';
import nl from '../../../locales/nl.json';
import { createI18n } from '../../i18n';
import { discountComparison, discountLine } from './discount-note';
import { checkoutDiscount } from './shop-data';

// Issue 44, item 11, as the checkout shows it: the 120-credit pack (EUR 29,95) during the time bonus, with a code
// typed in. The total is the server's price (the same rule), and the page names the discount and why.

const discount = (code: string, percentage: number, over: Partial<DiscountCode> = {}): DiscountCode => ({
  code,
  country: null,
  user_id: null,
  expires: null,
  value_percentage: percentage,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: null,
  ...over,
});
const timeBonus = discount(TIME_BONUS.code, TIME_BONUS.percentage, { user_id: 7 });
const shop = { country: 'NL', currency: 'EUR' };
const { t } = createI18n('nl', nl as Catalogue);
const money = moneyFormatter('nl', 'EUR');

function checkout(typed: DiscountCode | null, active: DiscountCode | null = timeBonus) {
  const choice = checkoutDiscount(active, typed, 2995, shop, 'ideal');
  const text = (x: { key: Parameters<typeof t>[0]; values: Record<string, string | number> } | null) => x && t(x.key, x.values);
  return {
    total: money(choice.price).replace(/\s/g, ' '),
    sent: choice.applied?.code ?? null,
    line: text(discountLine(choice, typed)),
    comparison: text(discountComparison(choice, typed)),
  };
}

describe('the checkout with the welcome discount and a typed code', () => {
  it('DEMO10 keeps the time-bonus price and says the welcome discount is better', () => {
    expect(checkout(null)).toEqual({ total: '€ 22,46', sent: 'TIMEBONUS25', line: 'Welkomstkorting (25%)', comparison: null });
    expect(checkout(discount('DEMO10', 10))).toEqual({
      total: '€ 22,46',
      sent: 'TIMEBONUS25',
      line: 'Welkomstkorting (25%)',
      comparison: 'Je welkomstkorting van 25% is voordeliger dan DEMO10 (10%), dus die houd je. De code gebruiken we niet.',
    });
  });

  it('a code as good as the welcome discount leaves the welcome discount in place', () => {
    expect(checkout(discount('GELIJK25', 25))).toMatchObject({
      total: '€ 22,46',
      sent: 'TIMEBONUS25',
      comparison: 'Je welkomstkorting van 25% is even voordelig als GELIJK25 (25%), dus die houd je. De code gebruiken we niet.',
    });
  });

  it('a better code applies instead, and the page says so', () => {
    expect(checkout(discount('HALF50', 50))).toEqual({
      total: '€ 14,97',
      sent: 'HALF50',
      line: 'Kortingscode HALF50 (50%)',
      comparison: 'HALF50 (50%) is voordeliger dan je welkomstkorting van 25%, dus je krijgt de korting van de code in plaats daarvan.',
    });
  });

  it('a code that does not fit leaves the welcome discount (its own reason is shown instead)', () => {
    expect(checkout(discount('HALF50', 50, { paymentmethods: ['paypal'] }))).toEqual({
      total: '€ 22,46',
      sent: 'TIMEBONUS25',
      line: 'Welkomstkorting (25%)',
      comparison: null,
    });
  });

  it('without a welcome discount a typed code simply applies', () => {
    expect(checkout(discount('DEMO10', 10), null)).toEqual({
      total: '€ 26,95',
      sent: 'DEMO10',
      line: 'Kortingscode DEMO10 (10%)',
      comparison: null,
    });
  });
});
