import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { ScreenLoading } from '../../components/screen-loading';
import { useEffect, useState } from 'react';
import { useTranslation, type TFunction } from '../../i18n';
import type { Order } from '../../../core/schemas/payments';
import { apiGet } from '../../api/typed-fetch';
import { ApiError } from '../../api/fetch-client';
import { apiSend } from '../../api/typed-fetch';
import { useApi } from '../../api/call';
import { Link, navigate } from '../../navigation';
import { routeAtom, userAtom } from '../../state/atoms';
import { AccountCard, FormAlert } from '../../components/form-ui';
import { OrderHistory } from './order-history';
import { useMoney } from './shop-data';
import { Icon } from '../../components/icon';
import { StatementNote } from './statement-note';

const POLL_MS = 2000;

/**
 * /transactions/{id}: the result of a payment. The API brings an unfinished order up to date with the payment
 * service itself (the member may be back before the webhook), and the page asks again while it is pending. When
 * paid, the user is reloaded so the navigation shows the new credits and premium status at once.
 */
export default function TransactionScreen() {
  const route = useAtomValue(routeAtom);
  return route.params.id ? <OrderResult id={route.params.id} /> : <OrderHistory />;
}

function OrderResult({ id }: { id: string }) {
  const { t } = useTranslation();
  const { order, error, mutate } = useOrder(id);
  const money = useMoney(order?.currency);

  if (error)
    return (
      <AccountCard title={t('transaction.title')}>
        <FormAlert message={error.message} />
      </AccountCard>
    );
  if (!order) return <ScreenLoading />;
  const summary = `${t('transaction.order', { id: order.id })} · ${t('shop.credits', { count: order.credits })} · ${money(order.amount)} · ${t(`payment.methods.${order.method}`)}`;
  const card: ResultCard = { t, order, summary, money };

  if (order.status === 'created' || order.status === 'pending')
    return pendingCard(card, (next) => void mutate({ order: next }, { revalidate: false }));
  if (order.status === 'paid') return paidCard(card);
  if (order.status === 'refunded' || order.status === 'charged_back') return refundedCard(card);
  return failedCard(card);
}

/** The order, polled while it is unfinished; once paid, the user is reloaded for the new credits and premium status. */
function useOrder(id: string) {
  const setUser = useSetAtom(userAtom);
  const { data, error, mutate } = useApi(
    '/api/order.php',
    { id },
    {
      revalidateOnMount: true,
      refreshInterval: (latest) => (!latest || ['created', 'pending'].includes(latest.order.status) ? POLL_MS : 0),
      shouldRetryOnError: false,
    },
  );
  const order = data?.order;
  const paid = order?.status === 'paid';
  useEffect(() => {
    if (!paid) return;
    apiGet('/api/user.php').then(
      ({ user }) => user && setUser(user),
      () => undefined,
    );
  }, [paid, setUser]);
  return { order, error, mutate };
}

/**
 * What each result card is made of. The cards are render functions, not components: every state renders the same
 * AccountCard at the top, so React updates it in place when the status changes (the status line stays one live region).
 */
interface ResultCard {
  t: TFunction;
  order: Order;
  summary: string;
  money: (cents: number) => string;
}

/** Still open at the payment service: the status, polled, and what the member can do meanwhile. */
function pendingCard({ t, order, summary }: ResultCard, onChange: (order: Order) => void) {
  return (
    <AccountCard title={t('transaction.title')} testId="transaction-pending">
      <p role="status" aria-live="polite">
        <Icon name="i-lucide-hourglass" className="mr-1" />
        {t('transaction.pending')}
      </p>
      <p className="text-sm text-gray-600">{summary}</p>
      <PendingActions order={order} onChange={onChange} />
    </AccountCard>
  );
}

/** Paid: the credits granted (and premium, on a first purchase). */
function paidCard({ t, order, summary }: ResultCard) {
  return (
    <AccountCard title={t('transaction.paid_title')} testId="transaction-paid" icon="i-lucide-circle-check">
      <p role="status">
        {t('transaction.paid', { credits: order.credits })}
        {order.made_premium && ` ${t('transaction.now_premium')}`}
      </p>
      <p className="text-sm text-gray-600">{summary}</p>
      <p className="text-sm text-gray-600">{t('transaction.mail_sent')}</p>
      <StatementNote descriptor={order.statement_descriptor} />
      <Link href="/members" className="btn btn-primary">
        {t('transaction.to_members')}
      </Link>
    </AccountCard>
  );
}

