import type { ChatMessage, ChatProfile, SendResponse } from './chat';
import type { Image } from './user';

/**
 * Events that a member's open tabs receive over the live WebSocket (worker/live/events.ts publishes
 * them; client/lib/live-socket.ts reads them). A tab that was away fetches the state again instead of replaying
 * events, so events carry what is needed to update the screen, not a sequence number.
 */
export type LiveEvent =
  /** `released`: the sender's held messages just became visible; there may be more than this one. */
  | { type: 'message'; conversation_id: number; message: ChatMessage; profile: ChatProfile; released?: true }
  /** The other side received (a tab of theirs got it) or read messages up to these ids. */
  | { type: 'receipt'; conversation_id: number; delivered_upto: number; read_upto: number }
  /** The member read the conversation (in any tab) up to this message id: its unread count is 0 up to there. */
  | { type: 'read'; conversation_id: number; read_upto: number }
  /** The member's own chat list changed in another tab (deleted). */
  | { type: 'chats' }
  | { type: 'like'; profile: { id: number; name: string; main_image: Image | null } }
  | { type: 'match'; profile: { id: number; name: string; main_image: Image | null } }
  | { type: 'credits'; credits: number };

export type LiveEventType = LiveEvent['type'];

/**
 * Frames a client may send; anything else is answered with { type: 'error', code: 'bad_frame' }. A `send` is
 * POST /api/chat.php over the open socket: `key` is its Idempotency-Key and `body` its JSON body, and the answer
 * is a `sent` frame with the status and body the POST would have answered (docs/api/chat.md).
 */
export type LiveClientFrame = { type: 'ping' } | LiveSendFrame;
export type LiveSendFrame = { type: 'send'; key: string; body: unknown };

/** Frames of the hub that answer the tab itself rather than tell of an event. */
export type LiveReply =
  /** The socket is open; `sends`: this hub takes `send` frames (a proxied brand's backend may not). */
  | { type: 'hello'; sends?: true }
  /** The answer to a send: the POST's status and body, and the bookmark of its write (client/api/fetch-client.ts). */
  | { type: 'sent'; key: string; status: 200 | 201; body: SendResponse; bookmark?: string }
  | {
      type: 'sent';
      key: string;
      status: number;
      body: { error: { code: string; message: string; fields?: Record<string, string> } };
      bookmark?: undefined;
    };
export const LIVE_PING = JSON.stringify({ type: 'ping' });
export const LIVE_PONG = JSON.stringify({ type: 'pong' });
