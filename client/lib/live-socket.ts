import type { LiveEvent } from '../../core/schemas/live';
import { apiFetch, leavingSession } from '../api/fetch-client';
import { reconnectingSocket } from './reconnecting-socket';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
const reconnectListeners = new Set<() => void>();

/** Live events of the member's hub (worker/chat/member-hub.ts). Returns the unsubscribe function. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After the socket was lost and came back: what happened meanwhile must be fetched (events are not replayed). */
export function onLiveReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

const KNOWN = new Set(['message', 'receipt', 'read', 'chats', 'like', 'match', 'credits']);

let connected = false;

/** Whether this tab's live socket is open now: the member's own sends and read marks then come back to it as events. */
export function liveSocketOpen(): boolean {
  return connected;
}

/** One WebSocket per tab to /api/live.php (client/lib/reconnecting-socket.ts). Returns the function that stops it. */
export function startLiveSocket(): () => void {
  const stop = reconnectingSocket('/api/live.php', {
    // Only while the member is still logged in here (GET user.php answers 200 either way): after the account was
    // deleted or the session ended, the hub's handshake would be refused (403) on every retry.
    stillWanted: async () => !leavingSession() && (await apiFetch<{ user: unknown }>('/api/user.php')).user != null,
    onOpen: (reconnected) => {
      connected = true;
      if (reconnected) reconnectListeners.forEach((l) => l());
    },
    onDown: () => {
      connected = false;
    },
    onMessage: (data) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(data) as LiveEvent;
      } catch {
        return;
      }
      if (event && KNOWN.has(event.type)) listeners.forEach((l) => l(event));
    },
  });
  return () => {
    connected = false;
    stop();
  };
}
