import { useStore } from 'jotai';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import type { ChatProfile, SendMessage } from '../../../core/schemas/chat';
import type { LiveEvent } from '../../../core/schemas/live';
import { apiGet, apiSend } from '../../api/typed-fetch';
import { ApiError } from '../../api/fetch-client';
import { newClientKey, refreshChats } from '../../components/chat/chat-data';
import type { ShownMessage } from '../../components/chat/message-bubble';
import { sendChatMessage } from '../../lib/chat-send';
import { liveSocketOpen, onLiveEvent, onLiveReconnect } from '../../lib/live-socket';
import { navigate } from '../../navigation';
import { userAtom } from '../../state/atoms';

/** What a send carries besides its target. */
export type SendContent = SendMessage extends infer S ? (S extends { to: unknown } ? Omit<S, 'to'> : never) : never;

export type Target = { conversationId: number } | { profileId: number };

export interface ConversationState {
  profile: ChatProfile | null;
  conversationId: number | null;
  messages: ShownMessage[];
  hasMore: boolean;
  error: ApiError | null;
  /** The last send was refused for lack of credits: the screen offers the credits page. */
  noCredits: boolean;
}

/** Merges messages by id (a stored one replaces its optimistic bubble by client_key), oldest first. */
function merge(current: ShownMessage[], incoming: ShownMessage[]): ShownMessage[] {
  const byKey = new Map(current.map((m) => [m.client_key && m.id < 0 ? `k:${m.client_key}` : `i:${m.id}`, m]));
  for (const m of incoming) {
    if (m.client_key) byKey.delete(`k:${m.client_key}`);
    byKey.set(`i:${m.id}`, m);
  }
  return [...byKey.values()].sort(
    (a, b) => (a.id < 0 ? Infinity : a.id) - (b.id < 0 ? Infinity : b.id) || a.created_at.localeCompare(b.created_at),
  );
}

/** A conversation before its first page: nothing shown yet. */
const emptyState = (): ConversationState => ({
  profile: null,
  conversationId: null,
  messages: [],
  hasMore: false,
  error: null,
  noCredits: false,
});

/** Any failure as an ApiError: what was not an answer of the API counts as a network failure. */
const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError(0, 'network', String(error)));

type SetState = Dispatch<SetStateAction<ConversationState>>;

/** One conversation: its history (paging back in time), live updates, read receipts and sending. */
export function useConversation(target: Target) {
  const store = useStore();
  const [state, setState] = useState<ConversationState>(emptyState);
  const idRef = useRef<number | null>(null);
  const conversationId = 'conversationId' in target ? target.conversationId : undefined;
  const profileId = 'profileId' in target ? target.profileId : undefined;

  const markRead = useCallback(
    async (id: number) => {
      await apiSend('put', '/api/chat.php', { conversation: { id } }).catch(() => undefined);
      // With the live socket open, the member's hub tells every tab (this one too) what was read.
      if (!liveSocketOpen()) await refreshChats(store);
    },
    [store],
  );

  const load = useCallback(async () => {
    try {
      const page = await apiGet('/api/chat.php', idRef.current ? { id: idRef.current } : { id: conversationId, profile: profileId });
      idRef.current = page.conversation?.id ?? null;
      setState((s) => ({
        ...s,
        profile: page.profile,
        conversationId: idRef.current,
        messages: merge(s.messages, page.messages),
        hasMore: s.messages.length ? s.hasMore : page.has_more,
        error: null,
      }));
      if (idRef.current) await markRead(idRef.current);
    } catch (error) {
      setState((s) => ({ ...s, error: asApiError(error) }));
    }
  }, [conversationId, profileId, markRead]);

  useEffect(() => {
    idRef.current = null;
    setState(emptyState());
    void load();
    const offEvent = onLiveEvent((event) => applyLiveEvent(event, idRef.current, { load, markRead, setState }));
    const offReconnect = onLiveReconnect(() => void load());
    return () => {
      offEvent();
      offReconnect();
    };
  }, [load, markRead]);

  const loadOlder = useCallback(async () => {
    const oldest = state.messages.find((m) => m.id > 0);
    if (!idRef.current || !oldest) return;
    const page = await apiGet('/api/chat.php', { id: idRef.current, before: oldest.id });
    setState((s) => ({ ...s, messages: merge(s.messages, page.messages), hasMore: page.has_more }));
  }, [state.messages]);

  const send = useSend(target, idRef, setState);

  return { ...state, loadOlder, send };
}

type LiveActions = { load: () => Promise<void>; markRead: (id: number) => Promise<void>; setState: SetState };

/** What a live event does to the open conversation (id): reload on released messages, add a message, apply receipts. */
function applyLiveEvent(event: LiveEvent, id: number | null, { load, markRead, setState }: LiveActions) {
  if (event.type === 'message' && event.released && event.conversation_id === id) {
    void load();
  } else if (event.type === 'message' && event.conversation_id === id) {
    setState((s) => ({ ...s, messages: merge(s.messages, [event.message]) }));
    if (!event.message.from_me && document.visibilityState === 'visible') void markRead(event.conversation_id);
  } else if (event.type === 'receipt' && event.conversation_id === id) {
    setState((s) => ({
      ...s,
      messages: s.messages.map((m) =>
        m.from_me && m.id > 0 && m.status !== 'failed'
          ? { ...m, status: m.id <= event.read_upto ? 'read' : m.id <= event.delivered_upto ? 'delivered' : m.status }
          : m,
      ),
    }));
  }
}

/** The bubble shown while a message is on its way; the stored one replaces it by client_key. */
function optimisticMessage(content: SendContent, key: string, conversationId: number): ShownMessage {
  return {
    id: -Date.now(),
    conversation_id: conversationId,
    from_me: true,
    kind: content.kind,
    text: content.kind === 'text' ? content.text : null,
    gift: content.kind === 'gift' ? content.gift : null,
    photo: null,
    created_at: new Date().toISOString(),
    status: 'sending',
    client_key: key,
  };
}

/** Sending: the message shows at once, then as stored (a first message opens /chats/<id>); refused, it goes away. */
function useSend(target: Target, idRef: RefObject<number | null>, setState: SetState) {
  const store = useStore();
  return useCallback(
    async (content: SendContent): Promise<boolean> => {
      const key = newClientKey();
      const to = idRef.current ? { conversation_id: idRef.current } : { profile_id: (target as { profileId: number }).profileId };
      const optimistic = optimisticMessage(content, key, idRef.current ?? 0);
      setState((s) => ({ ...s, messages: merge(s.messages, [optimistic]), noCredits: false, error: null }));
      try {
        const res = await sendChatMessage({ ...content, to }, key);
        store.set(userAtom, (u) => (u ? { ...u, credits: res.credits } : u));
        setState((s) => ({ ...s, conversationId: res.conversation.id, messages: merge(s.messages, [res.message]) }));
        if (!idRef.current) {
          idRef.current = res.conversation.id;
          navigate(store, `/chats/${res.conversation.id}`, true);
        }
        // With the live socket open, the sender's hub sends this tab the message too, and that updates the list.
        if (!liveSocketOpen()) void refreshChats(store);
        return true;
      } catch (error) {
        const failure = asApiError(error);
        setState((s) => ({
          ...s,
          messages: s.messages.filter((m) => m.client_key !== key),
          noCredits: failure.code === 'insufficient_credits',
          error: failure,
        }));
        return false;
      }
    },
    [store, target, idRef, setState],
  );
}
