import { useState, type ReactElement } from 'react';
import { useApi } from '../../api/call';
import { moneyFormatter } from '../../../core/money';
import type { SpendingCheck } from '../../../core/schemas/spending';
import { useTranslation } from '../../i18n';
import { Link } from '../../navigation';
import { AccountCard } from '../../components/form-ui';
import { FictionalMark } from '../../components/fictional-mark';
import { ScreenLoading } from '../../components/screen-loading';

/** Asked again on every visit, so the next checkout starts from a fresh answer; the page's loader gives the first. */
const SPENDING_CHECK = { revalidateOnMount: true, revalidateOnFocus: false, shouldRetryOnError: false } as const;

/**
 * The pause screen where the server's check asks for it, until the member goes on; null: show the form. Every way
 * to buy (checkout, repeat order, direct debit) calls it first. A failed check shows the form.
 *
 * The first answer this page has decides (its loader's, or one from earlier in this visit; a purchase is a new page
 * load after the provider's page), and until there is one the page says it is loading: the form never shows
 * before the check has answered (a proxied brand's page has no answer from its loader), so a form the member has
 * started to fill in is never swapped for the pause screen under their fingers.
 */
export function usePauseScreen(): ReactElement | null {
  const { data, error } = useApi('/api/spending-check.php', {}, SPENDING_CHECK);
  const [first, setFirst] = useState(data);
  const [goOn, setGoOn] = useState(false);
  if (!first && data) setFirst(data);
  const check = first ?? data;
  if (!check) return error ? null : <ScreenLoading />;
  return check.pause_screen && !goOn ? <PauseScreen check={check} onGoOn={() => setGoOn(true)} /> : null;
}

/**
 * Before the checkout, when the server's check says the spending looks like harm (issue 45 item 10: the market
 * rule's thresholds): what the member spent in 24 hours and 30 days, that some profiles are fictional and run by
 * staff, the way to the limits, and the way on. Nothing is blocked here: the member's own limits are.
 */
export function PauseScreen({ check, onGoOn }: { check: SpendingCheck; onGoOn: () => void }) {
  const { t, i18n } = useTranslation();
  const money = moneyFormatter(i18n.language, check.currency);
  return (
    <AccountCard title={t('spending.check_title')} testId="pause-screen">
      <p className="mt-0 text-sm text-gray-700">{t('spending.check_intro')}</p>
      <ul className="my-3 pl-5 text-sm text-gray-800">
        {check.reasons.map((reason) => (
          <li key={reason} data-reason={reason}>
            {t(`spending.check_${reason}`)}
          </li>
        ))}
      </ul>
      <div className="m-0 mb-4 rounded-lg bg-gray-50 p-3 text-sm">
        <p className="m-0" data-testid="spent-24h">
          {t('spending.spent_24h', { amount: money(check.spent_24h.amount), purchases: check.spent_24h.purchases })}
        </p>
        <p className="m-0 mt-1" data-testid="spent-30d">
          {t('spending.spent_30d', { amount: money(check.spent_30d.amount), purchases: check.spent_30d.purchases })}
        </p>
      </div>
      <p className="text-sm text-gray-700" data-testid="pause-fictional">
        <FictionalMark text={false} /> {t('spending.fictional')}
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <Link href="/notifications#spending" className="btn btn-primary box-border w-full py-3 text-center text-base">
          {t('spending.set_limits')}
        </Link>
        <button type="button" className="btn btn-link w-full" onClick={onGoOn} data-testid="pause-go-on">
          {t('spending.go_on')}
        </button>
      </div>
    </AccountCard>
  );
}
