import type { QueueItem } from '../../../core/schemas/staff-answers';
import { brandInfo, brandName } from '../lib/boot';
import { t } from '../lib/i18n';
import { formatWait } from '../lib/time';

interface Props {
  item: QueueItem;
  now: number;
  myId: number;
  busy: boolean;
  onOpen: (item: QueueItem) => void;
}

/** One waiting conversation; the whole row is the button that claims it and opens the answer screen. */
export function QueueRow({ item, now, myId, busy, onOpen }: Props) {
  const claim = item.claimed_by && Date.parse(item.claimed_by.expires_at) > now ? item.claimed_by : null;
  const waited = formatWait(now - Date.parse(item.waiting_since));
  return (
    <li
      className={`queue-item${claim && claim.id !== myId ? ' is-claimed' : ''}`}
      data-testid="queue-item"
      data-conversation={item.conversation_id}
    >
      <button type="button" onClick={() => onOpen(item)} disabled={busy} aria-describedby={`wait-${item.conversation_id}`}>
        <span className="wait" id={`wait-${item.conversation_id}`}>
          <span className="sr-only">{t('queue.waiting')} </span>
          {waited}
        </span>
        <span className="who">
          <strong>{item.member.name}</strong>, {item.member.age}
          {item.member.city ? ` · ${item.member.city}` : ''}
        </span>
        <span className="to">
          {t('queue.to')} <strong>{item.profile.name}</strong>{' '}
          <span className="label-fictional">{brandInfo(item.brand)?.fictional ?? t('profile.fictional')}</span>
        </span>
        <span className="brand-tag">{brandName(item.brand)}</span>
        {item.asks_if_real && (
          <span className="flag-real" data-testid="asks-if-real">
            {t('queue.asks_if_real')}
          </span>
        )}
        {claim && (
          <span className="claim" data-testid="claimed-by">
            {claim.id === myId ? t('queue.claimed_by_you') : t('queue.claimed_by', { name: claim.name })}
          </span>
        )}
      </button>
    </li>
  );
}
