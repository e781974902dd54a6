import type { LiveEvent, LiveReply } from '../../core/schemas/live';
import { apiGet } from '../api/typed-fetch';
import { leavingSession, setLiveBookmark } from '../api/fetch-client';
import { reconnectingSocket, type ReconnectingSocket } from './reconnecting-socket';

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
let socket: ReconnectingSocket | null = null;
/** The hub said it takes `send` frames (a brand's own backend behind the proxy may not). */
let takesSends = false;

type SendAnswer = Extract<LiveReply, { type: 'sent' }>;
/** Sends waiting for the hub's answer, by key; they fail (and the caller posts instead) when the socket goes down. */
const waiting = new Map<string, { resolve: (answer: SendAnswer) => void; reject: (reason: Error) => void }>();
/** A send the hub has not answered in this long is posted instead, with the same key: it is charged once either way. */
export const LIVE_SEND_TIMEOUT_MS = 8_000;

function failWaiting(reason: string): void {
  for (const pending of waiting.values()) pending.reject(new Error(reason));
  waiting.clear();
}

/**
 * POST /api/chat.php over the open socket (core/schemas/live.ts `send`): resolves with the status and body the POST
 * would have answered, or null when this tab cannot send that way now (no socket, or a hub that takes no sends);
 * rejects when the socket went down or the hub did not answer in time.
 */
export function sendOverLive(key: string, body: unknown): Promise<SendAnswer> | null {
  if (!connected || !takesSends || !socket || waiting.has(key)) return null;
  if (!socket.send(JSON.stringify({ type: 'send', key, body }))) return null;
  return new Promise<SendAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(key);
      reject(new Error('live send timed out'));
    }, LIVE_SEND_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    waiting.set(key, {
      resolve: (answer) => {
        done();
        waiting.delete(key);
        if (answer.bookmark) setLiveBookmark(answer.bookmark);
        resolve(answer);
      },
      reject: (reason) => {
        done();
        reject(reason);
      },
    });
  });
}

/** Whether this tab's live socket is open now: the member's own sends and read marks then come back to it as events. */
export function liveSocketOpen(): boolean {
  return connected;
}

/** One WebSocket per tab to /api/live.php (client/lib/reconnecting-socket.ts). Returns the function that stops it. */
export function startLiveSocket(): () => void {
  socket = reconnectingSocket('/api/live.php', {
    // Only while the member is still logged in here (GET user.php answers 200 either way): after the account was
    // deleted or the session ended, the hub's handshake would be refused (403) on every retry.
    stillWanted: async () => !leavingSession() && (await apiGet('/api/user.php')).user != null,
    onOpen: (reconnected) => {
      connected = true;
      if (reconnected) reconnectListeners.forEach((l) => l());
    },
    onDown: () => {
      connected = false;
      takesSends = false;
      failWaiting('live socket down');
    },
    onMessage: (data) => {
      let event: LiveEvent | LiveReply;
      try {
        event = JSON.parse(data) as LiveEvent | LiveReply;
      } catch {
        return;
      }
      if (event?.type === 'hello') takesSends = event.sends === true;
      else if (event?.type === 'sent') waiting.get(event.key)?.resolve(event);
      else if (event && KNOWN.has(event.type)) listeners.forEach((l) => l(event as LiveEvent));
    },
  });
  return () => {
    connected = false;
    takesSends = false;
    failWaiting('live socket stopped');
    socket?.stop();
    socket = null;
  };
}
