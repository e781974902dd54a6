import type { LiveEvent } from '../../core/schemas/live';
import { LIVE_PING } from '../../core/schemas/live';

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

const PING_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;
const KNOWN = new Set(['message', 'receipt', 'chats', 'like', 'match', 'credits']);

/**
 * One WebSocket per tab to /api/live.php. It reconnects with exponential backoff (sooner when the tab comes back
 * online or into view) and pings so proxies keep it open. Returns the function that stops it.
 */
export function startLiveSocket(): () => void {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    clearTimeout(retry);
    if (stopped || (ws && ws.readyState <= WebSocket.OPEN)) return;
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live.php`);
    ws.onopen = () => {
      if (opened) reconnectListeners.forEach((l) => l());
      opened = true;
      attempt = 0;
      clearInterval(ping);
      ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send(LIVE_PING), PING_MS);
    };
    ws.onmessage = (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (event && KNOWN.has(event.type)) listeners.forEach((l) => l(event));
    };
    ws.onclose = () => {
      clearInterval(ping);
      if (stopped) return;
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt++) * (0.75 + Math.random() / 2);
      retry = setTimeout(connect, delay);
    };
  };
  const wake = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) connect();
  };
  addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    ws?.close(1000);
  };
}
