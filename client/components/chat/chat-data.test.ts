import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatCountersAtom } from '../../state/atoms';
import { refreshChats } from './chat-data';

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
