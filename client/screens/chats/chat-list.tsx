import type { ReactNode } from 'react';
import { useStore } from 'jotai';
import { type TFunction, useTranslation } from '../../i18n';
import { mutate } from 'swr';
import type { ChatListItem, ChatsResponse } from '../../../core/schemas/chat';
import { apiSend } from '../../api/typed-fetch';
import { useApi } from '../../api/call';
import { Avatar, FictionalLabel } from '../../components/chat/avatar';
import { CHATS_URL, refreshChats } from '../../components/chat/chat-data';
import { CountBadge } from '../../components/badge';
import { Link } from '../../navigation';
import { Icon } from '../../components/icon';

/** The conversation list (SPEC.md §3 chat list items), newest first. */
export function ChatList({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  const store = useStore();
  // The app's SWR config does not fetch on mount (server fallbacks); this list has none, so it asks.
  const { data } = useApi('/api/chats.php', {}, { revalidateOnMount: true });

  /** SPEC.md §4: gone from the list at once; on failure an alert with the error and the list reloaded. */
  const remove = async (item: ChatListItem) => {
    if (!confirm(t('chat.delete_confirm', { name: item.profile.name }))) return;
    await mutate<ChatsResponse>(CHATS_URL, (d) => d && { ...d, chats: d.chats.filter((c) => c.conversation.id !== item.conversation.id) }, {
      revalidate: false,
    });
    try {
      await apiSend('delete', '/api/chat.php', { conversation: { id: item.conversation.id } });
    } catch (error) {
      alert(error instanceof Error ? error.message : String(error));
    }
    await refreshChats(store);
  };

  if (!data)
    return (
      <p className="p-4 text-gray-500" role="status">
        {t('common.loading')}
      </p>
    );
  if (!data.chats.length) return <p className="p-4 text-gray-600">{t('chat.empty_list')}</p>;
  return (
    <ul className="m-0 overflow-y-auto p-0" aria-label={t('chat.list_label')} data-testid="chat-list">
      {data.chats.map((item) => (
        <li
          key={item.conversation.id}
          className={`flex list-none items-center border-b border-gray-100 ${item.conversation.id === activeId ? 'border-l-4 border-primary bg-gray-100' : 'bg-white'}`}
          data-testid="chat-item"
        >
          <Link
            href={`/chats/${item.conversation.id}`}
            className="flex min-w-0 flex-1 items-center gap-3 px-3 py-2 text-gray-900 no-underline"
            aria-current={item.conversation.id === activeId ? 'page' : undefined}
          >
            <Avatar profile={item.profile} />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-1 font-semibold">
                <span className="truncate">{item.profile.name}</span>
                {item.profile.fictional && <FictionalLabel />}
              </span>
              <span className="block truncate text-sm text-gray-600">{preview(item, t)}</span>
            </span>
            <CountBadge count={item.num_unread_messages} label={t('nav.unread')} />
          </Link>
          <button
            type="button"
            onClick={() => void remove(item)}
            className="mr-2 h-8 w-8 rounded-full border-0 bg-transparent text-gray-400 hover:bg-gray-100 hover:text-danger"
            aria-label={t('chat.delete', { name: item.profile.name })}
            title={t('chat.delete', { name: item.profile.name })}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

function preview(item: ChatListItem, t: TFunction): ReactNode {
  const m = item.conversation.last_message;
  if (!m) return '';
  const body =
    m.kind === 'text' ? (
      (m.text ?? '')
    ) : (
      <>
        <Icon name={m.kind === 'gift' ? 'i-lucide-gift' : 'i-lucide-camera'} />{' '}
        {m.kind === 'gift' ? t(`chat.gifts.${m.gift}`) : t('chat.photo')}
      </>
    );
  return m.from_me ? (
    <>
      {t('chat.you')}: {body}
    </>
  ) : (
    body
  );
}
