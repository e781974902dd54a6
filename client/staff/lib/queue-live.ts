import { LIVE_PING } from '../../../core/schemas/live';
import type { StaffLiveEvent } from './contract';

export const POLL_MS = 15_000;
const PING_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based): 0.5 s doubling up to 30 s, with ±25 % jitter. */
export function backoffMs(attempt: number, random = Math.random()): number {
  return Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt) * (0.75 + random / 2);
}

export interface QueueLiveOptions {
  brand: string;
  /** Something in the brand's queue changed (or may have, after a gap): refetch it. */
  onChange: () => void;
  /** Whether the socket is up (the screen says "live" or "polling"). */
  onStatus?: (live: boolean) => void;
}

/**
 * The brand's queue changes over /api/staff/live.php (the StaffQueue Durable Object): each event only says "changed",
 * the screen refetches. The socket reconnects with backoff; while it is down the queue is polled every 15 s, so a
 * lost socket never leaves an operator looking at a stale queue. Returns the function that stops it all.
 */
export function startQueueLive({ brand, onChange, onStatus }: QueueLiveOptions): () => void {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let everOpened = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;

  const startPolling = () => {
    if (poll === undefined) poll = setInterval(onChange, POLL_MS);
  };
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };

  const connect = () => {
    clearTimeout(retry);
    if (stopped || (ws && ws.readyState <= WebSocket.OPEN)) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    try {
      ws = new WebSocket(`${scheme}://${location.host}/api/staff/live.php?brand=${encodeURIComponent(brand)}`);
    } catch {
      ws = null;
      scheduleRetry();
      return;
    }
    ws.onopen = () => {
      attempt = 0;
      stopPolling();
      onStatus?.(true);
      // Whatever happened while the socket was down is not replayed: fetch the queue as it is now.
      if (everOpened) onChange();
      everOpened = true;
      clearInterval(ping);
      ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send(LIVE_PING), PING_MS);
    };
    ws.onmessage = (message) => {
      let event: StaffLiveEvent;
      try {
        event = JSON.parse(String(message.data)) as StaffLiveEvent;
      } catch {
        return;
      }
      if (event?.type === 'queue') onChange();
    };
    ws.onclose = () => {
      clearInterval(ping);
      if (stopped) return;
      onStatus?.(false);
      startPolling();
      scheduleRetry();
    };
  };
  const scheduleRetry = () => {
    startPolling();
    retry = setTimeout(connect, backoffMs(attempt++));
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
    stopPolling();
    removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    ws?.close(1000);
  };
}