/** Refunded or charged back: why (a discount code used meanwhile, staff, the payment service, the bank), and the way on. */
function refundedCard({ t, order, summary, money }: ResultCard) {
  return (
    <AccountCard title={t('transaction.refunded_title')} testId="transaction-refunded" icon="i-lucide-undo-2">
      {order.refund_reason === 'code_used' && (
        <p role="status">{t('transaction.refunded_code_used', { code: order.discount_code, amount: money(order.amount) })}</p>
      )}
      {order.refund_reason === 'staff' && <p role="status">{t('transaction.refunded_staff', { amount: money(order.amount) })}</p>}
      {order.refund_reason === 'provider' && <p role="status">{t('transaction.refunded_provider', { amount: money(order.amount) })}</p>}
      {order.status === 'charged_back' && <p role="status">{t('transaction.charged_back')}</p>}
      <p className="text-sm text-gray-600">
        {summary} · {t(`transaction.status.${order.status}`)}
      </p>
      <StatementNote descriptor={order.statement_descriptor} />
      {/* A lost discount code is a payment to make again; a refund staff gave back is the end of this order. */}
      {order.refund_reason === 'code_used' ? (
        <Link href={`/credits/${order.package_id}`} className="btn btn-primary">
          {t('transaction.retry')}
        </Link>
      ) : (
        <Link href="/members" className="btn btn-primary">
          {t('transaction.to_members')}
        </Link>
      )}
    </AccountCard>
  );
}

/** Failed, cancelled or expired: try again (a failed recurring order through the repeat order) or another method. */
function failedCard({ t, order, summary }: ResultCard) {
  return (
    <AccountCard title={t('errors.payment_failed')} testId="transaction-failed" icon="i-lucide-circle-alert">
      <p role="alert">{t('errors.payment_failed_or_cancelled')}</p>
      {order.recurring === 'recurring' && <p>{t('transaction.recurring_failed')}</p>}
      <p className="text-sm text-gray-600">
        {summary} · {t(`transaction.status.${order.status}`)}
      </p>
      <p className="mb-0 flex flex-wrap gap-3">
        <Link
          href={
            order.recurring === 'recurring'
              ? `/credits/repeat-order?package=${order.package_id}`
              : `/credits/${order.package_id}/${order.method}`
          }
          className="btn btn-primary"
          data-testid="retry"
        >
          {t('transaction.retry')}
        </Link>
        <Link href={`/credits/${order.package_id}`} className="btn btn-outline" data-testid="other-method">
          {t('transaction.other_method')}
        </Link>
      </p>
    </AccountCard>
  );
}

/**
 * An unfinished order (the member came back from the checkout without paying, or left it pending): the same
 * checkout again while the provider still has it open, the shop with the same package after cancelling this order
 * (so its discount code is free for the next one), or cancelling it (issue 18 item 10). The server decides each.
 */
function PendingActions({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => (await apiSend('delete', '/api/order.php', { id: order.id })).order;
  const retry = () =>
    act(async () => {
      const { checkout_url } = await apiSend('post', '/api/order-checkout.php', { id: order.id });
      location.assign(checkout_url);
    });
  const otherMethod = () =>
    act(async () => {
      await cancel();
      navigate(store, `/credits/${order.package_id}`);
    });
  return (
    <>
      <p className="text-sm">{t('transaction.pending_actions')}</p>
      <FormAlert message={problem} />
      <p className="mb-0 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void retry()} data-testid="retry">
          {t('transaction.retry')}
        </button>
        <button
          type="button"
          className="btn btn-outline border-solid"
          disabled={busy}
          onClick={() => void otherMethod()}
          data-testid="other-method"
        >
          {t('transaction.other_method')}
        </button>
        <button
          type="button"
          className="btn btn-light"
          disabled={busy}
          onClick={() => void act(async () => onChange(await cancel()))}
          data-testid="cancel-order"
        >
          {t('transaction.cancel')}
        </button>
      </p>
    </>
  );
}
