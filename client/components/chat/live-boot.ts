import type { LiveEvent } from '../../../core/schemas/live';
import { onLiveEvent, onLiveReconnect, startLiveSocket } from '../../lib/live-socket';
import { chatCountersAtom, likeModalAtom, pushAtom, settingsAtom, userAtom } from '../../state/atoms';
import { detectPush } from './push-client';
import { refreshChats, refreshLikes, showLiveMessage, showRead, type Store } from './chat-data';

/** Fired by client/lib/user-refresh.ts on every refresh round (SPEC.md §9: it also reloads chats and likes). */
export const REFRESH_EVENT = 'app:user-refresh';

/**
 * Everything live for a logged-in member, loaded as its own chunk after the page: the WebSocket, the counters
 * (top navigation, title, app icon badge), the push state and the service worker's messages. Returns the stop
 * function (logout).
 */
export function startMemberLive(store: Store): () => void {
  const stops: (() => void)[] = [];
  // The likes reload includes the chat list (it carries the new-likes count).
  const reloadAll = () => void refreshLikes(store);
  stops.push(onLiveEvent((event) => handle(store, event)));
  stops.push(onLiveReconnect(reloadAll));
  // A brand in proxy mode whose backend offers no live socket: the user refresh's round (SPEC.md §9, every 60 s,
  // REFRESH_EVENT below) reloads chats.php and likes, which is the polling fallback (issue 16, item 3).
  if (store.get(settingsAtom).brand.live === 'websocket') stops.push(startLiveSocket());
  addEventListener(REFRESH_EVENT, reloadAll);
  stops.push(() => removeEventListener(REFRESH_EVENT, reloadAll));
  stops.push(store.sub(chatCountersAtom, () => updateAppBadge(store)));
  stops.push(listenToServiceWorker(store, reloadAll));
  reloadAll();
  void detectPush(store).catch(() => undefined);
  return () => stops.forEach((stop) => stop());
}

function handle(store: Store, event: LiveEvent): void {
  switch (event.type) {
    case 'message':
      void showLiveMessage(store, event);
      break;
    case 'read':
      void showRead(store, event);
      break;
    case 'chats':
      void refreshChats(store);
      break;
    case 'like':
    case 'match':
      void refreshLikes(store);
      // SPEC.md §2 modal 3: the new like or the match, with the profile.
      store.set(likeModalAtom, { profile: event.profile, match: event.type === 'match' });
      break;
    case 'credits':
      store.set(userAtom, (user) => (user ? { ...user, credits: event.credits } : user));
      break;
  }
}

/** SPEC.md §4 app badge: unread messages plus new likes; a browser without badges is no error. */
function updateAppBadge(store: Store): void {
  const { unreadMessages, newLikes } = store.get(chatCountersAtom);
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  const total = unreadMessages + newLikes;
  try {
    const done = total > 0 ? nav.setAppBadge?.(total) : nav.clearAppBadge?.();
    done?.catch(() => undefined);
  } catch {
    // not allowed here (e.g. not installed): ignored, as SPEC.md §8 says
  }
}

/** A push that arrived while a tab is open: it reloads chats and likes (SPEC.md §4) and becomes lastMessage. */
function listenToServiceWorker(store: Store, reload: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (e: MessageEvent) => {
    if (e.data?.source !== 'sw-push') return;
    store.set(pushAtom, (p) => ({ ...p, lastMessage: e.data.payload }));
    reload();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
