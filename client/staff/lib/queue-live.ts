import { reconnectingSocket } from '../../lib/reconnecting-socket';
import type { StaffLiveEvent } from './contract';

export const POLL_MS = 15_000;

export interface QueueLiveOptions {
  brand: string;
  /** Something in the brand's queue changed (or may have, after a gap): refetch it. */
  onChange: () => void;
  /** Whether the socket is up (the screen says "live" or "polling"). */
  onStatus?: (live: boolean) => void;
}

/**
 * The brand's queue changes over /api/staff/live.php (the StaffQueue Durable Object): each event only says "changed",
 * the screen refetches. The socket reconnects like the members' (client/lib/reconnecting-socket.ts); while it is
 * down the queue is polled every 15 s, so a lost socket never leaves an operator looking at a stale queue. Returns
 * the function that stops it all.
 */
export function startQueueLive({ brand, onChange, onStatus }: QueueLiveOptions): () => void {
  let poll: ReturnType<typeof setInterval> | undefined;
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };
  const socket = reconnectingSocket(`/api/staff/live.php?brand=${encodeURIComponent(brand)}`, {
    onOpen: (reconnected) => {
      stopPolling();
      onStatus?.(true);
      // Whatever happened while the socket was down is not replayed: fetch the queue as it is now.
      if (reconnected) onChange();
    },
    onMessage: (data) => {
      let event: StaffLiveEvent;
      try {
        event = JSON.parse(data) as StaffLiveEvent;
      } catch {
        return;
      }
      if (event?.type === 'queue') onChange();
    },
    onDown: () => {
      onStatus?.(false);
      if (poll === undefined) poll = setInterval(onChange, POLL_MS);
    },
  });
  return () => {
    socket.stop();
    stopPolling();
  };
}
