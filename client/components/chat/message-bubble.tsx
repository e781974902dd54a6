import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { giftImage } from '../../../core/chat-constants';
import type { ChatMessage } from '../../../core/schemas/chat';
import { imageUrl } from '../../../core/image-url';
import { settingsAtom } from '../../state/atoms';
import { Icon } from '../icon';
import { ReportButton } from '../report-button';
import { intlLocale } from '../../../core/rules/language';

/** A message on the screen: the stored one, or one on its way ('sending') or refused ('failed'). */
export type ShownMessage = Omit<ChatMessage, 'status'> & { status: ChatMessage['status'] | 'sending' | 'failed' };

const TICKS = {
  sending: 'i-lucide-clock',
  sent: 'i-lucide-check',
  delivered: 'i-lucide-check-check',
  read: 'i-lucide-check-check',
  failed: 'i-lucide-circle-alert',
} as const;

/** One message. Text is rendered as text (React escapes it): nothing a member types becomes markup. */
export function MessageBubble({ message }: { message: ShownMessage }) {
  const { t, i18n } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const time = new Date(message.created_at).toLocaleTimeString(intlLocale(i18n.language), { hour: '2-digit', minute: '2-digit' });
  return (
    <li
      className={`flex list-none ${message.from_me ? 'justify-end' : 'justify-start'}`}
      data-testid="message"
      data-from-me={message.from_me}
      data-status={message.status ?? undefined}
    >
      <div
        className={`max-w-[80%] rounded-2xl px-3 py-2 shadow-sm ${message.from_me ? 'rounded-br-sm bg-primary text-white' : 'rounded-bl-sm bg-white text-gray-900'}`}
      >
        {message.kind === 'text' && <p className="m-0 whitespace-pre-wrap break-words">{message.text}</p>}
        {message.kind === 'gift' && message.gift && (
          <figure className="m-0 text-center">
            <img src={giftImage(message.gift)} alt="" width={96} height={96} />
            <figcaption className="text-sm">{t(`chat.gifts.${message.gift}`)}</figcaption>
          </figure>
        )}
        {message.kind === 'photo' && message.photo && (
          <img
            src={imageUrl(settings.cdn_prefix, message.photo.thumb_filename)}
            alt={t(message.from_me ? 'chat.photo_mine' : 'chat.photo_theirs')}
            width={200}
            height={250}
            className="block rounded-lg object-cover"
          />
        )}
        <p className={`m-0 mt-1 text-right text-xs ${message.from_me ? 'text-white' : 'text-gray-500'}`}>
          {time}
          {message.from_me && message.status && (
            <span
              className={`ml-1 ${message.status === 'read' ? 'font-bold text-cyan-200' : ''}`}
              title={t(`chat.status.${message.status}`)}
            >
              <Icon name={TICKS[message.status]} />
              <span className="sr-only">{t(`chat.status.${message.status}`)}</span>
            </span>
          )}
          {/* "Melden": the member shares this one message with the moderators, nothing else of the conversation. */}
          {!message.from_me && message.id > 0 && (
            <ReportButton
              target="message"
              id={message.id}
              className="ml-2 cursor-pointer border-0 bg-transparent p-0 text-xs text-gray-500 underline"
            />
          )}
        </p>
      </div>
    </li>
  );
}
