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
  /**
   * Asked before each reconnect (not before the first connect): false stops the socket for good. The browser does
   * not tell why a handshake failed, so a socket whose session ended (logout elsewhere, account deleted) would
   * otherwise retry forever, each retry a refused handshake (403) in the console.
   */
  stillWanted?: () => Promise<boolean>;
}

export interface ReconnectingSocket {
  /** Closes the socket for good. */
  stop: () => void;
  /** Sends a text frame now; false when the socket is not open (the caller takes another way). */
  send: (data: string) => boolean;
}

/**
 * A WebSocket to this host's `path` (the members' hub and the staff queue both use it). It reconnects with
 * exponential backoff (sooner when the tab comes back online or into view) and pings so proxies keep it open.
 */
export function reconnectingSocket(path: string, handlers: SocketHandlers): ReconnectingSocket {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  let checking = false;
  const reconnect = async () => {
    if (stopped || checking || (ws && ws.readyState <= WebSocket.OPEN)) return;
    checking = true;
    // A failed check (offline) is no reason to give up: the next retry asks again.
    const wanted = handlers.stillWanted ? await handlers.stillWanted().catch(() => true) : true;
    checking = false;
    if (wanted) connect();
    else stop();
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => void reconnect(), backoffMs(attempt++));
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
    if (document.visibilityState === 'visible' && navigator.onLine) void reconnect();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    ws?.close(1000);
  };
  addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  const send = (data: string) => {
    if (ws?.readyState !== WebSocket.OPEN) return false;
    ws.send(data);
    return true;
  };
  connect();
  return { stop, send };
}
