import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n';
import { Link } from '../../navigation';
import { routeAtom, settingsAtom, userAtom } from '../../state/atoms';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';
import type { Target } from './use-conversation';

/**
 * /chats and /chats/{id} in the bare chat layout: the list (300-400 px) beside the conversation and, from lg, the
 * other side's card (profile-panel.tsx);
 * on a phone one column, the list or the open conversation. /chats?profile=<id> opens a conversation not yet
 * started (the profile page's "message" button).
 */
export function ChatsScreen() {
  const { t } = useTranslation();
  const route = useAtomValue(routeAtom);
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const id = Number(route.params.id) || null;
  const profileId = Number(new URLSearchParams(route.search).get('profile')) || null;
  const target: Target | null = id ? { conversationId: id } : profileId ? { profileId } : null;
  const key = id ? `c${id}` : `p${profileId}`;

  return (
    <div className="flex h-screen flex-col">
      {/* The balance takes a line of its own where the three do not fit in one (a long brand name or language). */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-primary px-3 py-2 text-white">
        <Link href="/members" className="font-extrabold text-white no-underline">
          {settings.brand.logo_text}
        </Link>
        <h1 className="m-0 flex-1 text-base font-semibold">{t('nav.messages')}</h1>
        {user && (
          <Link href="/credits" className="ml-auto text-sm text-white no-underline" data-testid="chat-credits">
            {t('chat.credits_left', { count: user.credits })}
          </Link>
        )}
      </header>
      <div className="flex min-h-0 flex-1">
        <aside
          className={`${target ? 'hidden md:flex' : 'flex'} w-full flex-col border-r border-gray-200 bg-white md:w-1/3 md:min-w-[300px] md:max-w-[400px]`}
        >
          <ChatList activeId={id} />
        </aside>
        <section className={`${target ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 justify-center`}>
          {target ? <Conversation key={key} target={target} /> : <p className="m-auto p-6 text-gray-600">{t('chat.pick')}</p>}
        </section>
      </div>
    </div>
  );
}
