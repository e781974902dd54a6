import { LIVE_PING } from '../../core/schemas/live';

const PING_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based): 0.5 s doubling up to 30 s, with ±25 % jitter. */
export function backoffMs(attempt: number, random = Math.random()): number {
  return Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt) * (0.75 + random / 2);
}

export interface SocketHandlers {
  /** The socket is up; `reconnected` after a gap (events are not replayed: fetch what happened meanwhile). */
  onOpen?: (reconnected: boolean) => void;
  onMessage: (data: string) => void;
  /** The socket was lost; a reconnect is scheduled. */
  onDown?: () => void;
}

/**
 * A WebSocket to this host's `path` (the members' hub and the staff queue both use it). It reconnects with
 * exponential backoff (sooner when the tab comes back online or into view) and pings so proxies keep it open.
 * Returns the function that stops it.
 */
export function reconnectingSocket(path: string, handlers: SocketHandlers): () => void {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const scheduleRetry = () => {
    retry = setTimeout(connect, backoffMs(attempt++));
  };
  const connect = () => {
    clearTimeout(retry);
    if (stopped || (ws && ws.readyState <= WebSocket.OPEN)) return;
    try {
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`);
    } catch {
      ws = null;
      handlers.onDown?.();
      scheduleRetry();
      return;
    }
    ws.onopen = () => {
      attempt = 0;
      handlers.onOpen?.(opened);
      opened = true;
      clearInterval(ping);
      ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send(LIVE_PING), PING_MS);
    };
    ws.onmessage = (message) => handlers.onMessage(String(message.data));
    ws.onclose = () => {
      clearInterval(ping);
      if (stopped) return;
      handlers.onDown?.();
      scheduleRetry();
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
