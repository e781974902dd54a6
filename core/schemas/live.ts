import type { ChatMessage, ChatProfile } from './chat';
import type { Image } from './user';

/**
 * Events that a member's open tabs receive over the live WebSocket (worker/services/live-events.ts publishes
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

/** Frames a client may send; anything else is answered with { type: 'error', code: 'bad_frame' }. */
export type LiveClientFrame = { type: 'ping' };
export const LIVE_PING = JSON.stringify({ type: 'ping' });
export const LIVE_PONG = JSON.stringify({ type: 'pong' });
