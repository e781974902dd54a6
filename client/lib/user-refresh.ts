import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { USER_REFRESH_FIRST_MS, USER_REFRESH_MS, USER_REFRESH_PUSH_MS } from '../../core/constants';
import { apiGet } from '../api/typed-fetch';
import { pushAtom, userAtom } from '../state/atoms';

/**
 * Keeps the user fresh (SPEC.md §9): GET /api/user.php first after 5 s, then every 60 s, or every 300 s while push
 * messages are subscribed. An answer is dropped when the user changed meanwhile (a login or a signup step), so a
 * slow refresh never undoes it; an unchanged user is not set again, so nothing re-renders.
 */
export function useUserRefresh(): void {
  const store = useStore();
  const pushed = useAtomValue(pushAtom).isSubscribed;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const every = pushed ? USER_REFRESH_PUSH_MS : USER_REFRESH_MS;
    const tick = async () => {
      const before = store.get(userAtom);
      try {
        const { user } = await apiGet('/api/user.php');
        if (!stopped && store.get(userAtom) === before && JSON.stringify(user) !== JSON.stringify(before)) store.set(userAtom, user);
        // SPEC.md §9: the refresh also reloads chats and likes (client/components/chat/live-boot.ts listens).
        if (!stopped && user) dispatchEvent(new Event('app:user-refresh'));
      } catch {
        // offline or a server hiccup: the next round tries again
      }
      if (!stopped) timer = setTimeout(tick, every);
    };
    // Also when the push state changes: one early refresh then is harmless.
    timer = setTimeout(tick, USER_REFRESH_FIRST_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [store, pushed]);
}
