import type { createStore } from 'jotai';
import { mutate } from 'swr';
import type { ChatsResponse } from '../../../core/schemas/chat';
import { apiFetch } from '../../api/fetch-client';
import { chatCountersAtom } from '../../state/atoms';
import { base64url } from '../../../core/encoding';

export type Store = ReturnType<typeof createStore>;

export const CHATS_URL = '/api/chats.php';
export const LIKES_URL = '/api/likes.php';
export const chatUrl = (q: string) => `/api/chat.php?${q}`;

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
    const data = await apiFetch<ChatsResponse>(CHATS_URL);
    await mutate(CHATS_URL, data, { revalidate: false });
    store.set(chatCountersAtom, { unreadMessages: unreadOf(data), newLikes: data.new_likes });
  } catch {
    // offline: the next refresh or reconnect tries again
  }
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
