import { useAtomValue } from 'jotai';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ChatProfile } from '../../../core/schemas/chat';
import type { ApiError } from '../../api/fetch-client';
import { useTranslation } from '../../i18n';
import { Avatar, FictionalLabel } from '../../components/chat/avatar';
import { Composer } from '../../components/chat/composer';
import { IcebreakerModal } from '../../components/chat/icebreaker-modal';
import { MessageBubble, type ShownMessage } from '../../components/chat/message-bubble';
import { Link } from '../../navigation';
import { settingsAtom, userAtom } from '../../state/atoms';
import { useConversation, type Target } from './use-conversation';
import { Icon } from '../../components/icon';
import { ProfilePanel } from './profile-panel';

/** One conversation: header with the fictional label, history with paging, composer, icebreakers. */
export function Conversation({ target }: { target: Target }) {
  const user = useAtomValue(userAtom);
  const chat = useConversation(target);
  const [draft, setDraft] = useState('');
  const [icebreakers, setIcebreakers] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = chat.messages.at(-1)?.id;

  // A new conversation offers first messages once the profile is known.
  useEffect(() => {
    if (chat.profile && !chat.conversationId && 'profileId' in target) setIcebreakers(true);
  }, [chat.profile, chat.conversationId, target]);
  // A block body: newer browsers return a promise from scrollIntoView, and React would take it for a cleanup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the end when a message arrives, which lastId stands for
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (!chat.profile) return <ConversationPending error={chat.error} />;
  const profile = chat.profile;

  return (
    <div className="flex h-full w-full">
      <div className="flex h-full min-w-0 flex-1 flex-col" data-testid="conversation">
        <ConversationHeader profile={profile} />
        <MessageLog
          name={profile.name}
          messages={chat.messages}
          hasMore={chat.hasMore}
          onOlder={() => void chat.loadOlder()}
          bottom={bottom}
        />
        <ChatAlerts held={user?.status === 'not_confirmed'} noCredits={chat.noCredits} error={chat.error} />
        <Composer
          draft={draft}
          setDraft={setDraft}
          onSendText={(text) => {
            setDraft('');
            void chat.send({ kind: 'text', text }).then((ok) => !ok && setDraft(text));
          }}
          onSendGift={(gift) => void chat.send({ kind: 'gift', gift })}
          onSendPhoto={(photoId) => void chat.send({ kind: 'photo', photo_id: photoId })}
          onIcebreakers={() => setIcebreakers(true)}
        />
        <IcebreakerModal
          open={icebreakers}
          name={profile.name}
          onClose={() => setIcebreakers(false)}
          onPick={(text) => {
            setDraft(text);
            setIcebreakers(false);
          }}
        />
      </div>
      <ProfilePanel profile={profile} />
    </div>
  );
}

/** Before the profile is known: the error that stopped the first load, or loading. */
function ConversationPending({ error }: { error: ApiError | null }) {
  const { t } = useTranslation();
  if (error)
    return (
      <p className="m-auto p-6 text-center" role="alert">
        {error.message}
      </p>
    );
  return (
    <p className="m-auto p-6 text-gray-500" role="status">
      {t('common.loading')}
    </p>
  );
}

/** The other member: back link, avatar, name and age, and the fictional label and warning (or the city). */
function ConversationHeader({ profile }: { profile: ChatProfile }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  return (
    <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-3 py-2">
      <Link href="/chats" className="md:hidden no-underline" aria-label={t('chat.back')}>
        <Icon name="i-lucide-arrow-left" />
      </Link>
      <Avatar profile={profile} />
      <div className="min-w-0">
        {/* The fictional label moves under the name rather than being cut off where both do not fit. */}
        <h1 className="m-0 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-lg">
          <Link href={`/members/${profile.id}`} className="min-w-0 truncate text-gray-900 no-underline">
            {profile.name}, {profile.age}
          </Link>
          {profile.fictional && <FictionalLabel long />}
        </h1>
        {profile.fictional ? (
          <p className="m-0 text-xs text-gray-600" data-testid="fictional-warning">
            {settings.fictional_warning}
          </p>
        ) : (
          profile.city && <p className="m-0 text-xs text-gray-600">{profile.city}</p>
        )}
      </div>
    </header>
  );
}

type MessageLogProps = {
  name: string;
  messages: ShownMessage[];
  hasMore: boolean;
  onOlder: () => void;
  bottom: RefObject<HTMLDivElement | null>;
};

/** The history: the button for older messages, the bubbles, and the end the screen scrolls to. */
function MessageLog({ name, messages, hasMore, onOlder, bottom }: MessageLogProps) {
  const { t } = useTranslation();
  // Focusable: a keyboard can scroll the history once it is longer than the screen (WCAG 2.1.1).
  return (
    <div
      className="flex-1 overflow-y-auto bg-gray-50 p-3"
      role="log"
      aria-live="polite"
      aria-label={t('chat.messages_with', { name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {hasMore && (
        <p className="m-0 mb-2 text-center">
          <button type="button" className="btn btn-outline text-sm" onClick={onOlder}>
            {t('chat.older')}
          </button>
        </p>
      )}
      {!messages.length && <p className="text-center text-gray-600">{t('chat.start', { name })}</p>}
      <ul className="m-0 flex flex-col gap-2 p-0">
        {messages.map((m) => (
          <MessageBubble key={m.client_key && m.id < 0 ? m.client_key : m.id} message={m} />
        ))}
      </ul>
      <div ref={bottom} />
    </div>
  );
}

/** Above the composer: messages held until the address is confirmed, no credits (with the way to buy), or an error. */
function ChatAlerts({ held, noCredits, error }: { held: boolean; noCredits: boolean; error: ApiError | null }) {
  const { t } = useTranslation();
  return (
    <>
      {held && (
        <p className="alert alert-warning m-2" role="status">
          {t('chat.held')}
        </p>
      )}
      {noCredits ? (
        <p className="alert alert-danger m-2" role="alert" data-testid="no-credits">
          {error?.message}{' '}
          <Link href="/credits" className="font-bold">
            {t('chat.buy_credits')}
          </Link>
        </p>
      ) : (
        error && (
          <p className="alert alert-danger m-2" role="alert">
            {error.message}
          </p>
        )
      )}
    </>
  );
}
