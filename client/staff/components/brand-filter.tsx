import { boot, brandName } from '../lib/boot';
import { t } from '../lib/i18n';
import { useMe } from '../lib/me';

/** A brand choice for staff with several brands ('' = all of them); nothing for staff of one brand. */
export function BrandFilter({
  value,
  onChange,
  allowAll = true,
}: {
  value: string;
  onChange: (brand: string) => void;
  allowAll?: boolean;
}) {
  const me = useMe();
  if (me.brands.length < 2) return null;
  return (
    <div className="field inline">
      <label htmlFor="brand-filter">{t('filter.brand')}</label>
      <select id="brand-filter" value={value} onChange={(e) => onChange(e.target.value)}>
        {allowAll && <option value="">{t('filter.all_brands')}</option>}
        {me.brands.map((b) => (
          <option key={b.id} value={b.id}>
            {brandName(b.id)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The brand a screen starts with: the host's brand when the staff member works on it, else their first. */
export function useDefaultBrand(): string {
  const me = useMe();
  return me.brands.some((b) => b.id === boot.brand) ? boot.brand : (me.brands[0]?.id ?? '');
}
