import { useEffect, useRef } from 'react';
import type { StaffChatMessage } from '../../../core/schemas/staff-answers';
import { giftWords } from '../lib/gift-words';
import { formatDateTime, t } from '../lib/i18n';
import { labelOr } from '../lib/value-label';
import { Thumb } from './photo';

/** The whole conversation: the member's messages left, the profile's right. Text is text, never markup. */
export function MessageList({
  brand,
  messages,
  memberName,
  profileName,
}: {
  brand: string;
  messages: StaffChatMessage[];
  memberName: string;
  profileName: string;
}) {
  // The list scrolls in itself (at most 55% of the screen high): it shows its newest message when one arrives or is
  // sent, as a chat does; the page around it stays where it is.
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the end when a message arrives, which the count stands for
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages.length]);
  return (
    <section className="card conversation" aria-labelledby="messages-title">
      <h2 id="messages-title">{t('conversation.messages')}</h2>
      {messages.length === 0 && <p className="empty">{t('conversation.no_messages')}</p>}
      <ol ref={list} className="messages" data-testid="staff-messages">
        {messages.map((m) => (
          <li key={m.id} className={`msg from-${m.from}`} data-testid="staff-message" data-from={m.from}>
            <span className="sr-only">{m.from === 'member' ? memberName : profileName}: </span>
            {m.kind === 'text' && <span className="text">{m.text}</span>}
            {m.kind === 'photo' && m.photo && <Thumb brand={brand} image={m.photo} alt={t('conversation.photo')} size={140} />}
            {m.kind === 'gift' && <span className="text">{t('conversation.gift', { gift: giftWords(m.gift ?? '', labelOr) })}</span>}
            <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
