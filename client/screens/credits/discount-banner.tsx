import { useTranslation } from '../../i18n';
import type { DiscountCode } from '../../../core/schemas/payments';
import { Icon } from '../../components/icon';
import { intlLocale } from '../../../core/rules/language';

/** The active discount above the packages: the time bonus or the welcome code, with its end. */
export function DiscountBanner({ discount }: { discount: DiscountCode | null }) {
  const { t, i18n } = useTranslation();
  if (!discount) return null;
  const until = discount.expires
    ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(discount.expires))
    : null;
  return (
    <div
      className="alert alert-info my-4 flex flex-wrap items-baseline gap-x-3"
      role="status"
      data-testid="active-discount"
      data-code={discount.code}
    >
      <strong>
        <Icon name="i-lucide-gift" /> {t('shop.discount_active', { percent: discount.value_percentage })}
      </strong>
      {until && <span className="text-sm">{t('shop.discount_until', { date: until })}</span>}
    </div>
  );
}
