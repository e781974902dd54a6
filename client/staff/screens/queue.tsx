import { useCallback, useEffect, useRef, useState } from 'react';
import { WAITING_COUNT_CAP } from '../../../core/schemas/staff';
import type { QueueItem } from '../../../core/schemas/staff-answers';
import { BrandFilter } from '../components/brand-filter';
import { QueueRow } from '../components/queue-item';
import { ApiError, staffSend } from '../lib/api';
import { brandInfo, brandName } from '../lib/boot';
import { t } from '../lib/i18n';
import { useMe } from '../lib/me';
import { startQueueLive } from '../lib/queue-live';
import { navigate } from '../lib/router';
import { useNow, useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';

/** The answering queue: oldest first, live over the brand's socket (or polled), a click claims and opens. */
export function QueueScreen() {
  const me = useMe();
  const [brand, setBrand] = useState('');
  const queue = useStaffData('/api/staff/queue.php', { brand });
  const now = useNow(1000);
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const reloadRef = useRef(queue.reload);
  reloadRef.current = queue.reload;

  const brands = brand ? [brand] : me.brands.map((b) => b.id);
  const live = useQueueLive(brands, reloadRef);

  const open = useCallback(async (item: QueueItem) => {
    setProblem(null);
    setOpening(item.conversation_id);
    try {
      await staffSend('post', '/api/staff/claim.php', { brand: item.brand, conversation_id: item.conversation_id });
      navigate(`/staff/c/${item.brand}/${item.conversation_id}`);
    } catch (e) {
      const error = e instanceof ApiError ? e : null;
      if (error?.code === 'claimed_by_other') {
        await reloadRef.current();
        setProblem(item.claimed_by ? t('queue.claimed_by_other', { name: item.claimed_by.name }) : error.message);
      } else {
        setProblem(error && error.status !== 0 ? error.message : t('errors.network'));
      }
      setOpening(null);
    }
  }, []);

  // After a refetch the row may name the holder that the 409 did not.
  const holder = queue.data?.items.find((i) => i.conversation_id === opening)?.claimed_by?.name;
  const items = [...(queue.data?.items ?? [])].sort((a, b) => Date.parse(a.waiting_since) - Date.parse(b.waiting_since));
  const socketsUp = brands.every((b) => live[b]);

  return (
    <section aria-labelledby="queue-title">
      <div className="screen-head">
        <h1 id="queue-title">{t('queue.title')}</h1>
        <BrandFilter value={brand} onChange={setBrand} />
        <span className="live-state" data-testid="live-state" data-live={socketsUp ? 'socket' : 'polling'}>
          {socketsUp ? t('queue.live') : t('queue.polling')}
        </span>
      </div>
      {queue.data && (
        <ul className="counts" aria-label={t('queue.counts')} aria-live="polite" data-testid="waiting-counts">
          {Object.entries(queue.data.waiting_per_brand).map(([id, count]) => (
            <li key={id}>
              {brandName(id)}: <strong>{count >= WAITING_COUNT_CAP ? `${WAITING_COUNT_CAP}+` : count}</strong>
            </li>
          ))}
        </ul>
      )}
      <ProxiedBrands brands={brands} />
      {problem && <Problem message={holder && !problem.includes(holder) ? `${problem} (${holder})` : problem} testId="claim-problem" />}
      <Problem message={queue.error?.message} />
      {!queue.data && !queue.error && <Loading />}
      {queue.data && items.length === 0 && <p className="empty">{t('queue.empty')}</p>}
      {items.length > 0 && (
        <ol className="queue" data-testid="queue">
          {items.map((item) => (
            <QueueRow key={item.conversation_id} item={item} now={now} myId={me.id} busy={opening !== null} onOpen={open} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Issue 46, item 10: a brand in proxy mode keeps its members and conversations in its own backend, which the workspace
 * does not read, so its queue would stay empty without saying why. Per such brand in view: where it is answered.
 */
function ProxiedBrands({ brands }: { brands: string[] }) {
  const proxied = brands.map((id) => brandInfo(id)).filter((b) => b && b.proxy_backend !== undefined);
  if (proxied.length === 0) return null;
  return (
    <>
      {proxied.map((b) => (
        <p key={b!.id} className="alert alert-warning" role="note" data-testid={`proxied-${b!.id}`}>
          {t('queue.proxied', { brand: b!.name })}{' '}
          {b!.proxy_backend ? t('queue.proxied_here', { backend: brandName(b!.proxy_backend) }) : t('queue.proxied_elsewhere')}
        </p>
      ))}
    </>
  );
}

/** The queue's live connection per brand: each change refetches the queue; answers which brands are live. */
function useQueueLive(brands: string[], reloadRef: { current: () => Promise<void> }): Record<string, boolean> {
  const [live, setLive] = useState<Record<string, boolean>>({});
  const brandsKey = brands.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref's function is read when an event comes; the brands alone restart the connections
  useEffect(() => {
    // Several events in a burst (a message and a claim) make one refetch.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(pending);
      pending = setTimeout(() => void reloadRef.current(), 150);
    };
    const stops = brandsKey
      .split(',')
      .filter(Boolean)
      .map((b) => startQueueLive({ brand: b, onChange: changed, onStatus: (up) => setLive((s) => ({ ...s, [b]: up })) }));
    return () => {
      clearTimeout(pending);
      stops.forEach((stop) => stop());
    };
  }, [brandsKey]);
  return live;
}
