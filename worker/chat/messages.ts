import type { ChatMessage } from '../../core/schemas/chat';
import type { LogMessage } from './log-rows';

/**
 * Whether the viewer (a profile id, bound as ?viewer) sees message `m`: their own always; others' only when the
 * sender is an operator profile or a member whose e-mail is confirmed and who is not invisible (SPEC.md §4: held
 * until confirmed, hidden while invisible). Decided at read time, so nothing has to be released later.
 */
export const visibleTo = (viewer: string) => `(m.sender_profile_id = ${viewer} OR m.sender_member_id IS NULL OR EXISTS
  (SELECT 1 FROM members sm WHERE sm.id = m.sender_member_id AND sm.status = 'confirmed' AND sm.invisible = 0))`;

export const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_profile_id, m.kind, m.body, m.gift, m.client_key, m.created_at,
  mp.filename AS photo_filename, mp.thumb_filename AS photo_thumb`;
export const MESSAGE_JOINS = 'LEFT JOIN photos mp ON mp.id = m.photo_id';

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_profile_id: number;
  kind: ChatMessage['kind'];
  body: string | null;
  gift: string | null;
  client_key: string;
  created_at: string;
  photo_filename: string | null;
  photo_thumb: string | null;
}

/** What the other side has seen of the viewer's messages; null when there is no member to see (fictional). */
export interface PeerReceipts {
  deliveredUpto: number;
  readUpto: number;
  /** The viewer's own messages are held (unconfirmed or invisible): they stay "sent". */
  held: boolean;
}

/** A message row as toMessage reads it; a list preview keeps no send key (worker/chat/side-preview.ts). */
export type ShownRow = Omit<MessageRow, 'client_key'> & { client_key: string | null };

export function toMessage(row: ShownRow, viewer: number, receipts: PeerReceipts | null): ChatMessage {
  const fromMe = row.sender_profile_id === viewer;
  let status: ChatMessage['status'] = null;
  if (fromMe) {
    status = 'sent';
    if (receipts && !receipts.held && row.id <= receipts.readUpto) status = 'read';
    else if (receipts && !receipts.held && row.id <= receipts.deliveredUpto) status = 'delivered';
  }
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    from_me: fromMe,
    kind: row.kind,
    text: row.body,
    gift: row.gift,
    photo: row.photo_filename && row.photo_thumb ? { filename: row.photo_filename, thumb_filename: row.photo_thumb } : null,
    created_at: row.created_at,
    status,
    // Only the sender knows their key: it lets their tab match an optimistic bubble to the stored message.
    client_key: fromMe ? row.client_key : null,
  };
}

/** A message of a conversation's log as MESSAGE_COLUMNS read it, its photo's files looked up in D1 (`files`). */
export function logToMessageRow(
  m: LogMessage,
  conversationId: number,
  files: ReadonlyMap<number, { filename: string; thumb_filename: string }>,
): MessageRow {
  const photo = m.photo_id !== null ? files.get(m.photo_id) : undefined;
  return {
    id: m.id,
    conversation_id: conversationId,
    sender_profile_id: m.sender_profile_id,
    kind: m.kind,
    body: m.body,
    gift: m.gift,
    client_key: m.client_key,
    created_at: m.created_at,
    photo_filename: photo?.filename ?? null,
    photo_thumb: photo?.thumb_filename ?? null,
  };
}
