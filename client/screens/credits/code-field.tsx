import { useState } from 'react';
import { useTranslation } from '../../i18n';
import type { DiscountCode } from '../../../core/schemas/payments';
import { ApiError } from '../../api/fetch-client';
import { apiGet } from '../../api/typed-fetch';
import { INPUT } from '../../components/form-ui';

/**
 * A discount code typed by the member, looked up with GET /api/discountcode.php ('Code niet gevonden', ...). A code
 * that exists but does not fit this order (`notApplicable`: below its minimum, another country or method) says so
 * with its own error text instead of "applied". A code that fits but gives no more than the member's welcome
 * discount is not `charged`: then only the `comparison` says why the welcome discount applies instead.
 */
export function CodeField({
  applied,
  charged,
  notApplicable,
  comparison,
  onApplied,
}: {
  applied: DiscountCode | null;
  charged: boolean;
  notApplicable: string | null;
  comparison: string | null;
  onApplied: (code: DiscountCode | null) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const apply = async () => {
    if (!value.trim()) return;
    try {
      const code = await apiGet('/api/discountcode.php', { code: value.trim() });
      if (code.expired) {
        setMessage(t('errors.code_expired'));
        return onApplied(null);
      }
      setMessage(null);
      onApplied(code);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t('errors.generic'));
      onApplied(null);
    }
  };
  const shown = message ?? (applied ? notApplicable : null);
  return (
    <div className="mb-4">
      <label htmlFor="discount-code" className="text-sm font-semibold text-gray-800">
        {t('shop.code_label')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="discount-code"
          className={INPUT}
          value={value}
          maxLength={40}
          autoCapitalize="characters"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? 'discount-code-error' : undefined}
        />
        <button type="button" className="btn btn-outline" onClick={() => void apply()}>
          {t('shop.code_apply')}
        </button>
      </div>
      {shown && (
        <p id="discount-code-error" className="m-0 mt-1 text-sm text-danger" role="alert" data-testid="code-problem">
          {shown}
        </p>
      )}
      {applied && !shown && charged && (
        <p className="m-0 mt-1 text-sm text-success" role="status">
          {t('shop.code_applied', { code: applied.code, percent: applied.value_percentage })}
        </p>
      )}
      {applied && !shown && comparison && (
        <p className="m-0 mt-1 text-sm text-gray-700" role="status" data-testid="discount-comparison">
          {comparison}
        </p>
      )}
    </div>
  );
}
