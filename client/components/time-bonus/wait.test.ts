import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeAtom } from '../../state/atoms';
import { followMembersArea, waitStart } from './wait';

// The time-bonus modal's wait is cancelled outside the members area by the entry itself, before hydration and on
// every move out, not only by the lazily loaded modal (issue 46 item 14, the flaky browser test).
const KEY = 'time-bonus-modal-wait';
const stored = new Map<string, string>();
const storage = {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
};
const route = (name: string) => ({ name, params: {}, path: '/', search: '' });

beforeEach(() => {
  stored.clear();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
});
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

describe('the time-bonus wait across pages', () => {
  it('keeps the wait of an earlier members page on the next one', () => {
    const start = waitStart(Date.now() - 30_000, true)!;
    followMembersArea(createStore(), 'members');
    expect(waitStart(Date.now(), true)).toBe(start);
  });

  it('drops the wait when a page outside the members area loads, before anything else runs', () => {
    waitStart(Date.now() - 30_000, true);
    followMembersArea(createStore(), 'notifications');
    expect(stored.has(KEY)).toBe(false);
  });

  it('drops the wait when the app moves out of the members area', () => {
    const store = createStore();
    store.set(routeAtom, route('members'));
    waitStart(Date.now() - 30_000, true);
    followMembersArea(store, 'members');
    store.set(routeAtom, route('chats'));
    expect(stored.has(KEY)).toBe(true);
    store.set(routeAtom, route('notifications'));
    expect(stored.has(KEY)).toBe(false);
  });
});
