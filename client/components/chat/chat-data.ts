import type { createStore } from 'jotai';
import { mutate } from 'swr';
import type { ChatsResponse } from '../../../core/schemas/chat';
import type { LiveEvent } from '../../../core/schemas/live';
import { apiUrl } from '../../../core/api-urls';
import { apiGet } from '../../api/typed-fetch';
import { chatCountersAtom } from '../../state/atoms';
import { base64url } from '../../../core/encoding';

export type Store = ReturnType<typeof createStore>;

/** SWR's key of the chat list: useApi('/api/chats.php')'s. */
export const CHATS_URL = apiUrl('/api/chats.php');
export const LIKES_URL = '/api/likes.php';

/** Total unread messages of the chat list (SPEC.md §3 chat state). */
export const unreadOf = (data: ChatsResponse | undefined) => (data?.chats ?? []).reduce((sum, c) => sum + c.num_unread_messages, 0);

let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/**
 * Reloads the chat list into SWR's cache (every screen reading it updates) and both counters. One load at a time:
 * a call while one runs waits for ONE more load after it (the running one may have started before what the
 * caller changed), shared by every call meanwhile. A message reaches a tab as its answer, its live event and a
 * read mark within milliseconds; each used to load the whole list again.
 */
export function refreshChats(store: Store): Promise<void> {
  if (!running) {
    running = loadChats(store).finally(() => {
      running = null;
    });
    return running;
  }
  queued ??= running.then(() => {
    queued = null;
    return refreshChats(store);
  });
  return queued;
}

async function loadChats(store: Store): Promise<void> {
  try {
    const data = await apiGet('/api/chats.php');
    await mutate(CHATS_URL, data, { revalidate: false });
    store.set(chatCountersAtom, { unreadMessages: unreadOf(data), newLikes: data.new_likes });
  } catch {
    // offline: the next refresh or reconnect tries again
  }
}

type MessageEvent = Extract<LiveEvent, { type: 'message' }>;
type ReadEvent = Extract<LiveEvent, { type: 'read' }>;

/**
 * A message reached the tab live (one's own from another tab too): the chat list shows it at the top from the
 * event, which carries what the entry shows. Loading the list instead cost the session and two list queries on
 * the database, in every open tab of both members, at every message. Released held messages (there may be several)
 * still load it.
 */
export function showLiveMessage(store: Store, event: MessageEvent): Promise<void> {
  return event.released ? refreshChats(store) : patchChats(store, (data) => withMessage(data, event));
}

/**
 * The member read a conversation (in this tab or another): nothing in it is unread up to `read_upto`. When its last
 * message is newer than that, the count left is not in the list, so the list is loaded.
 */
export function showRead(store: Store, event: ReadEvent): Promise<void> {
  return patchChats(store, (data) => {
    const chat = data.chats.find((c) => c.conversation.id === event.conversation_id);
    if (!chat || chat.num_unread_messages === 0) return data;
    if ((chat.conversation.last_message?.id ?? 0) > event.read_upto) return null;
    return { ...data, chats: data.chats.map((c) => (c === chat ? { ...c, num_unread_messages: 0 } : c)) };
  });
}

/**
 * Changes the loaded chat list in place of loading it, and counts its unread messages again. The list is loaded
 * instead when `change` cannot tell (null), when there is no list yet, or while a load is under way (it may have
 * read the database before this change and would then undo it).
 */
async function patchChats(store: Store, change: (data: ChatsResponse) => ChatsResponse | null): Promise<void> {
  if (running) return refreshChats(store);
  let changed: ChatsResponse | null | undefined;
  await mutate<ChatsResponse>(
    CHATS_URL,
    (current) => {
      changed = current && change(current);
      return changed ?? current;
    },
    { revalidate: false },
  );
  if (!changed) return refreshChats(store);
  const unread = unreadOf(changed);
  store.set(chatCountersAtom, (counters) => ({ ...counters, unreadMessages: unread }));
}

/**
 * The list with the event's conversation first, the message as its last and, from the other side, one more unread
 * (as the server counts them: the peer's messages after the member's read mark). An event the list already shows
 * changes nothing, so a repeated event is not counted twice.
 */
function withMessage(data: ChatsResponse, event: MessageEvent): ChatsResponse {
  const existing = data.chats.find((chat) => chat.conversation.id === event.conversation_id);
  const last = existing?.conversation.last_message;
  if (last && last.id >= event.message.id) return data;
  const item = {
    conversation: { id: event.conversation_id, last_message: event.message, updated_at: event.message.created_at },
    profile: event.profile,
    num_unread_messages: (existing?.num_unread_messages ?? 0) + (event.message.from_me ? 0 : 1),
  };
  return { ...data, chats: [item, ...data.chats.filter((chat) => chat !== existing)] };
}

/**
 * Likes changed: the likes screens (the likes issue, SWR key /api/likes.php) revalidate if one is open; the
 * new-likes counter comes with the chat list, so that is reloaded too.
 */
export async function refreshLikes(store: Store): Promise<void> {
  await Promise.all([mutate(LIKES_URL), refreshChats(store)]);
}

/** A fresh idempotency key for one send; its retries reuse it (client/api/fetch-client.ts). */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return base64url(bytes);
}
