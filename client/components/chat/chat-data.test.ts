import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatCountersAtom } from '../../state/atoms';
import { mutate } from 'swr';
import type { ChatListItem, ChatMessage, ChatsResponse } from '../../../core/schemas/chat';
import { CHATS_URL, refreshChats, showLiveMessage, showRead } from './chat-data';

describe('refreshChats', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the chat list once more after a running load, however many ask meanwhile, and shows the last answer', async () => {
    let loads = 0;
    const fetchMock = vi.fn(async () => {
      loads++;
      return new Response(JSON.stringify({ chats: [], new_likes: loads }), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = createStore();
    // A message arriving: the send's answer, the live event and the read mark each ask for the list.
    await Promise.all([refreshChats(store), refreshChats(store), refreshChats(store), refreshChats(store)]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.get(chatCountersAtom).newLikes).toBe(2);
    // Later, on its own: a load of its own.
    await refreshChats(store);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

const profile = (id: number) => ({ id, name: `P${id}`, age: 30, city: null, fictional: false, main_image: null });
const message = (id: number, conversation: number, fromMe: boolean): ChatMessage => ({
  id,
  conversation_id: conversation,
  from_me: fromMe,
  kind: 'text',
  text: `m${id}`,
  gift: null,
  photo: null,
  created_at: new Date(Date.UTC(2026, 10, 25, 12, 0, id)).toISOString(),
  status: fromMe ? 'sent' : null,
  client_key: null,
});
const item = (conversation: number, last: number, unread: number): ChatListItem => ({
  conversation: {
    id: conversation,
    last_message: message(last, conversation, false),
    updated_at: message(last, conversation, false).created_at,
  },
  profile: profile(100 + conversation),
  num_unread_messages: unread,
});
const event = (conversation: number, id: number, fromMe = false, released?: true) =>
  ({
    type: 'message',
    conversation_id: conversation,
    message: message(id, conversation, fromMe),
    profile: profile(100 + conversation),
    released,
  }) as const;

describe('a live message in the chat list', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A tab whose list was loaded: conversation 1 (2 unread) above conversation 2 (none). */
  async function loadedTab(list: ChatsResponse = { chats: [item(1, 10, 2), item(2, 5, 0)], new_likes: 3 }) {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const store = createStore();
    await refreshChats(store);
    fetchMock.mockClear();
    const shown = () => mutate<ChatsResponse>(CHATS_URL, (d) => d, { revalidate: false }) as Promise<ChatsResponse>;
    return { store, fetchMock, shown };
  }

  it('puts the conversation first with one more unread and counts it, without loading the list', async () => {
    const { store, fetchMock, shown } = await loadedTab();
    await showLiveMessage(store, event(2, 11));
    const list = await shown();
    expect(list.chats.map((c) => [c.conversation.id, c.num_unread_messages, c.conversation.last_message?.id])).toEqual([
      [2, 1, 11],
      [1, 2, 10],
    ]);
    expect(list.chats[0].conversation.updated_at).toBe(message(11, 2, false).created_at);
    expect(store.get(chatCountersAtom)).toEqual({ unreadMessages: 3, newLikes: 3 });
    // The same event again (a reconnect, a second socket) is not counted twice.
    await showLiveMessage(store, event(2, 11));
    expect(store.get(chatCountersAtom).unreadMessages).toBe(3);
    // One's own message from another tab: first, but nothing unread.
    await showLiveMessage(store, event(1, 12, true));
    expect((await shown()).chats.map((c) => [c.conversation.id, c.num_unread_messages])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    // A conversation the list did not have yet.
    await showLiveMessage(store, event(3, 13));
    expect((await shown()).chats.map((c) => c.conversation.id)).toEqual([3, 1, 2]);
    expect(store.get(chatCountersAtom).unreadMessages).toBe(4);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the list when the event cannot tell all: released messages, or a load under way', async () => {
    const { store, fetchMock } = await loadedTab();
    await showLiveMessage(store, event(2, 11, false, true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A load that started before the message may not have it: one more load after it.
    const running = refreshChats(store);
    await showLiveMessage(store, event(2, 12));
    await running;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('counts nothing unread in a conversation read up to its last message, without loading the list', async () => {
    const { store, fetchMock, shown } = await loadedTab();
    await showRead(store, { type: 'read', conversation_id: 1, read_upto: 10 });
    expect((await shown()).chats.map((c) => [c.conversation.id, c.num_unread_messages])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(store.get(chatCountersAtom).unreadMessages).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the list when a newer message than the read mark is in the conversation (how many are unread is not known)', async () => {
    const { store, fetchMock } = await loadedTab();
    await showRead(store, { type: 'read', conversation_id: 1, read_upto: 9 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
